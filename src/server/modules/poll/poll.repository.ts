/**
 * SQL for reviewer decisions: append-only url_reviews rows, the one with the highest seq current
 * (empty decisions excepted: they only record that a reviewer submitted without choosing).
 */
import { sql } from 'kysely';
import { dialectOf } from '@server/db/database';
import type { PollDecision } from '@shared/poll';
import { compiledOnce } from '@server/db/compiled-once';
import type { NewUrlReview, Db } from '@server/db/schema';

/**
 * Holds decisions on this URL back until `trx` ends, so the seq each one gets (and the
 * malicious-URL change it makes) follows commit order. PostgreSQL needs the lock: without it,
 * an FP can miss a TP's row that is not committed yet. SQLite needs none: one writer at a time
 * (Kysely's single connection in a process, the write lock across processes).
 */
export async function lockUrlForDecision(trx: Db, tenantId: string, url: string): Promise<void> {
  if (dialectOf(trx) !== 'postgres') return;
  // A hash collision between two URLs only makes them wait for each other.
  await sql`select pg_advisory_xact_lock(hashtextextended(${`${tenantId} ${url}`}, 0))`.execute(trx);
}

// Once per reviewer submit: compiled once (db/compiled-once.ts).
const reviewInsert = compiledOnce(
  (
    db,
    id: string,
    tenantId: string,
    url: string,
    decision: PollDecision,
    jti: string,
    reviewer: string | null,
    createdAt: string,
  ) =>
    db
      .insertInto('url_reviews')
      .values({ id, tenant_id: tenantId, url, decision, jti, reviewer, created_at: createdAt }),
);

export async function insertReview(db: Db, row: NewUrlReview): Promise<void> {
  await reviewInsert(
    db,
    row.id,
    row.tenant_id,
    row.url,
    row.decision,
    row.jti,
    row.reviewer ?? null,
    row.created_at,
  );
}

/**
 * Every decision of a tenant that counts, oldest first; the caller keeps the last one per URL.
 * Empty decisions ("submitted without a decision") are audit rows only: never current.
 */
export function decisionsOldestFirst(db: Db, tenantId: string) {
  return db
    .selectFrom('url_reviews')
    .select(['url', 'decision', 'reviewer', 'created_at'])
    .where('tenant_id', '=', tenantId)
    .where('decision', '!=', '')
    .orderBy('seq', 'asc')
    .execute();
}

/** The same, for the given URLs only (a poll token's). */
export function decisionsOldestFirstFor(db: Db, tenantId: string, urls: readonly string[]) {
  return db
    .selectFrom('url_reviews')
    .select(['url', 'decision', 'reviewer', 'created_at'])
    .where('tenant_id', '=', tenantId)
    .where('url', 'in', urls)
    .where('decision', '!=', '')
    .orderBy('seq', 'asc')
    .execute();
}

/** Every decision on one URL, oldest first, with the link (jti) it came through. */
export function decisionsOnUrl(db: Db, tenantId: string, url: string) {
  return db
    .selectFrom('url_reviews')
    .select(['decision', 'reviewer', 'created_at', 'jti'])
    .where('tenant_id', '=', tenantId)
    .where('url', '=', url)
    .orderBy('seq', 'asc')
    .execute();
}
