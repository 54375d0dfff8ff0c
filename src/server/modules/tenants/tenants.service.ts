/** Tenants and API keys. A key is shown once at creation; only its hash is kept. */
import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { newId, nowIso } from '../../lib/ids';
import { findTenantIdByKeyHash, insertApiKey, insertTenant } from './tenants.repository';

export function hashApiKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

export async function createApiKey(db: Kysely<Database>, tenantId: string) {
  const prefix = randomBytes(6).toString('base64url');
  const apiKey = `hw_${prefix}_${randomBytes(32).toString('base64url')}`;
  await insertApiKey(db, {
    id: newId(),
    tenant_id: tenantId,
    prefix,
    key_hash: hashApiKey(apiKey),
    created_at: nowIso(),
  });
  return { apiKey, prefix };
}

export async function createTenant(db: Kysely<Database>, name: string) {
  const tenantId = newId();
  await insertTenant(db, { id: tenantId, name, created_at: nowIso() });
  const { apiKey } = await createApiKey(db, tenantId);
  return { tenantId, apiKey };
}

export function tenantForApiKey(db: Kysely<Database>, apiKey: string) {
  return findTenantIdByKeyHash(db, hashApiKey(apiKey));
}
