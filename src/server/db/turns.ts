/**
 * Heavy reads that let waiting requests go first. better-sqlite3 runs every query on the event
 * loop itself, and a run of queries awaited together (`Promise.all`) executes back to back: the
 * dashboard's nine aggregate queries held every other request for about 50 ms at 100,000
 * recipients (the burst's slowest people waited for them: p99 25 ms). `inTurns` runs them one at
 * a time, and once they have held the loop for SLICE_MS it lets a turn of the event loop pass
 * before the next, so requests that arrived meanwhile are served in between. A turn is not
 * free when the server is saturated (every waiting request goes first), hence slices rather than
 * a turn before every query: measured in the burst, a turn before each of the nine put the
 * dashboard at 518 ms during the scanners' storm. On PostgreSQL the queries run on the pool's
 * connections side by side, as before.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Dialect } from './database';

export type Turn = <T>(query: () => Promise<T>) => Promise<T>;

export const SLICE_MS = 20;

export function inTurns(dialect: Dialect, sliceMs = SLICE_MS): Turn {
  if (dialect !== 'sqlite') return (query) => query();
  let previous: Promise<unknown> = Promise.resolve();
  let sliceStart = performance.now();
  const take = async () => {
    if (performance.now() - sliceStart < sliceMs) return;
    await nextTurn();
    sliceStart = performance.now();
  };
  return (query) => {
    const mine = previous.then(take).then(query);
    previous = mine.catch(() => undefined);
    return mine;
  };
}
