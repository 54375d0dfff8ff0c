/** SQL for the audit log: appended to, read newest first. */
import type { NewAuditEntry, Db } from '@server/db/schema';

export async function insertAuditEntry(db: Db, row: NewAuditEntry): Promise<void> {
  await db.insertInto('audit_log').values(row).execute();
}

export function listAuditEntries(
  db: Db,
  tenantId: string,
  page: { limit: number; before?: string | undefined },
) {
  let query = db
    .selectFrom('audit_log')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .orderBy('at', 'desc')
    .orderBy('id', 'desc')
    .limit(page.limit);
  if (page.before) query = query.where('at', '<', page.before);
  return query.execute();
}
