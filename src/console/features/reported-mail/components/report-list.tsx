/**
 * The latest reports, newest first: when, who reported it, the message, and what it became in
 * words — credited to a simulation ("well spotted"), its URLs sent to the reviewers, no links
 * found, or not readable (with why) — and the notes the reading left.
 */
import { ErrorAlert } from '@console/components/error-alert';
import { useReportsT, type ReportsKey } from '@console/hooks/use-reports-t';
import { useT } from '@console/hooks/use-t';
import { formatDateTime, formatNumber } from '@console/lib/format';
import { useMailReports, type MailReport } from '../api/mail-reports';

const SOURCE_KEYS: Record<MailReport['source'], ReportsKey> = {
  imap: 'source.imap',
  smtp: 'source.smtp',
  api: 'source.api',
};

export function ReportList() {
  const { t } = useReportsT();
  const { t: tc } = useT();
  const reports = useMailReports();
  return (
    <section className="panel" aria-labelledby="reported-mail-latest">
      <h2 id="reported-mail-latest">{t('reports.title')}</h2>
      <ErrorAlert error={reports.error} />
      {reports.isPending && <p role="status">{tc('loading')}</p>}
      {reports.data?.length === 0 && <p>{t('reports.none')}</p>}
      {reports.data && reports.data.length > 0 && (
        // Scrolls sideways on a phone: a named region the keyboard can reach and scroll (axe's
        // scrollable-region-focusable asks for exactly this).
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
        <div className="table-wrap" role="region" aria-label={t('reports.caption')} tabIndex={0}>
          <table className="table reported-mail__table">
            <caption>{t('reports.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('reports.col.when')}</th>
                <th scope="col">{t('reports.col.reporter')}</th>
                <th scope="col">{t('reports.col.message')}</th>
                <th scope="col">{t('reports.col.outcome')}</th>
                <th scope="col">{t('reports.col.notes')}</th>
              </tr>
            </thead>
            <tbody>
              {reports.data.map((report) => (
                <tr key={report.id}>
                  <td>
                    {formatDateTime(report.received_at)}
                    <span className="muted reported-mail__source">{t(SOURCE_KEYS[report.source])}</span>
                  </td>
                  <th scope="row" className="reported-mail__text" dir="auto">
                    {report.reporter ?? t('reports.unknownReporter')}
                  </th>
                  <td className="reported-mail__text">
                    <span className="reported-mail__source" dir="auto">
                      {report.subject || t('message.noSubject')}
                    </span>
                    <span className="muted reported-mail__source">
                      {t('reports.from', { sender: report.sender ?? t('message.unknown') })}
                    </span>
                  </td>
                  <td>
                    <Outcome report={report} />
                  </td>
                  <td>
                    {report.notes.length === 0 ? (
                      <span className="muted">{t('reports.noNotes')}</span>
                    ) : (
                      <ul className="reported-mail__notes">
                        {report.notes.map((note, i) => (
                          <li key={i} className="reported-mail__text" dir="auto">
                            {note}
                          </li>
                        ))}
                      </ul>
                    )}
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

function Outcome({ report }: { report: MailReport }) {
  const { t } = useReportsT();
  switch (report.outcome) {
    case 'simulation':
      return (
        <>
          <strong>{t('outcome.simulation')}</strong>
          <span className="reported-mail__source">
            {t('outcome.credited', { people: formatNumber(report.credited) })}
          </span>
        </>
      );
    case 'queued':
      return (
        <>
          <strong>{t('outcome.queued')}</strong>
          <span className="reported-mail__source">
            {t('outcome.links', { links: formatNumber(report.urls.length) })}
          </span>
        </>
      );
    case 'no_urls':
      return <strong>{t('outcome.noUrls')}</strong>;
    case 'failed':
      return (
        <>
          <strong>{t('outcome.failed')}</strong>
          {report.error && (
            <span className="reported-mail__source reported-mail__text">
              {t('outcome.why', { why: report.error })}
            </span>
          )}
        </>
      );
  }
}
