/** SQL for tenants and their API keys. Keys are stored as SHA-256 hashes only. */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

export async function insertTenant(
  db: Kysely<Database>,
  row: { id: string; name: string; created_at: string },
) {
  await db.insertInto('tenants').values(row).execute();
}

export async function insertApiKey(
  db: Kysely<Database>,
  row: { id: string; tenant_id: string; prefix: string; key_hash: string; created_at: string },
) {
  await db
    .insertInto('api_keys')
    .values({ ...row, revoked_at: null })
    .execute();
}

export async function findTenantIdByKeyHash(db: Kysely<Database>, keyHash: string) {
  const row = await db
    .selectFrom('api_keys')
    .select('tenant_id')
    .where('key_hash', '=', keyHash)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return row?.tenant_id;
}

export async function countTenants(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('tenants')
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
