/** Reported URLs with their counts, reporters, first and last report, status and decision; history on demand. */
import { useState } from 'react';
import { formatDateTime, formatNumber } from '@console/lib/format';
import { useResultsT } from '@console/hooks/use-results-t';
import type { ReportedUrl } from '../api/reported-urls';
import { DecisionHistory } from './decision-history';

export function ReportedUrlsTable({
  reports,
  selectable,
  selected,
  onSelect,
}: {
  reports: ReportedUrl[];
  selectable: boolean;
  selected: ReadonlySet<string>;
  onSelect: (url: string, on: boolean) => void;
}) {
  const { t } = useResultsT();
  const [history, setHistory] = useState<string>();
  if (reports.length === 0) return <p>{t('reviewers.empty')}</p>;
  return (
    <div className="table-wrap">
      <table className="table" data-table="reported">
        <caption>{t('reviewers.caption')}</caption>
        <thead>
          <tr>
            {selectable && <th scope="col">{t('reviewers.select')}</th>}
            <th scope="col">{t('reviewers.url')}</th>
            <th scope="col">{t('reviewers.reports')}</th>
            <th scope="col">{t('reviewers.reporters')}</th>
            <th scope="col">{t('reviewers.first')}</th>
            <th scope="col">{t('reviewers.last')}</th>
            <th scope="col">{t('reviewers.status')}</th>
            <th scope="col">{t('reviewers.history')}</th>
          </tr>
        </thead>
        <tbody>
          {reports.map((r) => (
            <tr key={r.id} data-url={r.url}>
              {selectable && (
                <td>
                  <input
                    type="checkbox"
                    aria-label={t('reviewers.selectUrl', { url: r.url })}
                    checked={selected.has(r.url)}
                    onChange={(e) => onSelect(r.url, e.target.checked)}
                  />
                </td>
              )}
              <th scope="row" className="reviewers__url">
                {r.url}
              </th>
              <td>{formatNumber(r.report_count)}</td>
              <td>
                <Reporters reporters={r.reporters} />
              </td>
              <td>{formatDateTime(r.first_reported_at)}</td>
              <td>{formatDateTime(r.last_reported_at)}</td>
              <td>
                {r.decision === null
                  ? t('reviewers.pending')
                  : t('reviewers.decided', {
                      decision: t(r.decision === 'TP' ? 'decision.TP' : 'decision.FP'),
                    })}
                {r.known_malicious && <> · {t('reviewers.knownMalicious')}</>}
              </td>
              <td>
                <button
                  type="button"
                  className="button button--small"
                  aria-expanded={history === r.url}
                  aria-label={t('reviewers.historyFor', { url: r.url })}
                  onClick={() => setHistory(history === r.url ? undefined : r.url)}
                >
                  {t('reviewers.history')}
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {history && <DecisionHistory url={history} />}
    </div>
  );
}

/** Everyone who reported the URL, first reporter first, with how often when more than once. */
function Reporters({ reporters }: { reporters: ReportedUrl['reporters'] }) {
  if (reporters.length === 0) return <>—</>;
  return (
    <ul className="reviewers__reporters">
      {reporters.map((r) => (
        <li key={r.reporter}>
          {r.reporter}
          {r.report_count > 1 && <> ({formatNumber(r.report_count)})</>}
        </li>
      ))}
    </ul>
  );
}
