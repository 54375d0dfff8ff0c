/**
 * Counts for SECURITY.md: each area tallies what it tried and what happened, and prints one
 * summary line (`HARDENING <area>: …`) so the table can be copied from a real run.
 */
import { afterAll } from 'vitest';
import { databaseKinds } from '@server/test/harness';

export type Counts = Record<string, number>;

export interface Tally {
  readonly counts: Counts;
  add(name: string, by?: number): void;
  set(name: string, value: number): void;
}

/**
 * A tally printed once after the file's tests; `order` fixes the columns of the line. Counts
 * add up over every database the file ran on, which the line names.
 */
export function tally(area: string, order: readonly string[], perDatabase = true): Tally {
  const where = perDatabase
    ? ` [${databaseKinds()
        .map((k) => k.name)
        .join(' + ')}]`
    : '';
  const counts: Counts = Object.fromEntries(order.map((name) => [name, 0]));
  afterAll(() => {
    const parts = Object.entries(counts).map(([name, value]) => `${name} ${value}`);
    console.log(`HARDENING ${area}${where}: ${parts.join(', ')}`);
  });
  return {
    counts,
    add: (name, by = 1) => {
      counts[name] = (counts[name] ?? 0) + by;
    },
    set: (name, value) => {
      counts[name] = value;
    },
  };
}
