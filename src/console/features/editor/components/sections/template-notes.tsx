/**
 * Under the pasted landing page: what the page does with a submit, where its files may come
 * from, and a warning when the HTML refers to files that will not load or depend on another site.
 */
import { useDeferredValue, useMemo } from 'react';
import { Notice } from '@console/components/notice';
import { useEditorT } from '@console/hooks/use-editor-t';
import { useSiteImportT } from '@console/hooks/use-site-import-t';
import { formatNumber } from '@console/lib/format';
import { templateAssets } from './template-assets';

export function TemplateNotes({ html }: { html: string }) {
  const { t } = useEditorT();
  const { t: tSite } = useSiteImportT();
  // Parsed after the keystroke is drawn: a long page stays quick to type in.
  const deferred = useDeferredValue(html);
  const assets = useMemo(() => templateAssets(deferred), [deferred]);
  return (
    <>
      <p className="field__hint">{tSite('site.assetsHelp')}</p>
      {(assets.relative > 0 || assets.external > 0) && (
        <Notice tone="warning">
          {assets.relative > 0 && (
            <p>{t('phishing.relativeAssets', { files: formatNumber(assets.relative) })}</p>
          )}
          {assets.external > 0 && (
            <p>{tSite('site.externalAssets', { files: formatNumber(assets.external) })}</p>
          )}
        </Notice>
      )}
    </>
  );
}
