/**
 * One reported URL as plain text, never a link: the host a browser would really contact, the
 * defanged form as the main text, the exact original below it, the Unicode and punycode forms
 * of an internationalised host, and warnings for every trick the URL plays.
 */
import { Fragment, useMemo } from 'react';
import { useT } from '@web/hooks/use-t';
import { defang } from '../lib/defang';
import { analyseUrl } from '../lib/url-findings';
import { CopyUrlButton } from './copy-url-button';
import { UrlFindingsList } from './url-findings-list';

/** Line-break opportunities after URL punctuation, so long URLs wrap at their seams first. */
function breakable(text: string) {
  const parts = text.split(/(?<=[/?&=#.\]_-])/);
  return parts.map((part, index) => (
    <Fragment key={index}>
      {part}
      {index < parts.length - 1 && <wbr />}
    </Fragment>
  ));
}

export function UrlDetails({ url, exitsInDb, id }: { url: string; exitsInDb: boolean; id: string }) {
  const { t } = useT();
  const analysis = useMemo(() => analyseUrl(url), [url]);
  const defanged = useMemo(() => defang(url), [url]);
  const { host, realHost } = analysis;
  return (
    <div className="review-url-block">
      {realHost && (
        <p className="review-host">
          <span className="review-label">{t('poll.realHost')}</span>{' '}
          {/* As DNS sees it (punycode): the Unicode form of a look-alike is what deceives. */}
          <strong className="review-host-name" dir="ltr" translate="no">
            {realHost}
          </strong>
        </p>
      )}
      <p className="review-defanged" dir="ltr" translate="no" data-testid="review-defanged">
        {breakable(defanged)}
      </p>
      <p className="review-live">
        <span className="review-label">{t('poll.exactUrl')}</span>{' '}
        <span id={id} className="review-url" dir="ltr" translate="no">
          {url}
        </span>
      </p>
      {exitsInDb && <p className="review-known">{t('poll.alreadyInDb')}</p>}
      {host?.international && (
        <dl className="review-details">
          <dt>{t('poll.unicodeHost')}</dt>
          <dd dir="ltr" translate="no">
            {host.unicode}
          </dd>
          <dt>{t('poll.punycodeHost')}</dt>
          <dd dir="ltr" translate="no">
            {host.ascii}
          </dd>
        </dl>
      )}
      <UrlFindingsList findings={analysis.findings} host={host} realHost={realHost} />
      <div className="review-copies">
        <CopyUrlButton text={defanged} label={t('poll.copyDefanged')} describedBy={id} />
        <CopyUrlButton text={url} label={t('poll.copyExact')} describedBy={id} />
      </div>
    </div>
  );
}
