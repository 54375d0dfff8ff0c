/** SQL for the audit log: appended to, read newest first, filtered by who, what kind and when. */
import type { ExpressionBuilder } from 'kysely';
import { AUDIT_KINDS, KIND_PREFIXES, PREVIEW_ACTIONS, exactActionsOf, type AuditKind } from '@shared/audit';
import type { Database, NewAuditEntry, Db } from '@server/db/schema';

export async function insertAuditEntry(db: Db, row: NewAuditEntry): Promise<void> {
  await db.insertInto('audit_log').values(row).execute();
}

export interface AuditFilter {
  limit: number;
  before?: string | undefined;
  actor?: string | undefined;
  kind?: AuditKind | undefined;
  from?: string | undefined;
  to?: string | undefined;
  previews: boolean;
}

type Where = ExpressionBuilder<Database, 'audit_log'>;

/** Every code given a kind exactly: a prefix only decides the codes not listed here. */
const EXACT = AUDIT_KINDS.flatMap(exactActionsOf);

function prefixesOf(kind: AuditKind): string[] {
  return Object.entries(KIND_PREFIXES)
    .filter(([, k]) => k === kind)
    .map(([prefix]) => `${prefix}.%`);
}

/** The rows of one kind, mirroring auditKindOf(): exact codes first, then the prefixes. */
function ofKind(eb: Where, kind: AuditKind) {
  const exact = exactActionsOf(kind);
  const byPrefix = (prefixes: string[]) =>
    eb.and([
      eb.or(prefixes.map((p) => eb('action', 'like', p))),
      ...(EXACT.length ? [eb('action', 'not in', EXACT)] : []),
    ]);
  if (kind === 'other') {
    const all = Object.keys(KIND_PREFIXES).map((prefix) => `${prefix}.%`);
    return eb.not(eb.or([eb('action', 'in', EXACT), byPrefix(all)]));
  }
  const prefixes = prefixesOf(kind);
  const parts = [
    ...(exact.length ? [eb('action', 'in', exact)] : []),
    ...(prefixes.length ? [byPrefix(prefixes)] : []),
  ];
  return eb.or(parts);
}

export function listAuditEntries(db: Db, tenantId: string, filter: AuditFilter) {
  let query = db
    .selectFrom('audit_log')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .orderBy('at', 'desc')
    .orderBy('id', 'desc')
    .limit(filter.limit);
  if (filter.before) query = query.where('at', '<', filter.before);
  if (filter.actor) query = query.where('actor', '=', filter.actor);
  if (filter.kind) {
    const kind = filter.kind;
    query = query.where((eb) => ofKind(eb, kind));
  }
  if (filter.from) query = query.where('at', '>=', filter.from);
  if (filter.to) query = query.where('at', '<=', filter.to);
  if (!filter.previews) query = query.where('action', 'not in', [...PREVIEW_ACTIONS]);
  return query.execute();
}

/** Everyone who appears in the tenant's log, for the "who" filter. */
export async function listAuditActors(db: Db, tenantId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('audit_log')
    .select('actor')
    .distinct()
    .where('tenant_id', '=', tenantId)
    .orderBy('actor')
    .execute();
  return rows.map((r) => r.actor);
}

/** Removes the tenant's entries older than `before`; answers how many went. */
export async function deleteAuditBefore(db: Db, tenantId: string, before: string): Promise<number> {
  const result = await db
    .deleteFrom('audit_log')
    .where('tenant_id', '=', tenantId)
    .where('at', '<', before)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
