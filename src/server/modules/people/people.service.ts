/**
 * People: one record per person per tenant. Recipients added to any campaign (CSV, console,
 * GoPhish, an audience) are linked to their person by email (case-insensitive), else person_id,
 * and a person is made for a new one; the console lists them; an audience is chosen from them.
 * The directory's own writes (SCIM) are in directory.service.ts.
 */
import type { Audience, PeopleFacets, PeoplePage, PeopleQuery, Person, PersonChange } from '@shared/people';
import type { Db, NewPerson, PersonRow } from '@server/db/schema';
import { conflict, notFound } from '@server/lib/errors';
import { newId, nowIso } from '@server/lib/ids';
import {
  allPeople,
  countActivePeople,
  departmentFacets,
  findPerson,
  findPersonByEmail,
  insertPeople,
  pagePeople,
  peopleByIdentity,
  setTimeZones,
  updatePerson,
  type PeopleFilter,
} from './people.repository';
import { findGroup, groupFacets, groupNamesOf } from './person-groups.repository';
import { peopleMatching, requireSavedFilter } from './people-filters.service';
import { audited } from '../audit/audited';

/** What a recipient says about its person. */
export interface PersonIdentity {
  email: string | null;
  person_id: string | null;
  first_name: string | null;
  last_name?: string | null | undefined;
  language_code: PersonRow['language_code'];
  department?: string | null | undefined;
  /** IANA zone from the file: set on the person unless the directory manages them. */
  time_zone?: string | null | undefined;
}

/**
 * The person of each identity (same order), made when there is none yet: by email first, then
 * person_id. Runs in the caller's transaction (the import's), under its audit entry.
 */
export async function linkPeople(db: Db, tenantId: string, identities: readonly PersonIdentity[]) {
  const emails = [...new Set(identities.flatMap((i) => (i.email ? [i.email.toLowerCase()] : [])))];
  const personIds = [...new Set(identities.flatMap((i) => (i.person_id ? [i.person_id] : [])))];
  const found = await peopleByIdentity(db, tenantId, emails, personIds);
  const byEmail = new Map(found.flatMap((p) => (p.email ? [[p.email, p.id] as const] : [])));
  const byPersonId = new Map(found.flatMap((p) => (p.person_id ? [[p.person_id, p.id] as const] : [])));
  const fresh: NewPerson[] = [];
  const zones = new Map<string, string[]>();
  const now = nowIso();
  const refs = identities.map((identity) => {
    const email = identity.email?.toLowerCase() ?? null;
    const known = (email && byEmail.get(email)) || (identity.person_id && byPersonId.get(identity.person_id));
    if (known) {
      if (identity.time_zone)
        zones.set(identity.time_zone, [...(zones.get(identity.time_zone) ?? []), known]);
      return known;
    }
    if (!email && !identity.person_id) return null;
    const id = newId();
    // An email or person_id another person already has stays theirs (the rows disagree).
    const personId = identity.person_id && !byPersonId.has(identity.person_id) ? identity.person_id : null;
    fresh.push({
      id,
      tenant_id: tenantId,
      email,
      person_id: personId,
      user_name: null,
      user_name_key: null,
      external_id: null,
      first_name: identity.first_name,
      last_name: identity.last_name ?? null,
      display_name: null,
      language_code: identity.language_code,
      department: identity.department ?? null,
      manager_id: null,
      manager_name: null,
      deactivated_at: null,
      source: 'recipients',
      created_at: now,
      updated_at: now,
      ...(identity.time_zone ? { time_zone: identity.time_zone } : {}),
    });
    if (email) byEmail.set(email, id);
    if (personId) byPersonId.set(personId, id);
    return id;
  });
  await insertPeople(db, fresh);
  for (const [zone, ids] of zones) await setTimeZones(db, tenantId, zone, ids, now);
  return refs;
}

/** The person with this id, else this email (any case); a plain 404 for none in the tenant. */
export async function requirePerson(db: Db, tenantId: string, idOrEmail: string): Promise<PersonRow> {
  const person =
    (await findPerson(db, tenantId, idOrEmail)) ??
    (idOrEmail.includes('@') ? await findPersonByEmail(db, tenantId, idOrEmail.toLowerCase()) : undefined);
  if (!person) throw notFound();
  return person;
}

/**
 * Changes a person's time zone, department or language (by id or email). People the directory
 * manages (SCIM) are refused: the directory would write its own values back.
 */
export async function changePerson(
  db: Db,
  tenantId: string,
  idOrEmail: string,
  change: PersonChange,
): Promise<Person> {
  const person = await requirePerson(db, tenantId, idOrEmail);
  if (person.source === 'scim') {
    throw conflict(
      'This person comes from your directory (SCIM): change their details there, and the directory sends them here',
      'managed_by_directory',
    );
  }
  const audit = { tenantId, action: 'person.update', target: person.id, details: change };
  return audited(db, audit, async (trx) => {
    await updatePerson(trx, tenantId, person.id, { ...change, updated_at: nowIso() });
    const [view] = await withGroups(trx, [await requirePerson(trx, tenantId, person.id)]);
    return view!;
  });
}

export function personView(row: PersonRow, groups: string[]): Person {
  return {
    id: row.id,
    email: row.email,
    person_id: row.person_id,
    first_name: row.first_name,
    last_name: row.last_name,
    display_name: row.display_name,
    department: row.department,
    language_code: row.language_code,
    manager_name: row.manager_name,
    active: Number(row.active) === 1,
    deactivated_at: row.deactivated_at,
    source: row.source,
    groups,
    created_at: row.created_at,
    time_zone: row.time_zone,
  };
}

/** The people's views, with the names of their groups. */
export async function withGroups(db: Db, rows: PersonRow[]): Promise<Person[]> {
  const names = new Map<string, string[]>();
  for (const { person_ref, display_name } of await groupNamesOf(
    db,
    rows.map((r) => r.id),
  )) {
    names.set(person_ref, [...(names.get(person_ref) ?? []), display_name]);
  }
  return rows.map((row) => personView(row, names.get(row.id) ?? []));
}

export async function peoplePage(db: Db, tenantId: string, query: PeopleQuery): Promise<PeoplePage> {
  const filter: PeopleFilter = {
    q: query.q || undefined,
    group: query.group,
    department: query.department,
    state: query.state,
  };
  if (query.filter !== undefined) {
    const saved = await requireSavedFilter(db, tenantId, query.filter);
    const matching = byEmail(await peopleMatching(db, tenantId, filter, saved.filter));
    return {
      total: matching.length,
      items: await withGroups(db, matching.slice(query.offset, query.offset + query.limit)),
      offset: query.offset,
      limit: query.limit,
    };
  }
  const page = await pagePeople(db, tenantId, filter, query);
  return {
    total: page.total,
    items: await withGroups(db, page.items),
    offset: query.offset,
    limit: query.limit,
  };
}

export async function peopleFacets(db: Db, tenantId: string): Promise<PeopleFacets> {
  const [groups, departments, active] = await Promise.all([
    groupFacets(db, tenantId),
    departmentFacets(db, tenantId),
    countActivePeople(db, tenantId),
  ]);
  return {
    groups: groups.map((g) => ({ id: g.id, name: g.name, active_members: Number(g.n) })),
    departments: departments.map((d) => ({ name: d.department ?? '', active_people: Number(d.n) })),
    active_people: active,
  };
}

/** The People page's order: by email (none last), then id. */
function byEmail(rows: PersonRow[]): PersonRow[] {
  const key = (row: PersonRow) => `${row.email === null ? '1' : '0'}${row.email ?? ''}\n${row.id}`;
  return [...rows].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
}

/** The active people an audience names (never a deactivated one); a 404 for another tenant's group or filter. */
export async function audiencePeople(db: Db, tenantId: string, audience: Audience): Promise<PersonRow[]> {
  if (audience.kind === 'filter') {
    const saved = await requireSavedFilter(db, tenantId, audience.filter_id);
    return peopleMatching(db, tenantId, { state: 'active' }, saved.filter);
  }
  if (audience.kind === 'group' && !(await findGroup(db, tenantId, audience.group_id))) throw notFound();
  return allPeople(db, tenantId, {
    state: 'active',
    group: audience.kind === 'group' ? audience.group_id : undefined,
    department: audience.kind === 'department' ? audience.department : undefined,
  });
}
