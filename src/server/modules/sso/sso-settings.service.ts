/**
 * A tenant's single sign-on settings (docs/sso.md): the provider, the sealed client secret (never
 * answered back), the domains that sign in through it (each domain belongs to one tenant), the
 * claim values that give each role, and "SSO required". The console and `hookwise sso` share it.
 */
import { ROLES, type Role } from '@shared/admin-api';
import { SSO_CALLBACK_PATH, type SsoRoleValues, type SsoSettings, type SsoSettingsBody } from '@shared/sso';
import type { Config } from '@server/config';
import type { Db } from '@server/db/schema';
import { badRequest, conflict } from '@server/lib/errors';
import { nowIso } from '@server/lib/ids';
import { open, seal } from '@server/lib/secret-box';
import { audited } from '../audit/audited';
import { requireTenant } from '../tenants/tenants.service';
import {
  findDomainTenant,
  findSsoConfig,
  listSsoDomains,
  replaceSsoDomains,
  saveSsoConfig,
} from './sso.repository';

/** What the provider is registered with as the redirect (sign-in) URI. */
export function redirectUriOf(config: Config): string {
  return `${config.adminPublicUrl}${SSO_CALLBACK_PATH}`;
}

const parseValues = (json: string): string[] => {
  const value: unknown = JSON.parse(json);
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
};

export async function ssoSettingsOf(db: Db, config: Config, tenantId: string): Promise<SsoSettings> {
  await requireTenant(db, tenantId);
  const row = await findSsoConfig(db, tenantId);
  return {
    configured: row !== undefined,
    issuer: row?.issuer ?? '',
    client_id: row?.client_id ?? '',
    client_secret_set: row !== undefined,
    allowed_domains: await listSsoDomains(db, tenantId),
    role_claim: row?.role_claim ?? 'groups',
    role_values: {
      owner: row ? parseValues(row.owner_values) : [],
      operator: row ? parseValues(row.operator_values) : [],
      viewer: row ? parseValues(row.viewer_values) : [],
    },
    required: row?.required === 1,
    redirect_uri: redirectUriOf(config),
  };
}

export async function setSsoSettings(
  db: Db,
  config: Config,
  tenantId: string,
  body: SsoSettingsBody,
): Promise<SsoSettings> {
  await requireTenant(db, tenantId);
  const existing = await findSsoConfig(db, tenantId);
  if (!existing && body.client_secret === undefined) {
    throw badRequest('Give the client secret the provider issued', 'sso_secret_missing');
  }
  const domains = [...new Set(body.allowed_domains)];
  const details = {
    issuer: body.issuer,
    client_id: body.client_id,
    allowed_domains: domains,
    role_claim: body.role_claim,
    required: body.required,
    secret_changed: body.client_secret !== undefined,
  };
  await audited(db, { tenantId, action: 'settings.sso', details }, async (trx) => {
    for (const domain of domains) {
      const owner = await findDomainTenant(trx, domain);
      if (owner !== undefined && owner !== tenantId) {
        throw conflict(`${domain} already signs in to another organisation`, 'sso_domain_taken');
      }
    }
    await saveSsoConfig(trx, {
      tenant_id: tenantId,
      issuer: body.issuer,
      client_id: body.client_id,
      client_secret_sealed:
        body.client_secret === undefined
          ? (existing?.client_secret_sealed ?? '')
          : seal(config.secretsKey, body.client_secret),
      role_claim: body.role_claim,
      owner_values: JSON.stringify(body.role_values.owner),
      operator_values: JSON.stringify(body.role_values.operator),
      viewer_values: JSON.stringify(body.role_values.viewer),
      required: body.required ? 1 : 0,
      updated_at: nowIso(),
    });
    await replaceSsoDomains(trx, tenantId, domains);
  });
  return ssoSettingsOf(db, config, tenantId);
}

/**
 * Whether a password signs this user in: always, unless the tenant requires single sign-on; then
 * only owners (the break-glass: a provider that is down or misconfigured does not lock the
 * organisation out of its own settings).
 */
export async function localPasswordAllowed(db: Db, tenantId: string, role: Role): Promise<boolean> {
  if (role === 'owner') return true;
  const row = await findSsoConfig(db, tenantId);
  return row?.required !== 1;
}

/** The provider settings a sign-in needs, with the secret opened. */
export interface SsoProvider {
  tenantId: string;
  issuer: string;
  clientId: string;
  clientSecret: string;
  allowedDomains: readonly string[];
  roleClaim: string;
  roleValues: SsoRoleValues;
}

/** The tenant a work address signs in to with single sign-on, if any. */
export async function ssoTenantOfEmail(db: Db, email: string): Promise<string | undefined> {
  const domain = email.split('@').pop()?.toLowerCase() ?? '';
  const tenantId = await findDomainTenant(db, domain);
  return tenantId !== undefined && (await findSsoConfig(db, tenantId)) ? tenantId : undefined;
}

export async function ssoProviderOf(
  db: Db,
  config: Config,
  tenantId: string,
): Promise<SsoProvider | undefined> {
  const row = await findSsoConfig(db, tenantId);
  if (!row) return undefined;
  return {
    tenantId,
    issuer: row.issuer,
    clientId: row.client_id,
    clientSecret: open(config.secretsKey, row.client_secret_sealed),
    allowedDomains: await listSsoDomains(db, tenantId),
    roleClaim: row.role_claim,
    roleValues: {
      owner: parseValues(row.owner_values),
      operator: parseValues(row.operator_values),
      viewer: parseValues(row.viewer_values),
    },
  };
}

/** The highest role any of the claim's values (a string or a list of them) maps to. */
export function roleFromClaim(claim: unknown, values: SsoRoleValues): Role | undefined {
  const given = (Array.isArray(claim) ? claim : [claim]).filter((v): v is string => typeof v === 'string');
  return ROLES.find((role) => values[role].some((value) => given.includes(value)));
}
