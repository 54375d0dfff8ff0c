/**
 * Tenants and their API keys, for the CLI and the operator REST API alike. A key is shown once
 * at creation; only its hash is kept.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { ApiKey } from '@shared/tenants';
import { notFound } from '@server/lib/errors';
import { newId, nowIso } from '@server/lib/ids';
import { inTransaction } from '@server/db/transaction';
import { audited, recordAudit } from '../audit/audited';
import {
  findKeyByHash,
  findLiveKeyTenant,
  insertApiKey,
  listApiKeys,
  markKeyUsed,
  revokeApiKey,
} from './api-keys.repository';
import { countTenants, findTenant, findTenantsByName, insertTenant, listTenants } from './tenants.repository';
import type { Db } from '@server/db/schema';

export function hashApiKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

export async function createTenant(db: Db, name: string) {
  const tenantId = newId();
  return audited(db, { tenantId, action: 'tenant.create', target: tenantId }, async (trx) => {
    await insertTenant(trx, { id: tenantId, name, created_at: nowIso() });
    const { apiKey } = await addApiKey(trx, tenantId);
    return { tenantId, apiKey };
  });
}

export { listTenants };

/** The oldest tenant with this name, if any. */
export async function oldestTenantNamed(db: Db, name: string) {
  const [tenant] = await findTenantsByName(db, name);
  return tenant;
}

export async function hasNoTenant(db: Db): Promise<boolean> {
  return (await countTenants(db)) === 0;
}

/**
 * The one "does this tenant exist?" check. The message names the id the caller gave, nothing
 * more: the caller already holds it.
 */
export async function requireTenant(db: Db, tenantId: string) {
  const tenant = await findTenant(db, tenantId);
  if (!tenant) throw notFound(`Unknown tenant ${tenantId}`);
  return tenant;
}

export async function tenantExists(db: Db, tenantId: string): Promise<boolean> {
  return (await findTenant(db, tenantId)) !== undefined;
}

export async function createApiKey(db: Db, tenantId: string) {
  await requireTenant(db, tenantId);
  return audited<{ apiKey: string; prefix: string }>(
    db,
    { tenantId, action: 'api_key.create', target: (created) => created.prefix },
    (trx) => addApiKey(trx, tenantId),
  );
}

/** A key's public prefix; never starting with '-', which a command line would read as an option. */
function keyPrefix(): string {
  for (;;) {
    const prefix = randomBytes(6).toString('base64url');
    if (!prefix.startsWith('-')) return prefix;
  }
}

async function addApiKey(db: Db, tenantId: string) {
  const prefix = keyPrefix();
  const apiKey = `hw_${prefix}_${randomBytes(32).toString('base64url')}`;
  await insertApiKey(db, {
    id: newId(),
    tenant_id: tenantId,
    prefix,
    key_hash: hashApiKey(apiKey),
    created_at: nowIso(),
    revoked_at: null,
  });
  return { apiKey, prefix };
}

export async function tenantApiKeys(db: Db, tenantId: string): Promise<ApiKey[]> {
  await requireTenant(db, tenantId);
  return listApiKeys(db, tenantId);
}

/** `tenantId` undefined is the CLI (whole database); the REST API only revokes its own keys. */
export async function revokeKey(db: Db, tenantId: string | undefined, prefix: string): Promise<boolean> {
  const owner = await findLiveKeyTenant(db, tenantId, prefix);
  if (owner === undefined) return false;
  return audited(db, { tenantId: owner, action: 'api_key.revoke', target: prefix }, (trx) =>
    revokeApiKey(trx, owner, prefix, nowIso()),
  );
}

export async function tenantForApiKey(db: Db, apiKey: string) {
  const key = await findKeyByHash(db, hashApiKey(apiKey));
  if (key) await noteKeyUse(db, key);
  return key;
}

/**
 * A key's first use of each day (UTC) goes into the audit log, naming the key by its prefix:
 * the log shows which keys are in use without a row per request. The row read with the key says
 * whether today is already noted, so a key used again costs nothing; the conditional update
 * keeps instances racing on the first use from writing it twice.
 */
async function noteKeyUse(
  db: Db,
  key: { id: string; tenant_id: string; prefix: string; last_used_at: string | null },
) {
  const at = nowIso();
  const dayStart = `${at.slice(0, 10)}T00:00:00.000Z`;
  if (key.last_used_at !== null && key.last_used_at >= dayStart) return;
  await inTransaction(db, async (trx) => {
    if (!(await markKeyUsed(trx, key.id, at, dayStart))) return;
    await recordAudit(trx, {
      tenantId: key.tenant_id,
      actor: `api key ${key.prefix}`,
      action: 'api_key.use',
      target: key.prefix,
    });
  });
}
