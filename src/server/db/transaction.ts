import type { Db } from './schema';
/**
 * Transactions that PostgreSQL may end to break a deadlock (40P01) or a serialization failure
 * (40001) run again, from the start, up to ATTEMPTS times: the loser of two writers that met in
 * opposite orders (two landings from one network, each downgrading the other's visits) then
 * keeps its write instead of losing it. SQLite has one writer and never raises these.
 * Called inside a transaction, the work joins it: a change and its audit row (audited()) commit
 * or roll back together, whichever service opened the transaction first.
 */

const ATTEMPTS = 3;
const RETRYABLE = new Set(['40P01', '40001']);

export async function inTransaction<T>(db: Db, work: (trx: Db) => Promise<T>): Promise<T> {
  if (db.isTransaction) return work(db);
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction().execute(work);
    } catch (error) {
      if (attempt >= ATTEMPTS || !isRetryable(error)) throw error;
    }
  }
}

function isRetryable(error: unknown): boolean {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  return typeof code === 'string' && RETRYABLE.has(code);
}
