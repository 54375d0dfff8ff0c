/**
 * A tenant's SCIM bearer token: minted by an owner (console settings, `hookwise scim token
 * create`), shown once, stored as a SHA-256 hash. One live token per tenant: minting another
 * replaces it, revoking leaves none. The token acts as `scim token <prefix>` in the audit log.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { CreatedScimToken, ScimSettings } from '@shared/people';
import type { Db } from '@server/db/schema';
import { newId, nowIso } from '@server/lib/ids';
import { audited, requireActor } from '../audit/audited';
import { requireTenant } from '../tenants/tenants.service';
import { findScimTokenByHash, insertScimToken, liveScimToken, revokeScimTokens } from './scim.repository';

/** How the audit log names the SCIM door: `scim token <prefix>`. */
export const SCIM_ACTOR_PREFIX = 'scim token ';

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** The URL a directory is given: the admin listener's, and /scim/v2. */
export const scimEndpoint = (adminUrl: string) => `${adminUrl.replace(/\/+$/, '')}/scim/v2`;

export async function scimSettings(db: Db, tenantId: string, adminUrl: string): Promise<ScimSettings> {
  const token = await liveScimToken(db, tenantId);
  return { endpoint_url: scimEndpoint(adminUrl), token: token ?? null };
}

function tokenPrefix(): string {
  for (;;) {
    const prefix = randomBytes(6).toString('base64url');
    if (!prefix.startsWith('-')) return prefix;
  }
}

export async function mintScimToken(db: Db, tenantId: string, adminUrl: string): Promise<CreatedScimToken> {
  await requireTenant(db, tenantId);
  const prefix = tokenPrefix();
  const token = `hwscim_${prefix}_${randomBytes(32).toString('base64url')}`;
  const createdBy = requireActor('scim_token.create');
  await audited(db, { tenantId, action: 'scim_token.create', target: prefix }, async (trx) => {
    await revokeScimTokens(trx, tenantId, nowIso());
    await insertScimToken(trx, {
      id: newId(),
      tenant_id: tenantId,
      prefix,
      token_hash: hashToken(token),
      created_by: createdBy,
      created_at: nowIso(),
    });
  });
  return { token, prefix, endpoint_url: scimEndpoint(adminUrl) };
}

/** Revokes the tenant's token; its prefix, or undefined when it had none. */
export async function revokeScimToken(db: Db, tenantId: string): Promise<string | undefined> {
  await requireTenant(db, tenantId);
  const live = await liveScimToken(db, tenantId);
  if (!live) return undefined;
  await audited(db, { tenantId, action: 'scim_token.revoke', target: live.prefix }, (trx) =>
    revokeScimTokens(trx, tenantId, nowIso()),
  );
  return live.prefix;
}

/** The tenant and actor of a live SCIM token, or undefined. */
export async function scimTokenOwner(db: Db, token: string) {
  const row = await findScimTokenByHash(db, hashToken(token));
  return row ? { tenantId: row.tenant_id, actor: `${SCIM_ACTOR_PREFIX}${row.prefix}` } : undefined;
}
