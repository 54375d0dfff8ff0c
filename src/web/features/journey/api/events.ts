/**
 * Records journey events through POST /api/events. The server keeps one event per step and
 * recipient; `recordOnce` also avoids sending a step twice from the same page load.
 */
import type { EventBody, EventResponse } from '../../../../shared/journey';
import { updateProgress } from './campaign-store';

export class EventError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
  ) {
    super(`event failed: ${status} ${code}`);
  }
}

export async function postEvent(body: EventBody): Promise<EventResponse> {
  const res = await fetch('/api/events', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify(body),
    keepalive: true,
  });
  if (!res.ok) {
    const payload = (await res.json().catch(() => ({}))) as { error?: { code?: string } };
    throw new EventError(res.status, payload.error?.code ?? 'unknown');
  }
  // Shaped by the server's eventResponseSchema serializer; see campaign-store.ts.
  const response = (await res.json()) as EventResponse;
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
