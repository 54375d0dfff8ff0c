/** SQL for people (one per person per tenant): lookups, the console's and SCIM's lists, audiences. */
import { sql } from 'kysely';
import type { LanguageCode } from '@shared/languages';
import type { Db, NewPerson, PersonRow } from '@server/db/schema';
import { inChunks } from '@server/db/chunks';

export async function insertPeople(db: Db, rows: readonly NewPerson[]): Promise<void> {
  await inChunks(rows, (chunk) => db.insertInto('people').values(chunk).execute());
}

/**
 * Sets the time zone a file gave of people already known (`ids` of one zone), unless the
 * directory manages them: SCIM's own `timezone` wins.
 */
export async function setTimeZones(
  db: Db,
  tenantId: string,
  zone: string,
  ids: readonly string[],
  at: string,
): Promise<void> {
  await inChunks(ids, (chunk) =>
    db
      .updateTable('people')
      .set({ time_zone: zone, updated_at: at })
      .where('tenant_id', '=', tenantId)
      .where('id', 'in', chunk)
      .where('source', '<>', 'scim')
      .where((eb) => eb.or([eb('time_zone', 'is', null), eb('time_zone', '<>', zone)]))
      .execute(),
  );
}

export function findPerson(db: Db, tenantId: string, id: string): Promise<PersonRow | undefined> {
  return db
    .selectFrom('people')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export function findPersonByUserName(db: Db, tenantId: string, userNameKey: string) {
  return db
    .selectFrom('people')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('user_name_key', '=', userNameKey)
    .executeTakeFirst();
}

export function findPersonByEmail(db: Db, tenantId: string, email: string) {
  return db
    .selectFrom('people')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('email', '=', email)
    .executeTakeFirst();
}

/** The tenant's people with one of these (lower-cased) emails or person_ids. */
export async function peopleByIdentity(
  db: Db,
  tenantId: string,
  emails: readonly string[],
  personIds: readonly string[],
) {
  const found: Pick<PersonRow, 'id' | 'email' | 'person_id'>[] = [];
  const select = () =>
    db.selectFrom('people').select(['id', 'email', 'person_id']).where('tenant_id', '=', tenantId);
  await inChunks(emails, async (chunk) => {
    found.push(...(await select().where('email', 'in', chunk).execute()));
  });
  await inChunks(personIds, async (chunk) => {
    found.push(...(await select().where('person_id', 'in', chunk).execute()));
  });
  return found;
}

export async function updatePerson(db: Db, tenantId: string, id: string, changes: Partial<NewPerson>) {
  await db
    .updateTable('people')
    .set(changes)
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .execute();
}

/** SCIM's list: the tenant's SCIM-visible people in creation order, optionally one userName. */
export async function pagePeopleForScim(
  db: Db,
  tenantId: string,
  page: { userNameKey?: string | undefined; externalId?: string | undefined; offset: number; limit: number },
) {
  // Only the directory's own: a person made from recipients, or deleted through SCIM, has no userName.
  let query = db
    .selectFrom('people')
    .where('tenant_id', '=', tenantId)
    .where('user_name_key', 'is not', null);
  if (page.userNameKey !== undefined) query = query.where('user_name_key', '=', page.userNameKey);
  if (page.externalId !== undefined) query = query.where('external_id', '=', page.externalId);
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

export interface PeopleFilter {
  q?: string | undefined;
  group?: string | undefined;
  department?: string | undefined;
  language_code?: LanguageCode | undefined;
  state: 'active' | 'deactivated' | 'all';
}

function filtered(db: Db, tenantId: string, filter: PeopleFilter) {
  let query = db.selectFrom('people as p').where('p.tenant_id', '=', tenantId);
  if (filter.state !== 'all') query = query.where('p.active', '=', filter.state === 'active' ? 1 : 0);
  if (filter.department !== undefined) query = query.where('p.department', '=', filter.department);
  if (filter.language_code !== undefined) query = query.where('p.language_code', '=', filter.language_code);
  if (filter.group !== undefined) {
    const group = filter.group;
    query = query.where((eb) =>
      eb.exists(
        eb
          .selectFrom('person_group_members as m')
          .select('m.person_ref')
          .whereRef('m.person_ref', '=', 'p.id')
          .where('m.group_id', '=', group),
      ),
    );
  }
  if (filter.q) {
    const like = `%${filter.q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    query = query.where((eb) =>
      eb.or(
        (
          ['p.email', 'p.first_name', 'p.last_name', 'p.display_name', 'p.person_id', 'p.department'] as const
        ).map((column) => eb(sql`lower(${sql.ref(column)})`, 'like', sql`${like} escape '\\'`)),
      ),
    );
  }
  return query;
}

export async function pagePeople(
  db: Db,
  tenantId: string,
  filter: PeopleFilter,
  page: { offset: number; limit: number },
) {
  const query = filtered(db, tenantId, filter);
  const total = await query
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  const items = await query
    .selectAll('p')
    .orderBy('p.email')
    .orderBy('p.id')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  return { total: Number(total.n), items };
}

/** Every person the filter selects (an audience), in a stable order. */
export function allPeople(db: Db, tenantId: string, filter: PeopleFilter) {
  return filtered(db, tenantId, filter).selectAll('p').orderBy('p.created_at').orderBy('p.id').execute();
}

export function departmentFacets(db: Db, tenantId: string) {
  return db
    .selectFrom('people')
    .select(['department', (eb) => eb.fn.countAll<number | string>().as('n')])
    .where('tenant_id', '=', tenantId)
    .where('active', '=', 1)
    .where('department', 'is not', null)
    .groupBy('department')
    .orderBy('department')
    .execute();
}

export async function countActivePeople(db: Db, tenantId: string): Promise<number> {
  const row = await db
    .selectFrom('people')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('tenant_id', '=', tenantId)
    .where('active', '=', 1)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Which of these ids are the tenant's people. */
export async function existingPeopleIds(db: Db, tenantId: string, ids: readonly string[]) {
  const found: string[] = [];
  await inChunks(ids, async (chunk) => {
    const rows = await db
      .selectFrom('people')
      .select('id')
      .where('tenant_id', '=', tenantId)
      .where('id', 'in', chunk)
      .execute();
    found.push(...rows.map((r) => r.id));
  });
  return found;
}

/** The tenant's people with these ids (any order). */
export async function peopleByIds(db: Db, tenantId: string, ids: readonly string[]) {
  const found: PersonRow[] = [];
  await inChunks(ids, async (chunk) => {
    found.push(
      ...(await db
        .selectFrom('people')
        .selectAll()
        .where('tenant_id', '=', tenantId)
        .where('id', 'in', chunk)
        .execute()),
    );
  });
  return found;
}
