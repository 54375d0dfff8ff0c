/** SQL for a tenant's own scenarios (copies of library scenarios its operators edit). */
import type { Db, NewTenantScenario, TenantScenarioRow } from '@server/db/schema';

export async function insertTenantScenario(db: Db, row: NewTenantScenario): Promise<void> {
  await db.insertInto('tenant_scenarios').values(row).execute();
}

export function listTenantScenarios(db: Db, tenantId: string): Promise<TenantScenarioRow[]> {
  return db
    .selectFrom('tenant_scenarios')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

export function findTenantScenario(
  db: Db,
  tenantId: string,
  id: string,
): Promise<TenantScenarioRow | undefined> {
  return db
    .selectFrom('tenant_scenarios')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function updateTenantScenario(
  db: Db,
  tenantId: string,
  id: string,
  values: Pick<NewTenantScenario, 'lure' | 'difficulty' | 'reply_based' | 'texts' | 'content' | 'updated_at'>,
): Promise<void> {
  await db
    .updateTable('tenant_scenarios')
    .set(values)
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .execute();
}

export async function deleteTenantScenario(db: Db, tenantId: string, id: string): Promise<void> {
  await db.deleteFrom('tenant_scenarios').where('tenant_id', '=', tenantId).where('id', '=', id).execute();
}
