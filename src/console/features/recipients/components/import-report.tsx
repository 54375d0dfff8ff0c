/** The answer to an upload: how many rows were added, and each rejected row with its line and why. */
import { useT } from '@console/hooks/use-t';
import { Notice } from '@console/components/notice';
import { formatNumber } from '@console/lib/format';
import type { ImportReport as Report } from '../api/recipients';

export function ImportReport({ report }: { report: Report }) {
  const { t } = useT();
  return (
    <Notice tone={report.rejected.length ? 'warning' : 'success'}>
      <p>
        {t('recipients.report.summary', {
          rows: formatNumber(report.rows),
          accepted: formatNumber(report.accepted),
          rejected: formatNumber(report.rejected.length),
        })}
      </p>
      {report.rejected.length > 0 && (
        <div className="table-wrap">
          <table className="table">
            <caption>{t('recipients.report.caption')}</caption>
            <thead>
              <tr>
                <th scope="col" className="number">
                  {t('recipients.report.line')}
                </th>
                <th scope="col">{t('recipients.report.reason')}</th>
              </tr>
            </thead>
            <tbody>
              {report.rejected.map((row) => (
                <tr key={row.line}>
                  <td className="number">{row.line}</td>
                  <td>{row.reason}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Notice>
  );
}
