/**
 * A cluster's verdict: what the reviewers decided on its URLs, in words, and for operators one
 * verdict for all of them — malicious (each URL goes to the blocklist and its feeds) or harmless.
 * It is kept as a reviewer's decision would be: a later decision on a URL, here or on /poll, wins.
 */
import { useId } from 'react';
import { ErrorAlert } from '@console/components/error-alert';
import { useReportsT, type ReportsKey } from '@console/hooks/use-reports-t';
import { formatNumber } from '@console/lib/format';
import { useDecideCluster, type ReportCluster } from '../api/mail-reports';

const STATE_KEYS: Record<NonNullable<ReportCluster['decision']> | 'pending', ReportsKey> = {
  TP: 'verdict.TP',
  FP: 'verdict.FP',
  mixed: 'verdict.mixed',
  pending: 'verdict.pending',
};

export function ClusterVerdict({ cluster, canDecide }: { cluster: ReportCluster; canDecide: boolean }) {
  const { t } = useReportsT();
  const id = useId();
  const decide = useDecideCluster();
  const urls = cluster.latest.urls.length;
  if (urls === 0) return null;
  const choose = (decision: 'TP' | 'FP') => decide.mutate({ cluster: cluster.cluster, decision });
  return (
    <div className="reported-mail__verdict" role="group" aria-labelledby={`${id}-verdict`}>
      <h4 id={`${id}-verdict`}>{t('verdict.title')}</h4>
      <p>{t(STATE_KEYS[cluster.decision ?? 'pending'])}</p>
      {canDecide && (
        <>
          <p className="field__hint">{t('verdict.hint', { urls: formatNumber(urls) })}</p>
          <div className="reported-mail__verdict-actions">
            <button
              type="button"
              className="button button--danger"
              disabled={decide.isPending}
              onClick={() => choose('TP')}
            >
              {t('verdict.malicious')}
            </button>
            <button type="button" className="button" disabled={decide.isPending} onClick={() => choose('FP')}>
              {t('verdict.harmless')}
            </button>
          </div>
          <ErrorAlert error={decide.error} />
          <p role="status">
            {decide.data &&
              t(decide.data.decision === 'TP' ? 'verdict.doneMalicious' : 'verdict.doneHarmless', {
                urls: formatNumber(decide.data.urls.length),
              })}
          </p>
        </>
      )}
    </div>
  );
}
