/**
 * /audit: who did what and when, newest first, as sentences with names; filtered by who, what
 * kind and when on the server, exported as CSV or JSON, previews hidden unless asked for and
 * folded when shown; and how long the log is kept.
 */
import { useState } from 'react';
import { useT } from '@console/hooks/use-t';
import { useHomeT } from '@console/hooks/use-home-t';
import { ErrorAlert } from '@console/components/error-alert';
import { PageHeading } from '@console/components/page-heading';
import { downloadText } from '@console/lib/download';
import { formatDateTime } from '@console/lib/format';
import { fetchAuditCsv, fetchAuditJson, useAudit } from '../api/audit';
import { NO_FILTERS, type AuditFilters as Filters } from '../lib/audit-filters';
import { auditSentence } from '../lib/audit-sentence';
import { foldEntries } from '../lib/fold-entries';
import { AuditFilters } from './audit-filters';
import { AuditRetentionSection } from './audit-retention-section';
import './audit-page.css';

export function AuditPage() {
  const { t: tc } = useT();
  const { t } = useHomeT();
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const [exportError, setExportError] = useState<unknown>();
  const audit = useAudit(filters);
  const rows = foldEntries(audit.data?.pages.flatMap((page) => page.entries) ?? []);

  const exportAs = async (format: 'csv' | 'json') => {
    setExportError(undefined);
    try {
      if (format === 'csv') downloadText('audit-log.csv', await fetchAuditCsv(filters), 'text/csv');
      else downloadText('audit-log.json', await fetchAuditJson(filters), 'application/json');
    } catch (error) {
      setExportError(error);
    }
  };

  return (
    <>
      <PageHeading
        actions={
          <>
            <button type="button" className="button" onClick={() => void exportAs('csv')}>
              {t('audit.export')}
            </button>
            <button type="button" className="button" onClick={() => void exportAs('json')}>
              {t('audit.exportJson')}
            </button>
          </>
        }
      >
        {t('audit.title')}
      </PageHeading>
      <ErrorAlert error={exportError} />
      <AuditFilters value={filters} onChange={setFilters} />
      {!filters.previews && <p className="muted">{t('audit.previewsHidden')}</p>}
      <ErrorAlert error={audit.error} />
      {audit.isPending && <p role="status">{tc('loading')}</p>}
      {audit.data && rows.length === 0 && <p className="muted">{t('audit.empty')}</p>}
      {rows.length > 0 && (
        <div className="table-wrap">
          <table className="table audit-table">
            <caption>{t('audit.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('audit.at')}</th>
                <th scope="col">{t('audit.what')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map(({ entry, count }) => (
                <tr key={entry.id}>
                  <td className="audit-table__at">{formatDateTime(entry.at)}</td>
                  <td>
                    {auditSentence(t, entry)}
                    {count > 1 && (
                      <span className="audit-table__count"> {t('audit.repeated', { count })}</span>
                    )}
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
      <AuditRetentionSection />
    </>
  );
}
