/**
 * One reported URL as plain text: the exact original, its defanged form, the Unicode and
 * punycode forms of an internationalised host, and warnings for look-alike hosts.
 */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { defang } from '../lib/defang';
import { inspectHost } from '../lib/host-inspection';
import { CopyUrlButton } from './copy-url-button';

export function UrlDetails({ url, exitsInDb, id }: { url: string; exitsInDb: boolean; id: string }) {
  const { t } = useTranslation();
  const host = useMemo(() => inspectHost(url), [url]);
  return (
    <>
      <span id={id} className="review-url" dir="ltr" translate="no">
        {url}
      </span>
      {exitsInDb && <p className="review-known">{t('poll.alreadyInDb')}</p>}
      <dl className="review-details">
        <dt>{t('poll.defanged')}</dt>
        <dd dir="ltr" translate="no">
          {defang(url)}
        </dd>
        {host?.international && (
          <>
            <dt>{t('poll.unicodeHost')}</dt>
            <dd dir="ltr" translate="no">
              {host.unicode}
            </dd>
            <dt>{t('poll.punycodeHost')}</dt>
            <dd dir="ltr" translate="no">
              {host.ascii}
            </dd>
          </>
        )}
      </dl>
      {host?.mixedScripts && (
        <p className="review-warning">{t('poll.mixedScripts', { scripts: host.scripts.join(', ') })}</p>
      )}
      {host?.lookalike && <p className="review-warning">{t('poll.lookalike', { host: host.lookalike })}</p>}
      <CopyUrlButton url={url} describedBy={id} />
    </>
  );
}
