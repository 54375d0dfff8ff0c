/**
 * The real messages reported, one card per cluster (the same sender, subject and URLs): how many
 * people reported it and when, its URLs as text with a copy button, and the headers that tell a
 * forgery — Reply-To, Return-Path, SPF, DKIM and DMARC in words, the Received path.
 */
import { useId, type ReactNode } from 'react';
import { ErrorAlert } from '@console/components/error-alert';
import { useReportsT, type ReportsKey } from '@console/hooks/use-reports-t';
import { useT } from '@console/hooks/use-t';
import { formatDateTime, formatNumber } from '@console/lib/format';
import { useReportClusters, type MailReport, type ReportCluster } from '../api/mail-reports';
import { AUTH_METHODS, authenticationOf, type AuthMethod, type AuthResult } from '../lib/authentication';
import { ClusterVerdict } from './cluster-verdict';
import { CopyButton } from './copy-button';

const METHOD_KEYS: Record<AuthMethod, ReportsKey> = {
  spf: 'auth.spf',
  dkim: 'auth.dkim',
  dmarc: 'auth.dmarc',
};

const RESULT_KEYS: Record<AuthResult, ReportsKey> = {
  pass: 'auth.pass',
  fail: 'auth.fail',
  softfail: 'auth.softfail',
  neutral: 'auth.neutral',
  none: 'auth.none',
  temperror: 'auth.temperror',
  permerror: 'auth.permerror',
  unknown: 'auth.unknown',
  missing: 'auth.missing',
};

const VIA_KEYS: Record<MailReport['urls'][number]['via'][number], ReportsKey> = {
  safelinks: 'via.safelinks',
  proofpoint: 'via.proofpoint',
  mimecast: 'via.mimecast',
  google: 'via.google',
};

export function ClusterList({ canDecide }: { canDecide: boolean }) {
  const { t } = useReportsT();
  const { t: tc } = useT();
  const clusters = useReportClusters();
  return (
    <section className="panel" aria-labelledby="reported-mail-clusters">
      <h2 id="reported-mail-clusters">{t('clusters.title')}</h2>
      <p className="muted">{t('clusters.intro')}</p>
      <ErrorAlert error={clusters.error} />
      {clusters.isPending && <p role="status">{tc('loading')}</p>}
      {clusters.data?.length === 0 && <p>{t('clusters.none')}</p>}
      {clusters.data && clusters.data.length > 0 && (
        <ul className="reported-mail__clusters">
          {clusters.data.map((cluster) => (
            <li key={cluster.cluster}>
              <ClusterCard cluster={cluster} canDecide={canDecide} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function Fact({ label, text, children }: { label: string; text?: boolean; children: ReactNode }) {
  return (
    <div className="reported-mail__fact">
      <dt>{label}</dt>
      <dd className={text ? 'reported-mail__text' : undefined} dir={text ? 'auto' : undefined}>
        {children}
      </dd>
    </div>
  );
}

function ClusterCard({ cluster, canDecide }: { cluster: ReportCluster; canDecide: boolean }) {
  const { t } = useReportsT();
  const id = useId();
  const { latest } = cluster;
  const auth = authenticationOf(latest.authentication_results);
  return (
    <article className="reported-mail__cluster" aria-labelledby={`${id}-subject`}>
      <h3 id={`${id}-subject`} className="reported-mail__subject" dir="auto">
        {latest.subject || t('message.noSubject')}
      </h3>
      <p className="reported-mail__count">
        {t('clusters.reportedBy', {
          people: formatNumber(cluster.reporters),
          reports: formatNumber(cluster.reports),
        })}
      </p>
      <dl className="reported-mail__facts">
        <Fact label={t('message.from')} text>
          {latest.sender ?? t('message.unknown')}
        </Fact>
        <Fact label={t('message.replyTo')} text>
          {latest.reply_to ?? t('message.notGiven')}
        </Fact>
        <Fact label={t('message.returnPath')} text>
          {latest.return_path ?? t('message.notGiven')}
        </Fact>
        {AUTH_METHODS.map((method) => (
          <Fact key={method} label={t(METHOD_KEYS[method])}>
            <span className={`reported-mail__auth reported-mail__auth--${auth[method]}`}>
              {t(RESULT_KEYS[auth[method]])}
            </span>
          </Fact>
        ))}
        <Fact label={t('clusters.firstAt')}>{formatDateTime(cluster.first_at)}</Fact>
        <Fact label={t('clusters.lastAt')}>{formatDateTime(cluster.last_at)}</Fact>
      </dl>
      <h4 id={`${id}-urls`}>{t('urls.title')}</h4>
      {latest.urls.length === 0 ? (
        <p>{t('urls.none')}</p>
      ) : (
        <>
          <p className="field__hint">{t('urls.warning')}</p>
          <ul className="reported-mail__urls" aria-labelledby={`${id}-urls`}>
            {latest.urls.map((url) => (
              <li key={url.url}>
                <code className="reported-mail__url" dir="ltr">
                  {url.url}
                </code>
                {url.via.length > 0 && (
                  <span className="muted reported-mail__via">
                    {t('urls.via', { gateways: url.via.map((via) => t(VIA_KEYS[via])).join(', ') })}
                  </span>
                )}
                <span className="reported-mail__copy">
                  <CopyButton value={url.url} />
                </span>
              </li>
            ))}
          </ul>
        </>
      )}
      <ClusterVerdict cluster={cluster} canDecide={canDecide} />
      <details className="reported-mail__headers">
        <summary>{t('headers.title')}</summary>
        <h4>{t('headers.received')}</h4>
        {latest.received.length === 0 ? (
          <p>{t('headers.noReceived')}</p>
        ) : (
          <>
            <p className="field__hint">{t('headers.receivedHint')}</p>
            <ol className="reported-mail__received">
              {latest.received.map((hop, i) => (
                <li key={i}>
                  <code className="reported-mail__text" dir="ltr">
                    {hop}
                  </code>
                </li>
              ))}
            </ol>
          </>
        )}
        <h4>{t('headers.authentication')}</h4>
        {latest.authentication_results.length === 0 ? (
          <p>{t('headers.noAuthentication')}</p>
        ) : (
          <ul className="reported-mail__received">
            {latest.authentication_results.map((line, i) => (
              <li key={i}>
                <code className="reported-mail__text" dir="ltr">
                  {line}
                </code>
              </li>
            ))}
          </ul>
        )}
      </details>
    </article>
  );
}
