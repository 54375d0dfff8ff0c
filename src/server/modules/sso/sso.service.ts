/**
 * Single sign-on with OpenID Connect (docs/sso.md): the authorization code flow with PKCE, state
 * and nonce. The sign-in under way is kept in the database (any instance may receive the
 * callback) and taken once; openid-client checks the provider's answer (state, PKCE, the ID
 * token's signature, issuer, audience, expiry, nonce); then the address's domain, the role the
 * claims map to, and the user, created just in time. A refusal is an SsoError with its reason,
 * audited in the tenant when the tenant is known.
 */
import { createHash } from 'node:crypto';
import * as client from 'openid-client';
import { SYSTEM_ACTOR } from '@shared/audit';
import type { SsoFailure } from '@shared/sso';
import type { Config } from '@server/config';
import type { Db } from '@server/db/schema';
import { inTransaction } from '@server/db/transaction';
import { recordAudit } from '../audit/audited';
import { openSession, provisionSsoUser, type SignedIn } from '../accounts/accounts.service';
import { failureOf, providerConfiguration } from './oidc-client';
import { redirectUriOf, roleFromClaim, ssoProviderOf, ssoTenantOfEmail } from './sso-settings.service';
import { deleteExpiredSsoLogins, findSsoLogin, insertSsoLogin, takeSsoLogin } from './sso.repository';

/** How long a person has at the provider before the sign-in must start again. */
export const SSO_LOGIN_TTL_MS = 10 * 60_000;

export class SsoError extends Error {
  override name = 'SsoError';
  constructor(
    readonly reason: SsoFailure,
    /** The tenant the sign-in was for, when known: the refusal is audited there. */
    readonly tenantId?: string,
    /** Who tried, when the provider said. */
    readonly email?: string,
    options?: { cause?: unknown },
  ) {
    super(`single sign-on refused: ${reason}`, options);
  }
}

const stateId = (state: string) => createHash('sha256').update(state).digest('hex');

/** Where to send the person: their tenant's provider, with a new state, nonce and PKCE challenge. */
export async function startSsoSignIn(db: Db, config: Config, email: string, now = Date.now()): Promise<URL> {
  const tenantId = await ssoTenantOfEmail(db, email);
  const provider = tenantId === undefined ? undefined : await ssoProviderOf(db, config, tenantId);
  if (!provider) throw new SsoError('not_configured');
  const configuration = await providerConfiguration(provider).catch((error: unknown) => {
    throw new SsoError('provider_unreachable', provider.tenantId, undefined, { cause: error });
  });
  const state = client.randomState();
  const nonce = client.randomNonce();
  const codeVerifier = client.randomPKCECodeVerifier();
  await inTransaction(db, async (trx) => {
    await deleteExpiredSsoLogins(trx, new Date(now - SSO_LOGIN_TTL_MS).toISOString());
    await insertSsoLogin(trx, {
      id: stateId(state),
      tenant_id: provider.tenantId,
      nonce,
      code_verifier: codeVerifier,
      created_at: new Date(now).toISOString(),
      expires_at: new Date(now + SSO_LOGIN_TTL_MS).toISOString(),
      used_at: null,
    });
  });
  return client.buildAuthorizationUrl(configuration, {
    redirect_uri: redirectUriOf(config),
    scope: 'openid email profile',
    state,
    nonce,
    code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
    login_hint: email,
  });
}

/**
 * Finishes the sign-in the provider sent back (`query`: the callback's query string) and opens a
 * console session, or refuses with an SsoError.
 */
export async function finishSsoSignIn(
  db: Db,
  config: Config,
  query: string,
  now = Date.now(),
): Promise<SignedIn> {
  const state = new URLSearchParams(query).get('state') ?? '';
  const at = new Date(now).toISOString();
  const login = state ? await takeSsoLogin(db, stateId(state), at) : undefined;
  if (!login) {
    // A state seen before (a replay) is audited in its tenant; one never issued has none.
    const seen = state ? await findSsoLogin(db, stateId(state)) : undefined;
    throw new SsoError('state_invalid', seen?.tenant_id);
  }
  const provider = await ssoProviderOf(db, config, login.tenant_id);
  if (!provider) throw new SsoError('not_configured', login.tenant_id);
  const claims = await verifiedClaims(provider.tenantId, config, login, query, provider);
  const email = typeof claims.email === 'string' ? claims.email.trim().toLowerCase() : '';
  if (!email.includes('@') || claims.email_verified === false) {
    throw new SsoError('email_missing', login.tenant_id);
  }
  const domain = email.split('@').pop() ?? '';
  if (!provider.allowedDomains.includes(domain))
    throw new SsoError('domain_not_allowed', login.tenant_id, email);
  const role = roleFromClaim(claims[provider.roleClaim], provider.roleValues);
  if (!role) throw new SsoError('no_role', login.tenant_id, email);
  const name = typeof claims.name === 'string' && claims.name.trim() ? claims.name.trim() : email;
  const user = await provisionSsoUser(db, login.tenant_id, { email, name: name.slice(0, 200), role });
  if (!user) throw new SsoError('account_unavailable', login.tenant_id, email);
  return openSession(db, config, user, { method: 'sso', now });
}

async function verifiedClaims(
  tenantId: string,
  config: Config,
  login: { nonce: string; code_verifier: string },
  query: string,
  provider: NonNullable<Awaited<ReturnType<typeof ssoProviderOf>>>,
): Promise<client.IDToken> {
  try {
    const configuration = await providerConfiguration(provider);
    // The callback URL as registered (not as the request's Host header claims it to be).
    const callback = new URL(`${redirectUriOf(config)}?${query}`);
    const tokens = await client.authorizationCodeGrant(configuration, callback, {
      pkceCodeVerifier: login.code_verifier,
      expectedNonce: login.nonce,
      expectedState: new URLSearchParams(query).get('state') ?? '',
      idTokenExpected: true,
    });
    const claims = tokens.claims();
    if (!claims) throw new SsoError('token_invalid', tenantId);
    return claims;
  } catch (error) {
    if (error instanceof SsoError) throw error;
    throw new SsoError(failureOf(error), tenantId, undefined, { cause: error });
  }
}

/** The refusal in the audit log of the tenant it was for (none when the tenant is unknown). */
export async function recordSsoFailure(db: Db, error: SsoError): Promise<void> {
  if (error.tenantId === undefined) return;
  await recordAudit(db, {
    tenantId: error.tenantId,
    // The person, when the provider said who; else nobody known acted but Hookwise, refusing.
    actor: error.email ?? SYSTEM_ACTOR,
    action: 'sso.failure',
    details: { reason: error.reason },
  });
}
