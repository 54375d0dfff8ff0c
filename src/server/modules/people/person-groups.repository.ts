/** SQL for the directory's groups of people (SCIM /Groups) and their members. */
import type { Db } from '@server/db/schema';
import { inChunks } from '@server/db/chunks';

/** The names of the groups each of these people is in. */
export async function groupNamesOf(db: Db, personRefs: readonly string[]) {
  const rows: { person_ref: string; display_name: string }[] = [];
  await inChunks(personRefs, async (chunk) => {
    rows.push(
      ...(await db
        .selectFrom('person_group_members as m')
        .innerJoin('person_groups as g', 'g.id', 'm.group_id')
        .select(['m.person_ref', 'g.display_name'])
        .where('m.person_ref', 'in', chunk)
        .orderBy('g.display_name')
        .execute()),
    );
  });
  return rows;
}

export function groupFacets(db: Db, tenantId: string) {
  return db
    .selectFrom('person_groups as g')
    .leftJoin('person_group_members as m', 'm.group_id', 'g.id')
    .leftJoin('people as p', (join) => join.onRef('p.id', '=', 'm.person_ref').on('p.active', '=', 1))
    .select(['g.id', 'g.display_name as name', (eb) => eb.fn.count<number | string>('p.id').as('n')])
    .where('g.tenant_id', '=', tenantId)
    .groupBy(['g.id', 'g.display_name'])
    .orderBy('g.display_name')
    .execute();
}

export function findGroup(db: Db, tenantId: string, id: string) {
  return db
    .selectFrom('person_groups')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export function findGroupByName(db: Db, tenantId: string, displayName: string) {
  return db
    .selectFrom('person_groups')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('display_name', '=', displayName)
    .executeTakeFirst();
}

export async function pageGroups(
  db: Db,
  tenantId: string,
  page: { displayName?: string | undefined; offset: number; limit: number },
) {
  let query = db.selectFrom('person_groups').where('tenant_id', '=', tenantId);
  if (page.displayName !== undefined) query = query.where('display_name', '=', page.displayName);
  const total = await query
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  const items = await query
    .selectAll()
    .orderBy('created_at')
    .orderBy('id')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  return { total: Number(total.n), items };
}

export async function insertGroup(
  db: Db,
  row: {
    id: string;
    tenant_id: string;
    display_name: string;
    external_id: string | null;
    created_at: string;
    updated_at: string;
  },
) {
  await db.insertInto('person_groups').values(row).execute();
}

export async function updateGroup(
  db: Db,
  tenantId: string,
  id: string,
  changes: { display_name?: string; external_id?: string | null; updated_at: string },
) {
  await db
    .updateTable('person_groups')
    .set(changes)
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .execute();
}

export async function deleteGroup(db: Db, tenantId: string, id: string) {
  await db
    .deleteFrom('person_group_members')
    .where('tenant_id', '=', tenantId)
    .where('group_id', '=', id)
    .execute();
  await db.deleteFrom('person_groups').where('tenant_id', '=', tenantId).where('id', '=', id).execute();
}

export function groupMembers(db: Db, groupId: string) {
  return db
    .selectFrom('person_group_members as m')
    .innerJoin('people as p', 'p.id', 'm.person_ref')
    .select(['p.id', 'p.user_name', 'p.display_name', 'p.email'])
    .where('m.group_id', '=', groupId)
    .orderBy('p.id')
    .execute();
}

/** Sets a group's members to exactly these people. */
export async function replaceGroupMembers(
  db: Db,
  tenantId: string,
  groupId: string,
  personRefs: readonly string[],
) {
  await db.deleteFrom('person_group_members').where('group_id', '=', groupId).execute();
  await inChunks(personRefs, (chunk) =>
    db
      .insertInto('person_group_members')
      .values(chunk.map((person_ref) => ({ tenant_id: tenantId, group_id: groupId, person_ref })))
      .execute(),
  );
}

/** Every group of the tenant, oldest first. */
export function allGroups(db: Db, tenantId: string) {
  return db
    .selectFrom('person_groups')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/** The members of these groups with what a target list shows of them (deactivated people left out). */
export async function groupMemberPeople(db: Db, tenantId: string, groupIds: readonly string[]) {
  const rows: {
    group_id: string;
    email: string | null;
    first_name: string | null;
    last_name: string | null;
    department: string | null;
  }[] = [];
  await inChunks(groupIds, async (chunk) => {
    rows.push(
      ...(await db
        .selectFrom('person_group_members as m')
        .innerJoin('people as p', 'p.id', 'm.person_ref')
        .select(['m.group_id', 'p.email', 'p.first_name', 'p.last_name', 'p.department'])
        .where('m.tenant_id', '=', tenantId)
        .where('m.group_id', 'in', chunk)
        .where('p.active', '=', 1)
        .orderBy('p.email')
        .execute()),
    );
  });
  return rows;
}
