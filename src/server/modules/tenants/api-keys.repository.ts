/** SQL for listing tenants and their API keys (by prefix; the hash never leaves the database). */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

export function listTenants(db: Kysely<Database>) {
  return db.selectFrom('tenants').select(['id', 'name', 'created_at']).orderBy('created_at').execute();
}

export function findTenant(db: Kysely<Database>, id: string) {
  return db
    .selectFrom('tenants')
    .select(['id', 'name', 'created_at'])
    .where('id', '=', id)
    .executeTakeFirst();
}

export function listApiKeys(db: Kysely<Database>, tenantId: string) {
  return db
    .selectFrom('api_keys')
    .select(['prefix', 'created_at', 'revoked_at'])
    .where('tenant_id', '=', tenantId)
    .orderBy('created_at')
    .execute();
}

/** `tenantId` undefined is the CLI (whole database); the REST API only revokes its own keys. */
export async function revokeApiKey(
  db: Kysely<Database>,
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
