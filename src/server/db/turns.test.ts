import { expect, it } from 'vitest';
import { inTurns } from './turns';

const busy = (ms: number) => {
  const end = performance.now() + ms;
  while (performance.now() < end) {
    // holding the event loop, as a synchronous SQLite query does
  }
};

/**
 * Four queries awaited together, each holding the loop 550 ms; a request arrives during the first.
 * The slice is 1 s: q1 ends well inside it even when the machine is busy enough to pause this
 * process between two statements (a pause there counts towards the slice: 25 ms slices and 15 ms
 * queries, then 100 ms and 60 ms, were not enough beside the rest of the suite on two cores).
 */
async function order(dialect: 'sqlite' | 'postgres') {
  const seen: string[] = [];
  const turn = inTurns(dialect, 1000);
  const query = (name: string) => () => {
    seen.push(name);
    if (name === 'q1') setImmediate(() => seen.push('request'));
    busy(550);
    return Promise.resolve(name);
  };
  const names = ['q1', 'q2', 'q3', 'q4'];
  const results = await Promise.all(names.map((name) => turn(query(name))));
  await new Promise((resolve) => setImmediate(resolve));
  return { seen, results };
}

it('on SQLite serves a waiting request once queries have held the event loop for a slice', async () => {
  // q1 and q2 hold the loop 1.1 s, past the 1 s slice: the request goes before q3.
  expect(await order('sqlite')).toEqual({
    seen: ['q1', 'q2', 'request', 'q3', 'q4'],
    results: ['q1', 'q2', 'q3', 'q4'],
  });
});

it('on PostgreSQL starts every query at once (they run on separate connections)', async () => {
  expect((await order('postgres')).seen).toEqual(['q1', 'q2', 'q3', 'q4', 'request']);
});

it('runs the next query after one that failed', async () => {
  const turn = inTurns('sqlite');
  const failed = turn(() => Promise.reject(new Error('no')));
  const next = turn(() => Promise.resolve('yes'));
  await expect(failed).rejects.toThrow('no');
  await expect(next).resolves.toBe('yes');
});
