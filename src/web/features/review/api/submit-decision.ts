/**
 * The seed's call: POST /api/submit with the poll token as bearer and JSON headers. Resolves with
 * the HTTP status (the product never reads the body); rejects when no answer came.
 */
import type { SubmitBody } from '@shared/poll';
import { apiStatus } from '@web/lib/api-client';
import type { QueuedDecision } from '../lib/decision-queue';

export function submitDecision(item: QueuedDecision): Promise<number> {
  const body: SubmitBody = { url: item.url, decision: item.decision };
  return apiStatus('/api/submit', { method: 'POST', body, bearer: item.token });
}
