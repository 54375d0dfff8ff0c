/**
 * The seed's call: POST /api/submit with the poll token as bearer and JSON headers. Resolves with
 * the HTTP status (the product never reads the body); rejects when no answer came.
 */
import type { SubmitBody } from '../../../../shared/poll';
import type { OutboxItem } from '../lib/outbox';

export async function submitDecision(item: OutboxItem): Promise<number> {
  const body: SubmitBody = { url: item.url, decision: item.decision };
  const response = await fetch('/api/submit', {
    method: 'POST',
    headers: {
      Authorization: `Bearer ${item.token}`,
      'Content-Type': 'application/json',
      Accept: 'application/json',
    },
    body: JSON.stringify(body),
  });
  return response.status;
}
