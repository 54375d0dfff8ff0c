/** /audit: who did what and when, newest first, with "load more" for older entries. */
import { useT } from '@console/hooks/use-t';
import { ErrorAlert } from '@console/components/error-alert';
import { PageHeading } from '@console/components/page-heading';
import { formatDateTime } from '@console/lib/format';
import { useAudit } from '../api/audit';

export function AuditPage() {
  const { t } = useT();
  const audit = useAudit();
  const entries = audit.data?.pages.flatMap((page) => page.entries) ?? [];
  return (
    <>
      <PageHeading>{t('audit.title')}</PageHeading>
      <ErrorAlert error={audit.error} />
      {audit.isPending && <p role="status">{t('loading')}</p>}
      {audit.data && entries.length === 0 && <p className="muted">{t('audit.empty')}</p>}
      {entries.length > 0 && (
        <div className="table-wrap">
          <table className="table">
            <caption>{t('audit.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('audit.at')}</th>
                <th scope="col">{t('audit.actor')}</th>
                <th scope="col">{t('audit.action')}</th>
                <th scope="col">{t('audit.target')}</th>
                <th scope="col">{t('audit.details')}</th>
              </tr>
            </thead>
            <tbody>
              {entries.map((entry) => (
                <tr key={entry.id}>
                  <td>{formatDateTime(entry.at)}</td>
                  <td>{entry.actor}</td>
                  <td>
                    <code>{entry.action}</code>
                  </td>
                  <td>{entry.target ?? '—'}</td>
                  <td>
                    {Object.keys(entry.details).length ? <code>{JSON.stringify(entry.details)}</code> : '—'}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {audit.hasNextPage && (
        <p>
          <button
            type="button"
            className="button"
            disabled={audit.isFetchingNextPage}
            onClick={() => void audit.fetchNextPage()}
          >
            {t('audit.more')}
          </button>
        </p>
      )}
    </>
  );
}
