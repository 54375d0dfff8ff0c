/**
 * Groups of people named by hand rather than by the directory: a list of targets (e-mail, names,
 * position as department), as GoPhish's groups are. Each target is one of the tenant's people,
 * found by e-mail or made, so their history follows them across campaigns; a campaign takes a
 * group's recipients from these people through the recipients service. Each change is audited.
 */
import type { Db } from '@server/db/schema';
import { conflict, notFound } from '@server/lib/errors';
import { newId, nowIso } from '@server/lib/ids';
import { audited } from '../audit/audited';
import { linkPeople, type PersonIdentity } from './people.service';
import {
  allGroups,
  findGroup,
  findGroupByName,
  groupMemberPeople,
  insertGroup,
  replaceGroupMembers,
  updateGroup,
} from './person-groups.repository';

export interface GroupTarget {
  email: string;
  first_name: string;
  last_name: string;
  department: string;
}

export interface GroupWithTargets {
  id: string;
  name: string;
  updated_at: string;
  targets: GroupTarget[];
}

async function withTargets(
  db: Db,
  tenantId: string,
  groups: readonly { id: string; display_name: string; updated_at: string }[],
): Promise<GroupWithTargets[]> {
  const members = await groupMemberPeople(
    db,
    tenantId,
    groups.map((g) => g.id),
  );
  return groups.map((group) => ({
    id: group.id,
    name: group.display_name,
    updated_at: group.updated_at,
    targets: members
      .filter((m) => m.group_id === group.id && m.email)
      .map((m) => ({
        email: m.email ?? '',
        first_name: m.first_name ?? '',
        last_name: m.last_name ?? '',
        department: m.department ?? '',
      })),
  }));
}

export async function groupsWithTargets(db: Db, tenantId: string) {
  return withTargets(db, tenantId, await allGroups(db, tenantId));
}

/** One group with its targets; undefined when it is not this tenant's. */
export async function groupWithTargets(db: Db, tenantId: string, id: string) {
  const group = await findGroup(db, tenantId, id);
  return group ? (await withTargets(db, tenantId, [group]))[0] : undefined;
}

/** A group's id by its name; undefined when there is none. */
export async function groupIdNamed(db: Db, tenantId: string, name: string) {
  return (await findGroupByName(db, tenantId, name))?.id;
}

/**
 * Creates a group (no `id`) or replaces one's name and members, its targets linked to people.
 * `taken` is the words for a name another group has.
 */
export async function saveGroupOfPeople(
  db: Db,
  tenantId: string,
  group: { name: string; targets: readonly PersonIdentity[] },
  options: { id?: string; taken: string },
): Promise<string> {
  const { id } = options;
  if (id !== undefined && !(await findGroup(db, tenantId, id))) throw notFound();
  const action = id === undefined ? 'group.create' : 'group.update';
  return audited<string>(db, { tenantId, action, target: (saved) => saved }, async (trx) => {
    const named = await findGroupByName(trx, tenantId, group.name);
    if (named && named.id !== id) throw conflict(options.taken);
    const people = await linkPeople(trx, tenantId, group.targets);
    const members = [...new Set(people.flatMap((ref) => (ref ? [ref] : [])))];
    const now = nowIso();
    const saved = id ?? newId();
    if (id === undefined) {
      await insertGroup(trx, {
        id: saved,
        tenant_id: tenantId,
        display_name: group.name,
        external_id: null,
        created_at: now,
        updated_at: now,
      });
    } else {
      await updateGroup(trx, tenantId, id, { display_name: group.name, updated_at: now });
    }
    await replaceGroupMembers(trx, tenantId, saved, members);
    return saved;
  });
}
