/**
 * The one way a change is made: the work and its audit row in the same transaction, the row
 * naming whoever acts (actor-context.ts). If the row cannot be written, the change is rolled
 * back and the caller gets the error; if nobody is acting, nothing happens at all.
 */
import type { Db } from '@server/db/schema';
import { inTransaction } from '@server/db/transaction';
import { newRowId, nowIso } from '@server/lib/ids';
import { currentActor } from './actor-context';
import { insertAuditEntry } from './audit.repository';

/** A value known before the work, or one computed from its result (the id a create made). */
type Known<T, V> = V | ((result: T) => V);

export interface AuditOf<T> {
  tenantId: Known<T, string>;
  action: string;
  target?: Known<T, string | null | undefined>;
  details?: Known<T, Record<string, unknown> | undefined>;
}

export interface AuditRecord {
  tenantId: string;
  actor: string;
  action: string;
  target?: string | null | undefined;
  details?: Record<string, unknown> | undefined;
}

export async function recordAudit(db: Db, entry: AuditRecord): Promise<void> {
  await insertAuditEntry(db, {
    id: newRowId(),
    tenant_id: entry.tenantId,
    at: nowIso(),
    actor: entry.actor,
    action: entry.action,
    target: entry.target ?? null,
    details: JSON.stringify(entry.details ?? {}),
  });
}

function resolve<T, V>(known: Known<T, V>, result: T): V {
  return typeof known === 'function' ? (known as (result: T) => V)(result) : known;
}

export function requireActor(action: string): string {
  const actor = currentActor();
  if (!actor) throw new Error(`Refusing "${action}": nobody is acting (no actor context)`);
  return actor;
}

/** Runs `work` and writes its audit row in one transaction (joining the caller's, if any). */
export async function audited<T>(
  db: Db,
  entry: AuditOf<NoInfer<T>>,
  work: (trx: Db) => Promise<T>,
): Promise<T> {
  const actor = requireActor(entry.action);
  return inTransaction(db, async (trx) => {
    const result = await work(trx);
    await recordAudit(trx, {
      tenantId: resolve(entry.tenantId, result),
      actor,
      action: entry.action,
      target: entry.target === undefined ? null : resolve(entry.target, result),
      details: entry.details === undefined ? {} : resolve(entry.details, result),
    });
    return result;
  });
}

/**
 * A message sent (a test, a check) or a page shown (a preview): nothing to roll back, so the
 * row is written first, and nothing goes out when it cannot be (or when nobody is acting).
 */
export async function recordAction(db: Db, entry: AuditOf<undefined>): Promise<void> {
  await audited(db, entry, () => Promise.resolve(undefined));
}
