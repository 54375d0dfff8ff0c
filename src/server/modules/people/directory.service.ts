/**
 * The directory's writes to people and groups (SCIM provisioning), each audited under the SCIM
 * token that made it. A person the directory deletes is deactivated, not removed: their
 * recipients, events and results stay, and they are never sent a new message. Their userName is
 * let go, so the directory sees them as gone (404) and may provision them again: by the same
 * email they come back as the same person, history and all.
 */
import type { Db, NewPerson, PersonRow } from '@server/db/schema';
import type { LanguageCode } from '@shared/languages';
import { conflict, notFound } from '@server/lib/errors';
import { newId, nowIso } from '@server/lib/ids';
import { audited } from '../audit/audited';
import {
  existingPeopleIds,
  findPerson,
  findPersonByEmail,
  findPersonByUserName,
  insertPeople,
  pagePeopleForScim,
  updatePerson,
} from './people.repository';
import {
  deleteGroup,
  findGroup,
  findGroupByName,
  groupMembers,
  insertGroup,
  pageGroups,
  replaceGroupMembers,
  updateGroup,
} from './person-groups.repository';

/** What the directory says about a person. */
export interface DirectoryPerson {
  userName: string;
  externalId: string | null;
  email: string | null;
  firstName: string | null;
  lastName: string | null;
  displayName: string | null;
  preferredLanguage: string | null;
  locale: string | null;
  languageCode: LanguageCode | null;
  department: string | null;
  /** IANA time zone (SCIM `timezone`). */
  timeZone: string | null;
  managerId: string | null;
  managerName: string | null;
  active: boolean;
}

export interface DirectoryGroup {
  displayName: string;
  externalId: string | null;
  /** People ids. */
  members: string[];
}

function columns(person: DirectoryPerson, now: string, was?: PersonRow) {
  const deactivatedAt = person.active ? null : was && Number(was.active) === 0 ? was.deactivated_at : now;
  return {
    user_name: person.userName,
    user_name_key: person.userName.toLowerCase(),
    external_id: person.externalId,
    email: person.email,
    first_name: person.firstName,
    last_name: person.lastName,
    display_name: person.displayName,
    preferred_language: person.preferredLanguage,
    locale: person.locale,
    language_code: person.languageCode,
    department: person.department,
    time_zone: person.timeZone,
    manager_id: person.managerId,
    manager_name: person.managerName,
    active: person.active ? 1 : 0,
    deactivated_at: deactivatedAt,
    updated_at: now,
  } satisfies Partial<NewPerson>;
}

/** A directory person by id (undefined when unknown, another tenant's, or deleted by the directory). */
export async function directoryPerson(db: Db, tenantId: string, id: string) {
  const row = await findPerson(db, tenantId, id);
  return row?.user_name_key ? row : undefined;
}

export function directoryPeople(
  db: Db,
  tenantId: string,
  page: { userName?: string | undefined; externalId?: string | undefined; offset: number; limit: number },
) {
  return pagePeopleForScim(db, tenantId, {
    userNameKey: page.userName?.toLowerCase(),
    externalId: page.externalId,
    offset: page.offset,
    limit: page.limit,
  });
}

async function checkUnique(db: Db, tenantId: string, person: DirectoryPerson, self?: string) {
  const named = await findPersonByUserName(db, tenantId, person.userName.toLowerCase());
  if (named && named.id !== self) throw conflict(`userName ${person.userName} is already taken`);
  const mailed = person.email ? await findPersonByEmail(db, tenantId, person.email) : undefined;
  if (mailed && mailed.id !== self && mailed.user_name_key) {
    throw conflict(`The email ${person.email ?? ''} belongs to another user`);
  }
  return mailed;
}

/**
 * Creates the directory's person; one already known by email (from a campaign's recipients, or
 * deleted by the directory earlier) becomes the directory's, keeping their history.
 */
export async function createDirectoryPerson(db: Db, tenantId: string, person: DirectoryPerson) {
  return audited<PersonRow>(
    db,
    { tenantId, action: 'person.create', target: (row) => row.id },
    async (trx) => {
      const now = nowIso();
      const known = await checkUnique(trx, tenantId, person);
      if (known) {
        await updatePerson(trx, tenantId, known.id, { ...columns(person, now, known), source: 'scim' });
      } else {
        await insertPeople(trx, [
          {
            id: newId(),
            tenant_id: tenantId,
            person_id: null,
            source: 'scim',
            created_at: now,
            ...columns(person, now),
          },
        ]);
      }
      const row = await findPersonByUserName(trx, tenantId, person.userName.toLowerCase());
      if (!row) throw new Error('created person not found');
      return row;
    },
  );
}

/** Replaces what the directory holds of a person (PUT, and PATCH once applied). */
export async function replaceDirectoryPerson(db: Db, tenantId: string, id: string, person: DirectoryPerson) {
  const was = await directoryPerson(db, tenantId, id);
  if (!was) throw notFound();
  const action = person.active || Number(was.active) === 0 ? 'person.update' : 'person.deactivate';
  return audited<PersonRow>(db, { tenantId, action, target: id }, async (trx) => {
    await checkUnique(trx, tenantId, person, id);
    await updatePerson(trx, tenantId, id, columns(person, nowIso(), was));
    const row = await findPerson(trx, tenantId, id);
    if (!row) throw notFound();
    return row;
  });
}

/** DELETE: deactivated and let go by the directory; their history stays. */
export async function deleteDirectoryPerson(db: Db, tenantId: string, id: string) {
  const was = await directoryPerson(db, tenantId, id);
  if (!was) throw notFound();
  const now = nowIso();
  await audited(
    db,
    { tenantId, action: 'person.deactivate', target: id, details: { deleted: true } },
    (trx) =>
      updatePerson(trx, tenantId, id, {
        active: 0,
        deactivated_at: Number(was.active) === 0 ? was.deactivated_at : now,
        user_name_key: null,
        updated_at: now,
      }),
  );
}

// Groups.

export async function directoryGroup(db: Db, tenantId: string, id: string) {
  const group = await findGroup(db, tenantId, id);
  if (!group) return undefined;
  return { ...group, members: await groupMembers(db, id) };
}

export async function directoryGroups(
  db: Db,
  tenantId: string,
  page: { displayName?: string | undefined; offset: number; limit: number; withMembers: boolean },
) {
  const found = await pageGroups(db, tenantId, page);
  const items = await Promise.all(
    found.items.map(async (group) => ({
      ...group,
      members: page.withMembers ? await groupMembers(db, group.id) : [],
    })),
  );
  return { total: found.total, items };
}

/** Members named by the directory must be this tenant's people: another's id is an error, not a link. */
async function checkMembers(db: Db, tenantId: string, members: readonly string[]) {
  const unique = [...new Set(members)];
  const found = new Set(await existingPeopleIds(db, tenantId, unique));
  const unknown = unique.filter((id) => !found.has(id));
  // Named by count only: the same answer whether the id is nobody's or another tenant's.
  if (unknown.length > 0) throw notFound(`members: ${unknown.length} of the values are not users`);
  return unique;
}

export async function createDirectoryGroup(db: Db, tenantId: string, group: DirectoryGroup) {
  return audited<string>(db, { tenantId, action: 'group.create', target: (id) => id }, async (trx) => {
    if (await findGroupByName(trx, tenantId, group.displayName)) {
      throw conflict(`displayName ${group.displayName} is already taken`);
    }
    const members = await checkMembers(trx, tenantId, group.members);
    const id = newId();
    const now = nowIso();
    await insertGroup(trx, {
      id,
      tenant_id: tenantId,
      display_name: group.displayName,
      external_id: group.externalId,
      created_at: now,
      updated_at: now,
    });
    await replaceGroupMembers(trx, tenantId, id, members);
    return id;
  });
}

export async function replaceDirectoryGroup(db: Db, tenantId: string, id: string, group: DirectoryGroup) {
  if (!(await findGroup(db, tenantId, id))) throw notFound();
  await audited(db, { tenantId, action: 'group.update', target: id }, async (trx) => {
    const named = await findGroupByName(trx, tenantId, group.displayName);
    if (named && named.id !== id) throw conflict(`displayName ${group.displayName} is already taken`);
    const members = await checkMembers(trx, tenantId, group.members);
    await updateGroup(trx, tenantId, id, {
      display_name: group.displayName,
      external_id: group.externalId,
      updated_at: nowIso(),
    });
    await replaceGroupMembers(trx, tenantId, id, members);
  });
}

/** A group deleted by the directory goes; its people stay. */
export async function deleteDirectoryGroup(db: Db, tenantId: string, id: string) {
  if (!(await findGroup(db, tenantId, id))) throw notFound();
  await audited(db, { tenantId, action: 'group.delete', target: id }, (trx) =>
    deleteGroup(trx, tenantId, id),
  );
}
