/** One recipient's events, visits with their evidence and verdicts, and attempts: why they count as they do. */
import type { RecipientRow } from '@shared/dashboard';
import { Dialog } from '@console/components/dialog';
import { ErrorAlert } from '@console/components/error-alert';
import { formatDateTime } from '@console/lib/format';
import { useResultsT } from '@console/hooks/use-results-t';
import { useRecipientActivity } from '../api/dashboard';

const facts = (value: Record<string, unknown>) =>
  Object.entries(value)
    .map(([k, v]) => `${k}: ${typeof v === 'string' ? v : JSON.stringify(v)}`)
    .join(', ');

export function RecipientActivityDialog({
  campaignId,
  recipient,
  onClose,
}: {
  campaignId: string;
  recipient: RecipientRow;
  onClose: () => void;
}) {
  const { t } = useResultsT();
  const activity = useRecipientActivity(campaignId, recipient.id);
  const data = activity.data;
  return (
    <Dialog title={t('activity.title', { name: recipient.email ?? recipient.id })} onClose={onClose}>
      <ErrorAlert error={activity.error} />
      {!data && !activity.error && <p role="status">{t('common.loading')}</p>}
      {data && (
        <div className="activity">
          <h3>{t('activity.visits')}</h3>
          {data.visits.length === 0 ? (
            <p>{t('common.none')}</p>
          ) : (
            <ul>
              {data.visits.map((v) => (
                <li key={v.id} data-visit-verdict={v.verdict}>
                  <strong>{formatDateTime(v.at)}</strong> —{' '}
                  {t(`source.${v.source === 'page' ? 'page' : v.source === 'event' ? 'event' : 'beacon'}`)}
                  {v.via === 'qr' && <> ({t('via.qr')})</>}: {t(`verdict.${v.verdict}`)} (
                  {v.reasons.join('; ')}){v.catalogue_match && <> · {v.catalogue_match}</>}
                  {v.fanout > 1 && <> · {t('activity.fanout', { count: v.fanout })}</>}
                  <div className="muted activity__facts">{facts(v.facts)}</div>
                </li>
              ))}
            </ul>
          )}
          <h3>{t('activity.events')}</h3>
          <ul>
            {data.events.map((e, i) => (
              <li key={`${e.type}-${i}`} data-event={e.type} data-counted={e.counted}>
                <strong>{formatDateTime(e.at)}</strong> —{' '}
                {e.counted
                  ? t(`stage.${e.type}`)
                  : e.type === 'clicked'
                    ? t('activity.clickNotCounted')
                    : `${t(`stage.${e.type}`)} (${t('activity.notCounted')})`}
                {Object.keys(e.details).length > 0 && <span className="muted"> · {facts(e.details)}</span>}
              </li>
            ))}
          </ul>
          {data.attempts.length > 0 && (
            <>
              <h3>{t('activity.attempts')}</h3>
              <ul>
                {data.attempts.map((a, i) => (
                  <li key={`${a.kind}-${i}`}>
                    <strong>{formatDateTime(a.at)}</strong> —{' '}
                    {t(a.kind === 'submit' ? 'activity.submit' : 'activity.questionnaire')}
                    <span className="muted"> · {facts(a.details)}</span>
                  </li>
                ))}
              </ul>
            </>
          )}
        </div>
      )}
      <div className="dialog__actions">
        <button type="button" className="button" onClick={onClose}>
          {t('common.close')}
        </button>
      </div>
    </Dialog>
  );
}
