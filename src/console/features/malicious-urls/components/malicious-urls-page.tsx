/** /malicious-urls: the tenant's malicious-URL database; import (one URL per line, or a file) and export. */
import { useState } from 'react';
import { ErrorAlert, errorMessage } from '@console/components/error-alert';
import { PageHeading } from '@console/components/page-heading';
import { downloadText } from '@console/lib/download';
import { formatDateTime } from '@console/lib/format';
import { hasRole } from '@console/lib/roles';
import { useResultsT } from '@console/hooks/use-results-t';
import { useSession } from '@console/features/accounts/api/session';
import { fetchMaliciousUrlsText, useImportMaliciousUrls, useMaliciousUrls } from '../api/malicious-urls';
import '@console/features/reviewers/components/reviewers.css';

export function MaliciousUrlsPage() {
  const { t } = useResultsT();
  const { user } = useSession();
  const canChange = hasRole(user.role, 'operator');
  const list = useMaliciousUrls();
  const importer = useImportMaliciousUrls();
  const [text, setText] = useState('');
  const [exportError, setExportError] = useState<string>();
  const urls = list.data?.urls ?? [];
  const lines = text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean);
  const exportAll = async () => {
    try {
      downloadText('malicious-urls.txt', await fetchMaliciousUrlsText(), 'text/plain');
    } catch (e) {
      setExportError(errorMessage(e, t('common.failed')));
    }
  };
  return (
    <>
      <PageHeading
        actions={
          <button type="button" className="button" onClick={() => void exportAll()}>
            {t('malicious.export')}
          </button>
        }
      >
        {t('malicious.title')}
      </PageHeading>
      {exportError && (
        <p role="alert" className="inline-error">
          {exportError}
        </p>
      )}
      {canChange && (
        <section className="panel" aria-labelledby="malicious-import">
          <h2 id="malicious-import">{t('malicious.import')}</h2>
          <form
            onSubmit={(e) => {
              e.preventDefault();
              importer.mutate(lines, { onSuccess: () => setText('') });
            }}
          >
            <label className="field">
              <span>{t('malicious.paste')}</span>
              <textarea rows={5} value={text} onChange={(e) => setText(e.target.value)} />
            </label>
            <label className="field">
              <span>{t('malicious.file')}</span>
              <input
                type="file"
                accept=".txt,text/plain"
                onChange={(e) => void e.target.files?.[0]?.text().then(setText)}
              />
            </label>
            <button
              type="submit"
              className="button button--primary"
              disabled={lines.length === 0 || importer.isPending}
            >
              {t('malicious.submit', { count: lines.length })}
            </button>
            <ErrorAlert error={importer.error} />
            {importer.data && (
              <p role="status">
                {t('malicious.done', { added: importer.data.added, received: importer.data.received })}
              </p>
            )}
          </form>
        </section>
      )}
      <section className="panel" aria-labelledby="malicious-list">
        <h2 id="malicious-list">{t('malicious.list', { count: urls.length })}</h2>
        <ErrorAlert error={list.error} />
        {list.data && urls.length === 0 && <p>{t('malicious.empty')}</p>}
        {urls.length > 0 && (
          <div className="table-wrap">
            <table className="table">
              <caption>{t('malicious.caption', { count: urls.length })}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('reviewers.url')}</th>
                  <th scope="col">{t('malicious.source')}</th>
                  <th scope="col">{t('malicious.added')}</th>
                </tr>
              </thead>
              <tbody>
                {urls.map((u) => (
                  <tr key={u.url}>
                    <th scope="row" className="reviewers__url">
                      {u.url}
                    </th>
                    <td>{t(u.source === 'import' ? 'malicious.fromImport' : 'malicious.fromReview')}</td>
                    <td>{formatDateTime(u.created_at)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </>
  );
}
