/**
 * A load of recipient events and reviewer decisions against a real server, remembering every
 * request that got a 2xx: those are the promises the database must keep after a crash.
 */
import type { ClientEventType } from '@shared/journey';

export type Task =
  | { kind: 'event'; rid: string; type: ClientEventType }
  | { kind: 'submit'; url: string; decision: 'TP' | 'FP' | '' };

export interface Acked {
  events: { rid: string; type: string }[];
  submits: { url: string; decision: string; at: string }[];
  failed: number;
}

const DETAILS: Partial<Record<ClientEventType, object>> = {
  clicked: { reason: 'render_beacon', elapsed_ms: 1200 },
  submitted: { fields: ['username'] },
};

/** Runs `tasks` with `workers` in parallel until done or `stop()` turns true. */
export async function runLoad(
  baseUrl: string,
  token: string,
  tasks: Task[],
  options: { workers: number; stop: (acked: Acked) => boolean },
): Promise<Acked> {
  const acked: Acked = { events: [], submits: [], failed: 0 };
  let next = 0;
  const worker = async () => {
    while (next < tasks.length && !options.stop(acked)) {
      const task = tasks[next++];
      if (task) await send(baseUrl, token, task, acked);
    }
  };
  await Promise.all(Array.from({ length: options.workers }, worker));
  return acked;
}

async function send(baseUrl: string, token: string, task: Task, acked: Acked): Promise<void> {
  const request: { path: string; body: object; auth: Record<string, string> } =
    task.kind === 'event'
      ? {
          path: '/api/events',
          body: { rid: task.rid, type: task.type, details: DETAILS[task.type] },
          auth: {},
        }
      : {
          path: '/api/submit',
          body: { url: task.url, decision: task.decision },
          auth: { authorization: `Bearer ${token}` },
        };
  try {
    const res = await fetch(`${baseUrl}${request.path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...request.auth },
      body: JSON.stringify(request.body),
      signal: AbortSignal.timeout(10_000),
    });
    if (!res.ok) {
      acked.failed += 1;
      return;
    }
    if (task.kind === 'event') acked.events.push({ rid: task.rid, type: task.type });
    else acked.submits.push((await res.json()) as { url: string; decision: string; at: string });
  } catch {
    // No answer (the server was killed): the client was promised nothing.
    acked.failed += 1;
  }
}
