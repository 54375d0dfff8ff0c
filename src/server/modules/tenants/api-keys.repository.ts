/** SQL for a tenant's API keys. Keys are stored as SHA-256 hashes; only the prefix is listed. */
import type { NewApiKey, Db } from '@server/db/schema';

export async function insertApiKey(db: Db, row: NewApiKey): Promise<void> {
  await db.insertInto('api_keys').values(row).execute();
}

/** The live key with this hash: its tenant and its prefix (how the audit log names it). */
export function findKeyByHash(db: Db, keyHash: string) {
  return db
    .selectFrom('api_keys')
    .select(['id', 'tenant_id', 'prefix', 'last_used_at'])
    .where('key_hash', '=', keyHash)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
}

export function listApiKeys(db: Db, tenantId: string) {
  return db
    .selectFrom('api_keys')
    .select(['prefix', 'created_at', 'revoked_at'])
    .where('tenant_id', '=', tenantId)
    .orderBy('created_at')
    .execute();
}

/** The tenant of the live key with this prefix (`tenantId` undefined: in any tenant). */
export async function findLiveKeyTenant(
  db: Db,
  tenantId: string | undefined,
  prefix: string,
): Promise<string | undefined> {
  let query = db
    .selectFrom('api_keys')
    .select('tenant_id')
    .where('prefix', '=', prefix)
    .where('revoked_at', 'is', null);
  if (tenantId !== undefined) query = query.where('tenant_id', '=', tenantId);
  return (await query.executeTakeFirst())?.tenant_id;
}

/** `tenantId` undefined is the CLI (whole database); the REST API only revokes its own keys. */
export async function revokeApiKey(
  db: Db,
  tenantId: string | undefined,
  prefix: string,
  at: string,
): Promise<boolean> {
  let query = db
    .updateTable('api_keys')
    .set({ revoked_at: at })
    .where('prefix', '=', prefix)
    .where('revoked_at', 'is', null);
  if (tenantId !== undefined) query = query.where('tenant_id', '=', tenantId);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Marks the key used at `at` unless it was already used since `dayStart`: true if marked. */
export async function markKeyUsed(db: Db, id: string, at: string, dayStart: string): Promise<boolean> {
  const result = await db
    .updateTable('api_keys')
    .set({ last_used_at: at })
    .where('id', '=', id)
    .where((eb) => eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<', dayStart)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
