/** Per question: first attempts, share correct, and the wrong answer chosen most. */
import type { Dashboard } from '@shared/dashboard';
import { formatNumber } from '@console/lib/format';
import { useResultsT } from '@console/hooks/use-results-t';
import { percent } from '../lib/csv';

export function QuestionsSection({ dashboard }: { dashboard: Dashboard }) {
  const { t } = useResultsT();
  return (
    <section className="panel results-section" aria-labelledby="results-questions">
      <h2 id="results-questions">{t('questions.title')}</h2>
      {dashboard.questions.length === 0 ? (
        <p>{t('questions.none')}</p>
      ) : (
        <div className="table-wrap">
          <table className="table" data-table="questions">
            <caption>{t('questions.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('questions.question')}</th>
                <th scope="col">{t('questions.answered')}</th>
                <th scope="col">{t('questions.correct')}</th>
                <th scope="col">{t('questions.topWrong')}</th>
              </tr>
            </thead>
            <tbody>
              {dashboard.questions.map((q) => (
                <tr key={q.id} data-question={q.id}>
                  <th scope="row" dir="auto">
                    {q.text}
                  </th>
                  <td data-value={q.answered}>{formatNumber(q.answered)}</td>
                  <td>{percent(q.share_correct)}</td>
                  <td dir="auto">
                    {q.top_wrong
                      ? t('questions.wrongCount', { option: q.top_wrong.text, count: q.top_wrong.count })
                      : '—'}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
