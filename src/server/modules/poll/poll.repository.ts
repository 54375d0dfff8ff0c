/** SQL for reviewer decisions: append-only url_reviews rows, the one with the highest seq current. */
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Dialect } from '../../db/database';
import type { Database, NewUrlReview } from '../../db/schema';

type Db = Kysely<Database>;

/**
 * Holds decisions on this URL back until `trx` ends, so the seq each one gets (and the
 * malicious-URL change it makes) follows commit order. PostgreSQL needs the lock: without it,
 * an FP can miss a TP's row that is not committed yet. SQLite needs none: one writer at a time
 * (Kysely's single connection in a process, the write lock across processes).
 */
export async function lockUrlForDecision(
  trx: Transaction<Database>,
  dialect: Dialect,
  tenantId: string,
  url: string,
): Promise<void> {
  if (dialect !== 'postgres') return;
  // A hash collision between two URLs only makes them wait for each other.
  await sql`select pg_advisory_xact_lock(hashtextextended(${`${tenantId} ${url}`}, 0))`.execute(trx);
}

export async function insertReview(db: Db, row: NewUrlReview): Promise<void> {
  await db.insertInto('url_reviews').values(row).execute();
}

/** Every decision of a tenant, oldest first; the caller keeps the last one per URL. */
export function reviewsOldestFirst(db: Db, tenantId: string) {
  return db
    .selectFrom('url_reviews')
    .select(['url', 'decision', 'reviewer', 'created_at'])
    .where('tenant_id', '=', tenantId)
    .orderBy('seq', 'asc')
    .execute();
}
