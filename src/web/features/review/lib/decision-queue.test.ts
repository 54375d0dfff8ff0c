import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  DECISION_QUEUE_KEY,
  backoffDelay,
  createDecisionQueue,
  isRetryable,
  type QueuedDecision,
} from './decision-queue';

class MemoryStorage {
  data = new Map<string, string>();
  getItem(key: string) {
    return this.data.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.data.set(key, value);
  }
}

const item: QueuedDecision = { token: 't1', url: 'https://a.example/', decision: 'TP' };

/** A send() that answers with the given statuses in turn; 'down' means no answer at all. */
function server(...answers: (number | 'down')[]) {
  return vi.fn((_item: QueuedDecision) => {
    const answer = answers.shift() ?? 200;
    return answer === 'down' ? Promise.reject(new TypeError('Failed to fetch')) : Promise.resolve(answer);
  });
}

describe('decision queue', () => {
  let storage: MemoryStorage;
  beforeEach(() => {
    vi.useFakeTimers();
    storage = new MemoryStorage();
  });
  afterEach(() => vi.useRealTimers());

  const queueFor = (send: ReturnType<typeof server>) =>
    createDecisionQueue({ storage, send, random: () => 1 });

  it('sends at once and forgets the decision once the server accepts it', async () => {
    const send = server(200);
    const queue = queueFor(send);
    await queue.enqueue(item);
    expect(send).toHaveBeenCalledWith(item);
    expect(queue.pending()).toEqual([]);
    expect(JSON.parse(storage.getItem(DECISION_QUEUE_KEY) ?? '')).toEqual([]);
  });

  it('retries with exponential backoff through network errors and 5xx until 2xx', async () => {
    const send = server('down', 503, 500, 201);
    const queue = queueFor(send);
    await queue.enqueue(item);
    expect(send).toHaveBeenCalledTimes(1);
    expect(queue.pending()).toMatchObject([{ attempts: 1 }]);
    await vi.advanceTimersByTimeAsync(999);
    expect(send).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(send).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1999);
    expect(send).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(send).toHaveBeenCalledTimes(3);
    await vi.advanceTimersByTimeAsync(4000);
    expect(send).toHaveBeenCalledTimes(4);
    expect(queue.pending()).toEqual([]);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(send).toHaveBeenCalledTimes(4);
  });

  it('drops a decision the server refuses for good (4xx), but retries 408 and 429', async () => {
    for (const status of [400, 401, 403, 404, 413]) {
      const send = server(status);
      const queue = queueFor(send);
      await queue.enqueue({ ...item, url: `https://x.example/${status}` });
      await vi.advanceTimersByTimeAsync(600_000);
      expect(send, String(status)).toHaveBeenCalledTimes(1);
      expect(queue.pending()).toEqual([]);
    }
    const send = server(408, 429, 204);
    const queue = queueFor(send);
    await queue.enqueue(item);
    await vi.advanceTimersByTimeAsync(3000);
    expect(send).toHaveBeenCalledTimes(3);
    expect(queue.pending()).toEqual([]);
  });

  it('survives a reload: a new queue on the same storage delivers what the old one could not', async () => {
    const before = queueFor(server('down'));
    await before.enqueue(item);
    expect(storage.getItem(DECISION_QUEUE_KEY)).toContain('https://a.example/');
    const send = server(200);
    const after = queueFor(send);
    expect(after.pending()).toMatchObject([item]);
    await after.flush();
    expect(send).not.toHaveBeenCalled();
    // Page load sends at once, without waiting for the backoff the previous page had set.
    await after.flush(true);
    expect(send).toHaveBeenCalledWith(item);
    expect(after.pending()).toEqual([]);
  });

  it('keeps only the newest decision per token and URL, so an old one never overwrites it', async () => {
    const send = server('down', 'down', 'down', 200, 200);
    const queue = queueFor(send);
    await queue.enqueue(item);
    await queue.enqueue({ ...item, url: 'https://b.example/' });
    await queue.enqueue({ ...item, decision: 'FP' });
    expect(queue.pending().map((e) => [e.url, e.decision])).toEqual([
      ['https://b.example/', 'TP'],
      ['https://a.example/', 'FP'],
    ]);
    await vi.advanceTimersByTimeAsync(1000);
    expect(send.mock.calls.map(([sent]) => `${sent.url} ${sent.decision}`)).toEqual([
      'https://a.example/ TP',
      'https://b.example/ TP',
      'https://a.example/ FP',
      'https://b.example/ TP',
      'https://a.example/ FP',
    ]);
    expect(queue.pending()).toEqual([]);
  });

  it('ignores unreadable storage and keeps working in memory when storage throws', async () => {
    storage.setItem(DECISION_QUEUE_KEY, '{not json');
    expect(queueFor(server()).pending()).toEqual([]);
    storage.setItem(DECISION_QUEUE_KEY, JSON.stringify([{ id: 1 }, 'x']));
    expect(queueFor(server()).pending()).toEqual([]);
    const broken = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
    };
    const send = server('down', 200);
    const queue = createDecisionQueue({ storage: broken, send, random: () => 1 });
    await queue.enqueue(item);
    expect(queue.pending()).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1000);
    expect(send).toHaveBeenCalledTimes(2);
    expect(queue.pending()).toEqual([]);
  });
});

describe('backoff and retry rules', () => {
  it('doubles from the base, caps at the maximum, and jitters between half and full delay', () => {
    expect([1, 2, 3, 4].map((n) => backoffDelay(n, 1000, 60_000, 1))).toEqual([1000, 2000, 4000, 8000]);
    expect(backoffDelay(30, 1000, 60_000, 1)).toBe(60_000);
    expect(backoffDelay(3, 1000, 60_000, 0)).toBe(2000);
  });

  it('retries no answer, 3xx, 408, 429 and 5xx; not 2xx or other 4xx', () => {
    expect([0, 302, 408, 429, 500, 503].every(isRetryable)).toBe(true);
    expect([200, 204, 400, 401, 403, 404, 413, 422].some(isRetryable)).toBe(false);
  });
});
