/**
 * Records journey events through POST /api/events. The server keeps one event per step and
 * recipient; `recordOnce` also avoids sending a step twice from the same page load.
 */
import type { EventBody, EventResponse } from '@shared/journey';
import { api } from '@web/lib/api-client';
import { updateProgress } from './campaign-store';
import { parseEventResponse } from './response-guards';

/** Resolves with the server's answer; rejects with an ApiError. */
export async function postEvent(body: EventBody): Promise<EventResponse> {
  const response = await api('/api/events', {
    method: 'POST',
    body,
    keepalive: true,
    schema: { parse: parseEventResponse },
  });
  updateProgress(body.rid, response.progress);
  return response;
}

const sent = new Set<string>();

/** For view and click events: once per rid and type per page load; failures are not retried. */
export function recordOnce(body: EventBody): void {
  const key = `${body.rid}:${body.type}`;
  if (sent.has(key)) return;
  sent.add(key);
  postEvent(body).catch(() => undefined);
}
