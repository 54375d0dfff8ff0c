/** SQL for saved filters of people (smart groups), one tenant's each. */
import type { Db, PeopleFilterRow } from '@server/db/schema';

export function listFilters(db: Db, tenantId: string): Promise<PeopleFilterRow[]> {
  return db
    .selectFrom('people_filters')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .orderBy('name')
    .orderBy('id')
    .execute();
}

export function findFilter(db: Db, tenantId: string, id: string): Promise<PeopleFilterRow | undefined> {
  return db
    .selectFrom('people_filters')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export function findFilterByName(db: Db, tenantId: string, name: string) {
  return db
    .selectFrom('people_filters')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('name', '=', name)
    .executeTakeFirst();
}

export async function insertFilter(db: Db, row: PeopleFilterRow): Promise<void> {
  await db.insertInto('people_filters').values(row).execute();
}

export async function updateFilter(
  db: Db,
  tenantId: string,
  id: string,
  changes: { name: string; filter: string; updated_at: string },
) {
  await db
    .updateTable('people_filters')
    .set(changes)
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .execute();
}

export async function deleteFilter(db: Db, tenantId: string, id: string) {
  await db.deleteFrom('people_filters').where('tenant_id', '=', tenantId).where('id', '=', id).execute();
}
