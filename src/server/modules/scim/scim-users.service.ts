/**
 * SCIM /Users: list (by userName or externalId), read, create, replace (PUT), PATCH (RFC 7644
 * §3.5.2, as Entra ID and Okta send it) and DELETE (deactivation that keeps the person's history:
 * directory.service.ts). PATCH applies its operations to the user as SCIM shows it, then reads
 * the result exactly as a PUT of it.
 */
import { scimPatch, type ScimPatchOperation } from 'scim-patch';
import { scimUserSchema, type ScimListQuery, type ScimPatchInput, type ScimUserInput } from '@shared/scim';
import type { Db } from '@server/db/schema';
import {
  createDirectoryPerson,
  deleteDirectoryPerson,
  directoryPeople,
  directoryPerson,
  replaceDirectoryPerson,
} from '../people/directory.service';
import { ScimFault } from './scim-errors';
import { normalisedOperations } from './scim-patch-ops';
import { equalityFilter, pageOf } from './scim-query';
import { directoryPersonOf, listResponse, userResource } from './scim-resources';

const notFound = () => new ScimFault(404, 'User not found');

export async function listUsers(db: Db, tenantId: string, base: string, query: ScimListQuery) {
  const filter = equalityFilter(query.filter, ['userName', 'externalId'] as const);
  const page = pageOf(query);
  const found = await directoryPeople(db, tenantId, {
    userName: filter?.attribute === 'userName' ? filter.value : undefined,
    externalId: filter?.attribute === 'externalId' ? filter.value : undefined,
    offset: page.offset,
    limit: page.limit,
  });
  return listResponse(
    found.items.map((row) => userResource(row, base)),
    found.total,
    page.startIndex,
  );
}

export async function getUser(db: Db, tenantId: string, base: string, id: string) {
  const row = await directoryPerson(db, tenantId, id);
  if (!row) throw notFound();
  return userResource(row, base);
}

export async function createUser(db: Db, tenantId: string, base: string, input: ScimUserInput) {
  return userResource(await createDirectoryPerson(db, tenantId, directoryPersonOf(input)), base);
}

export async function replaceUser(db: Db, tenantId: string, base: string, id: string, input: ScimUserInput) {
  if (!(await directoryPerson(db, tenantId, id))) throw notFound();
  return userResource(await replaceDirectoryPerson(db, tenantId, id, directoryPersonOf(input)), base);
}

export async function patchUser(db: Db, tenantId: string, base: string, id: string, patch: ScimPatchInput) {
  const row = await directoryPerson(db, tenantId, id);
  if (!row) throw notFound();
  const current = userResource(row, base);
  const resource = { ...current, meta: { ...current.meta, created: new Date(), lastModified: new Date() } };
  const operations = normalisedOperations(patch.Operations) as ScimPatchOperation[];
  const patched = scimPatch(resource, operations, { mutateDocument: false, treatMissingAsAdd: true });
  const parsed = scimUserSchema.safeParse(patched);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ScimFault(
      400,
      `${issue?.path.join('.') || 'User'}: ${issue?.message ?? 'invalid'}`,
      'invalidValue',
    );
  }
  return userResource(await replaceDirectoryPerson(db, tenantId, id, directoryPersonOf(parsed.data)), base);
}

export async function deleteUser(db: Db, tenantId: string, id: string) {
  if (!(await directoryPerson(db, tenantId, id))) throw notFound();
  await deleteDirectoryPerson(db, tenantId, id);
}
