/**
 * Why a message did not go out, in the operator's language and plain words (the raw error code
 * stays in the server's log): the cause, with the relay's address or its reply.
 */
import type { ConsoleT } from '@console/hooks/use-t';
import type { SendFailure, SendFailureCause } from '@shared/sending';

const CAUSE_KEYS = {
  name_not_resolved: 'sending.cause.nameNotResolved',
  connection_refused: 'sending.cause.connectionRefused',
  timed_out: 'sending.cause.timedOut',
  tls_failed: 'sending.cause.tlsFailed',
  auth_failed: 'sending.cause.authFailed',
  relay_refused: 'sending.cause.relayRefused',
  no_address: 'sending.cause.noAddress',
  other: 'sending.cause.other',
} as const satisfies Record<SendFailureCause, string>;

export function failureWords(t: ConsoleT, failure: SendFailure | null): string {
  const cause = failure?.cause ?? 'other';
  return t(CAUSE_KEYS[cause], { detail: failure?.detail ?? '—' });
}
