/**
 * The decision queue: reviewer decisions waiting to be sent. The seed ignores a failed submit
 * silently; we must not lose the decision either, so it waits in storage (surviving a reload) and is
 * retried with exponential backoff until the server accepts it (2xx) or refuses it for good
 * (4xx other than 408/429, e.g. an expired token). Storage is the source of truth, so two tabs
 * of the same page do not overwrite each other's queue.
 */
import type { PollDecision } from '@shared/poll';
import { isRecord } from '@web/lib/guards';

export interface QueuedDecision {
  token: string;
  url: string;
  decision: PollDecision;
}

export interface DecisionQueueEntry extends QueuedDecision {
  id: string;
  attempts: number;
  nextAttemptAt: number;
}

export interface DecisionQueueOptions {
  storage: Pick<Storage, 'getItem' | 'setItem'>;
  /** Resolves with the HTTP status; rejects when no answer came (network down, aborted). */
  send: (item: QueuedDecision) => Promise<number>;
  key?: string;
  now?: () => number;
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** 0..1; spreads retries of many reviewers so a recovering server is not hit all at once. */
  random?: () => number;
}

export interface DecisionQueue {
  enqueue(item: QueuedDecision): Promise<void>;
  /** Sends what is due; `everything` also sends what waits for its backoff (page load, back online). */
  flush(everything?: boolean): Promise<void>;
  pending(): DecisionQueueEntry[];
}

// The storage key keeps its first name: decisions queued by an earlier version must still be sent.
export const DECISION_QUEUE_KEY = 'hookwise.review.outbox';

export function isRetryable(status: number): boolean {
  return status === 408 || status === 429 || status >= 500 || status < 200 || (status >= 300 && status < 400);
}

export function backoffDelay(attempts: number, base: number, max: number, random: number): number {
  const exponential = Math.min(max, base * 2 ** Math.max(0, attempts - 1));
  return Math.round(exponential * (0.5 + random / 2));
}

export function createDecisionQueue(options: DecisionQueueOptions): DecisionQueue {
  const {
    storage,
    send,
    key = DECISION_QUEUE_KEY,
    now = Date.now,
    baseDelayMs = 1000,
    maxDelayMs = 5 * 60_000,
    random = Math.random,
  } = options;
  let memory: DecisionQueueEntry[] = [];
  let running: Promise<void> | undefined;
  let again = false;
  let forceAll = false;
  let sequence = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const load = (): DecisionQueueEntry[] => {
    try {
      const parsed: unknown = JSON.parse(storage.getItem(key) ?? '[]');
      memory = Array.isArray(parsed) ? parsed.filter(isEntry) : [];
    } catch {
      // Unreadable or unavailable storage: keep what this page already holds.
    }
    return memory;
  };
  const save = (entries: DecisionQueueEntry[]) => {
    memory = entries;
    try {
      storage.setItem(key, JSON.stringify(entries));
    } catch {
      // Private mode or quota: the queue still lives for this page's lifetime.
    }
  };
  const update = (id: string, change: (entry: DecisionQueueEntry) => DecisionQueueEntry | null) =>
    save(load().flatMap((e) => (e.id === id ? (change(e) ?? []) : [e])));

  const schedule = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    const entries = load();
    if (entries.length === 0) return;
    const next = Math.min(...entries.map((e) => e.nextAttemptAt));
    timer = setTimeout(() => void flush(), Math.max(0, next - now()));
  };

  const attempt = async (entry: DecisionQueueEntry) => {
    let status: number | undefined;
    try {
      status = await send({ token: entry.token, url: entry.url, decision: entry.decision });
    } catch {
      status = undefined;
    }
    if (status !== undefined && !isRetryable(status)) return update(entry.id, () => null);
    update(entry.id, (e) => {
      const attempts = e.attempts + 1;
      return {
        ...e,
        attempts,
        nextAttemptAt: now() + backoffDelay(attempts, baseDelayMs, maxDelayMs, random()),
      };
    });
  };

  const run = async () => {
    do {
      again = false;
      const all = forceAll;
      forceAll = false;
      const due = load().filter((e) => all || e.nextAttemptAt <= now());
      for (const entry of due) {
        // Skip entries superseded or delivered while we were busy with an earlier one.
        if (load().some((e) => e.id === entry.id)) await attempt(entry);
      }
    } while (again);
    schedule();
  };

  const flush = (everything = false): Promise<void> => {
    forceAll ||= everything;
    if (running) {
      again = true;
      return running;
    }
    running = run().finally(() => {
      running = undefined;
    });
    return running;
  };

  const enqueue = (item: QueuedDecision): Promise<void> => {
    // Only the newest decision for a URL matters; an older one still queued must not overwrite it.
    const others = load().filter((e) => !(e.token === item.token && e.url === item.url));
    save([
      ...others,
      {
        ...item,
        id: `${now()}-${(sequence += 1)}-${Math.random().toString(36).slice(2)}`,
        attempts: 0,
        nextAttemptAt: now(),
      },
    ]);
    return flush();
  };

  return { enqueue, flush, pending: () => load().map((e) => ({ ...e })) };
}

// Spelt out rather than imported: shared/poll's values come with its schema library, which must
// stay out of the first load. The Record type still fails to compile if a decision is added.
const DECISIONS: Record<PollDecision, true> = { TP: true, FP: true, '': true };
const isDecision = (value: unknown): value is PollDecision =>
  typeof value === 'string' && Object.hasOwn(DECISIONS, value);

function isEntry(value: unknown): value is DecisionQueueEntry {
  return (
    isRecord(value) &&
    typeof value.id === 'string' &&
    typeof value.token === 'string' &&
    typeof value.url === 'string' &&
    isDecision(value.decision) &&
    typeof value.attempts === 'number' &&
    typeof value.nextAttemptAt === 'number'
  );
}
