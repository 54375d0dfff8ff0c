/**
 * SCIM /Groups: list (by displayName), read (with or without members), create, replace (PUT),
 * PATCH (members added and removed by id, a new displayName) and DELETE (the group goes, its
 * people stay). A group is an audience: a campaign's recipients can be added from it.
 */
import { scimPatch, type ScimPatchOperation } from 'scim-patch';
import { scimGroupSchema, type ScimGroupInput, type ScimListQuery, type ScimPatchInput } from '@shared/scim';
import type { Db } from '@server/db/schema';
import {
  createDirectoryGroup,
  deleteDirectoryGroup,
  directoryGroup,
  directoryGroups,
  replaceDirectoryGroup,
} from '../people/directory.service';
import { ScimFault } from './scim-errors';
import { normalisedOperations } from './scim-patch-ops';
import { equalityFilter, excludes, pageOf } from './scim-query';
import { directoryGroupOf, groupResource, listResponse } from './scim-resources';

const notFound = () => new ScimFault(404, 'Group not found');

export async function listGroups(db: Db, tenantId: string, base: string, query: ScimListQuery) {
  const filter = equalityFilter(query.filter, ['displayName'] as const);
  const page = pageOf(query);
  const withMembers = !excludes(query.excludedAttributes, 'members');
  const found = await directoryGroups(db, tenantId, {
    displayName: filter?.value,
    offset: page.offset,
    limit: page.limit,
    withMembers,
  });
  return listResponse(
    found.items.map((group) => groupResource(group, base, withMembers)),
    found.total,
    page.startIndex,
  );
}

export async function getGroup(db: Db, tenantId: string, base: string, id: string, withMembers: boolean) {
  const group = await directoryGroup(db, tenantId, id);
  if (!group) throw notFound();
  return groupResource(group, base, withMembers);
}

/** A member another tenant has, or nobody has, is SCIM's 400 invalidValue, not a silent skip. */
async function unknownMembersAreInvalid<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof Error && 'statusCode' in error && error.statusCode === 404) {
      throw new ScimFault(400, error.message, 'invalidValue');
    }
    throw error;
  }
}

export async function createGroup(db: Db, tenantId: string, base: string, input: ScimGroupInput) {
  const id = await unknownMembersAreInvalid(() =>
    createDirectoryGroup(db, tenantId, directoryGroupOf(input)),
  );
  return getGroup(db, tenantId, base, id, true);
}

export async function replaceGroup(
  db: Db,
  tenantId: string,
  base: string,
  id: string,
  input: ScimGroupInput,
) {
  if (!(await directoryGroup(db, tenantId, id))) throw notFound();
  await unknownMembersAreInvalid(() => replaceDirectoryGroup(db, tenantId, id, directoryGroupOf(input)));
  return getGroup(db, tenantId, base, id, true);
}

export async function patchGroup(db: Db, tenantId: string, base: string, id: string, patch: ScimPatchInput) {
  const group = await directoryGroup(db, tenantId, id);
  if (!group) throw notFound();
  const resource = {
    schemas: groupResource(group, base, false).schemas,
    id: group.id,
    displayName: group.display_name,
    ...(group.external_id ? { externalId: group.external_id } : {}),
    members: group.members.map((m) => ({ value: m.id })),
    meta: { created: new Date(), lastModified: new Date() },
  };
  const operations = normalisedOperations(patch.Operations) as ScimPatchOperation[];
  const patched = scimPatch(resource, operations, { mutateDocument: false, treatMissingAsAdd: true });
  const parsed = scimGroupSchema.safeParse(patched);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ScimFault(
      400,
      `${issue?.path.join('.') || 'Group'}: ${issue?.message ?? 'invalid'}`,
      'invalidValue',
    );
  }
  await unknownMembersAreInvalid(() =>
    replaceDirectoryGroup(db, tenantId, id, directoryGroupOf(parsed.data)),
  );
  return getGroup(db, tenantId, base, id, true);
}

export async function deleteGroup(db: Db, tenantId: string, id: string) {
  if (!(await directoryGroup(db, tenantId, id))) throw notFound();
  await deleteDirectoryGroup(db, tenantId, id);
}
