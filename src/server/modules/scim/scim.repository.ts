/** SQL for a tenant's SCIM bearer tokens: stored as SHA-256 hashes, listed by prefix only. */
import type { Db } from '@server/db/schema';

export async function insertScimToken(
  db: Db,
  row: {
    id: string;
    tenant_id: string;
    prefix: string;
    token_hash: string;
    created_by: string;
    created_at: string;
  },
): Promise<void> {
  await db
    .insertInto('scim_tokens')
    .values({ ...row, revoked_at: null })
    .execute();
}

/** The live token with this hash: its tenant and prefix. */
export function findScimTokenByHash(db: Db, tokenHash: string) {
  return db
    .selectFrom('scim_tokens')
    .select(['tenant_id', 'prefix'])
    .where('token_hash', '=', tokenHash)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
}

export function liveScimToken(db: Db, tenantId: string) {
  return db
    .selectFrom('scim_tokens')
    .select(['prefix', 'created_at', 'created_by'])
    .where('tenant_id', '=', tenantId)
    .where('revoked_at', 'is', null)
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
}

/** Revokes the tenant's live tokens; returns the prefixes revoked. */
export async function revokeScimTokens(db: Db, tenantId: string, at: string): Promise<string[]> {
  const live = await db
    .selectFrom('scim_tokens')
    .select('prefix')
    .where('tenant_id', '=', tenantId)
    .where('revoked_at', 'is', null)
    .execute();
  await db
    .updateTable('scim_tokens')
    .set({ revoked_at: at })
    .where('tenant_id', '=', tenantId)
    .where('revoked_at', 'is', null)
    .execute();
  return live.map((row) => row.prefix);
}
