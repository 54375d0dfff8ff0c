/**
 * "Import a site" in the landing-page section: an address, and the page there becomes the
 * campaign's landing page with its stylesheets, images and fonts stored with the campaign. The
 * report says, in the operator's language, how many files were stored and which were not, and why.
 */
import { useId, useState, type FormEvent } from 'react';
import type { ImportSiteResult } from '@shared/page-assets';
import { Notice } from '@console/components/notice';
import { useSiteImportT } from '@console/hooks/use-site-import-t';
import { formatNumber } from '@console/lib/format';
import { useImportSite } from '../../api/import-site-api';
import { useEditor } from '../../hooks/editor-context';

export function ImportSiteForm() {
  const { t } = useSiteImportT();
  const id = useId();
  const { campaignId, update, readOnly, markSaved } = useEditor();
  const importSite = useImportSite(campaignId);
  const [url, setUrl] = useState('');
  const [report, setReport] = useState<ImportSiteResult['report']>();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setReport(undefined);
    importSite.mutate(url.trim(), {
      onSuccess: ({ result, detail }) => {
        setReport(result.report);
        // The landing page as the server saved it; already saved, so only the operator's other
        // unsaved changes, if any, are left to save.
        update((f) => ({ ...f, phishing: detail.file.phishing }));
        markSaved(detail.file);
      },
    });
  };

  if (readOnly) return null;
  return (
    <form className="import-site" aria-labelledby={`${id}-title`} onSubmit={onSubmit}>
      <h3 id={`${id}-title`}>{t('site.title')}</h3>
      <p className="field__hint" id={`${id}-help`}>
        {t('site.help')}
      </p>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-url`}>
          {t('site.url')}
        </label>
        <input
          id={`${id}-url`}
          type="url"
          dir="ltr"
          required
          aria-describedby={`${id}-help`}
          value={url}
          onChange={(e) => setUrl(e.target.value)}
        />
      </div>
      <button type="submit" className="button" disabled={importSite.isPending}>
        {importSite.isPending ? t('site.importing') : t('site.submit')}
      </button>
      {importSite.isError && (
        <Notice tone="error">
          <p>{t('site.failed')}</p>
        </Notice>
      )}
      {report && (
        <Notice tone={report.attention.length > 0 ? 'warning' : 'success'}>
          <p>{t('site.done', { stored: formatNumber(report.stored.length) })}</p>
          {report.attention.length > 0 && (
            <>
              <p>{t('site.attention', { files: formatNumber(report.attention.length) })}</p>
              <ul>
                {report.attention.map((item) => (
                  <li key={item.source_url}>
                    {t('site.item', { address: item.source_url, problem: t(`problem.${item.problem}`) })}
                  </li>
                ))}
              </ul>
            </>
          )}
        </Notice>
      )}
    </form>
  );
}
