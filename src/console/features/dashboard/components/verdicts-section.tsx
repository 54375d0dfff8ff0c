/** How the visits were judged: recipients per verdict, the kinds of reason, and the filtered visits. */
import type { Dashboard } from '@shared/dashboard';
import { formatNumber } from '@console/lib/format';
import { useResultsT } from '@console/hooks/use-results-t';

const VERDICT_ROWS = ['human', 'likely_human', 'automated', 'unverified', 'not_visited'] as const;

export function VerdictsSection({ dashboard }: { dashboard: Dashboard }) {
  const { t } = useResultsT();
  const { counts, reasons, filtered_visits } = dashboard.verdicts;
  return (
    <section className="panel results-section" aria-labelledby="results-verdicts">
      <h2 id="results-verdicts">{t('verdicts.title')}</h2>
      <p className="muted">{t('verdicts.explain')}</p>
      <div className="results-split">
        <div className="table-wrap">
          <table className="table" data-table="verdicts">
            <caption>{t('verdicts.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('verdicts.verdict')}</th>
                <th scope="col">{t('verdicts.recipients')}</th>
              </tr>
            </thead>
            <tbody>
              {VERDICT_ROWS.map((v) => (
                <tr key={v} data-verdict={v}>
                  <th scope="row">{t(`verdict.${v}`)}</th>
                  <td data-value={counts[v]}>{formatNumber(counts[v])}</td>
                </tr>
              ))}
              <tr data-verdict="filtered_visits">
                <th scope="row">{t('verdicts.filtered')}</th>
                <td data-value={filtered_visits}>{formatNumber(filtered_visits)}</td>
              </tr>
            </tbody>
          </table>
        </div>
        <div className="table-wrap">
          <table className="table" data-table="reasons">
            <caption>{t('verdicts.reasonsCaption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('verdicts.verdict')}</th>
                <th scope="col">{t('verdicts.reason')}</th>
                <th scope="col">{t('verdicts.recipients')}</th>
              </tr>
            </thead>
            <tbody>
              {reasons.length === 0 && (
                <tr>
                  <td colSpan={3}>{t('common.none')}</td>
                </tr>
              )}
              {reasons.map((r) => (
                <tr key={`${r.verdict}-${r.reason}`}>
                  <td>{t(`verdict.${r.verdict}`)}</td>
                  <td>{t(`reason.${r.reason}`)}</td>
                  <td data-value={r.count}>{formatNumber(r.count)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </div>
    </section>
  );
}
