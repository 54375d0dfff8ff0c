/**
 * A campaign's sending problem where the operator looks: messages failing (and why), or the
 * sending paused by Hookwise after repeated failures, with what to do. Nothing when all is well.
 */
import { Notice } from '@console/components/notice';
import { useT } from '@console/hooks/use-t';
import { formatDateTime } from '@console/lib/format';
import type { SendingHealth } from '@shared/sending';
import { failureWords } from '../lib/failure-words';
import './sending-health.css';

export function SendingHealthNotice({ health, timeZone }: { health: SendingHealth; timeZone: string }) {
  const { t } = useT();
  if (health.state === 'ok') return null;
  const words = {
    since: formatDateTime(health.since, timeZone),
    cause: failureWords(t, health.failure),
  };
  return (
    <Notice tone="error">
      <p>{t(health.state === 'paused' ? 'sending.pausedForFailures' : 'sending.failing', words)}</p>
    </Notice>
  );
}

/** The campaign list's word for a sending that fails or was paused for it, with the cause as its title. */
export function SendingHealthBadge({ health }: { health: SendingHealth | undefined }) {
  const { t } = useT();
  if (!health || health.state === 'ok') return null;
  const cause = failureWords(t, health.failure);
  return (
    <span className="sending-health">
      <strong>{t(health.state === 'paused' ? 'sending.healthPaused' : 'sending.healthFailing')}</strong>
      {': '}
      {cause}
    </span>
  );
}
