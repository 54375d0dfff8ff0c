/** One recipient's timeline: the send, visits with their verdict and why, steps and attempts, in words. */
import type { RecipientRow } from '@shared/dashboard';
import { Dialog } from '@console/components/dialog';
import { ErrorAlert } from '@console/components/error-alert';
import { formatDateTime } from '@console/lib/format';
import { useResultsT } from '@console/hooks/use-results-t';
import { useRecipientActivity } from '../api/dashboard';
import { phraseText, recipientTimeline, type TimelineEntry } from '../lib/recipient-timeline';

/** The data attributes the tests and the print styles find entries by. */
function entryData(entry: TimelineEntry) {
  if (entry.kind === 'visit') return { 'data-visit-verdict': entry.verdict };
  if (entry.kind === 'event') return { 'data-event': entry.type, 'data-counted': entry.counted };
  return { 'data-entry': entry.kind };
}

export function RecipientActivityDialog({
  campaignId,
  recipient,
  onClose,
}: {
  campaignId: string;
  recipient: RecipientRow;
  onClose: () => void;
}) {
  const { t, i18n } = useResultsT();
  const locale = i18n.language || 'en';
  const activity = useRecipientActivity(campaignId, recipient.id);
  const entries = activity.data ? recipientTimeline(activity.data, locale) : undefined;
  const name = recipient.email ?? recipient.first_name;
  return (
    <Dialog
      title={
        name
          ? t('activity.title', { name, interpolation: { escapeValue: false } })
          : t('activity.titleUnnamed')
      }
      onClose={onClose}
    >
      <ErrorAlert error={activity.error} />
      {!entries && !activity.error && <p role="status">{t('common.loading')}</p>}
      {entries && entries.length === 0 && <p>{t('common.none')}</p>}
      {entries && entries.length > 0 && (
        <ol className="activity" aria-label={t('activity.timeline')}>
          {entries.map((entry, i) => (
            <li key={`${entry.kind}-${i}`} className="activity__entry" {...entryData(entry)}>
              <time dateTime={entry.at} className="muted">
                {formatDateTime(entry.at)}
              </time>{' '}
              <strong>{phraseText(entry.title, t, locale)}</strong>
              {entry.lines.length > 0 && (
                <ul className="activity__lines">
                  {entry.lines.map((line) => (
                    <li key={line.key}>{phraseText(line, t, locale)}</li>
                  ))}
                </ul>
              )}
            </li>
          ))}
        </ol>
      )}
      <div className="dialog__actions">
        <button type="button" className="button" onClick={onClose}>
          {t('common.close')}
        </button>
      </div>
    </Dialog>
  );
}
