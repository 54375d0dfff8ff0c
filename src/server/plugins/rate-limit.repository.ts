/** SQL for the shared rate-limit counters (see plugins/rate-limit.ts). */
import { sql } from 'kysely';
import { compiledOnce } from '../db/compiled-once';

import type { Db } from '@server/db/schema';

// Every limited request on PostgreSQL runs it: compiled once (db/compiled-once.ts).
const hit = compiledOnce((db, key: string, now: number, windowEndsAt: number) => {
  const expired = sql<boolean>`rate_limits.window_ends_at <= ${now}`;
  return db
    .insertInto('rate_limits')
    .values({ key, hits: 1, window_ends_at: windowEndsAt })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        hits: sql<number>`case when ${expired} then 1 else rate_limits.hits + 1 end`,
        window_ends_at: sql<number>`case when ${expired} then ${windowEndsAt} else rate_limits.window_ends_at end`,
      }),
    )
    .returning(['hits', 'window_ends_at']);
});

/**
 * Counts one request for `key` in one statement: a new or expired window starts at 1, a live
 * one counts up. The row lock of the upsert serialises instances hitting the same key.
 */
export async function countHit(db: Db, key: string, now: number, windowMs: number) {
  const { rows } = await hit(db, key, now, now + windowMs);
  const row = rows[0];
  if (!row) throw new Error('rate limit count returned no row');
  return { hits: Number(row.hits), windowEndsAt: Number(row.window_ends_at) };
}

export async function deleteExpiredWindows(db: Db, now: number): Promise<void> {
  await db.deleteFrom('rate_limits').where('window_ends_at', '<=', now).execute();
}
