/** The server's verdict: score, pass or not, and per question what was right and why. */
import { useT } from '@web/hooks/use-t';
import type { CampaignData } from '@shared/campaign';
import type { QuestionnaireResult as Result } from '@shared/journey';
import { formatNumber, formatPercent } from '../lib/format';
import './questionnaire-result.css';

interface QuestionnaireResultProps {
  result: Result;
  questions: CampaignData['questionnaires']['questions'];
  passMark: number;
}

export function QuestionnaireResult({ result, questions, passMark }: QuestionnaireResultProps) {
  const { t, i18n } = useT();
  const optionText = (questionId: string, ids: string[]) => {
    const question = questions.find((q) => q.id === questionId);
    const texts = ids.map((id) => question?.options.find((o) => o.id === id)?.text ?? id);
    return texts.length ? texts.join(', ') : t('questionnaire.noAnswer');
  };
  return (
    <section className="result" aria-labelledby="result-title">
      <h2 id="result-title">{t('questionnaire.resultTitle')}</h2>
      <div className={`result__summary ${result.passed ? 'is-passed' : 'is-failed'}`} role="status">
        <p className="result__score">{formatPercent(result.score, i18n.language)}</p>
        <p>
          {t('questionnaire.score', {
            correct: formatNumber(result.correct_count, i18n.language),
            total: formatNumber(result.total, i18n.language),
          })}
        </p>
        <p className="result__verdict">
          {t(result.passed ? 'questionnaire.passed' : 'questionnaire.failed')}
        </p>
        <p>{t('questionnaire.passMark', { passMark: formatPercent(passMark, i18n.language) })}</p>
      </div>
      <ol className="result__list">
        {result.questions.map((q) => (
          <li key={q.id} className={`result__item ${q.correct ? 'is-correct' : 'is-incorrect'}`}>
            {/* Operator text keeps its own direction (an English "?" stays at its end in Arabic). */}
            <p className="result__question operator-text" dir="auto">
              {questions.find((x) => x.id === q.id)?.text}
            </p>
            <p className="result__mark">
              <span aria-hidden="true">{q.correct ? '✓ ' : '✗ '}</span>
              {t(q.correct ? 'questionnaire.correct' : 'questionnaire.incorrect')}
            </p>
            <p>{t('questionnaire.yourAnswer', { answer: optionText(q.id, q.selected) })}</p>
            {!q.correct && (
              <p>{t('questionnaire.correctAnswer', { answer: optionText(q.id, q.correct_options) })}</p>
            )}
            {q.explanation && (
              <p className="muted operator-text" dir="auto">
                {q.explanation}
              </p>
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}
