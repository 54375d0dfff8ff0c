/**
 * Single sign-on against a real OpenID provider (oidc-provider, on a free port): a person signs
 * in and gets the role their groups map to, just in time; each bad case is refused with its
 * reason on the sign-in page and in the audit log: an ID token for another application, a
 * replayed state, an expired ID token, an address of another domain, no mapped role. "SSO
 * required" refuses a local password, except an owner's (the break-glass).
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { SsoSettings, SsoSettingsInput } from '@shared/sso';
import { buildAdminApp } from '@server/app';
import { newTenant, type TestTenant } from '@server/test/admin-fixtures';
import { describeEachDatabase, type Harness } from '@server/test/harness';
import { signInAtProvider, startTestProvider, type TestProvider } from '@server/test/oidc-provider';
import { createUser } from '../accounts/accounts.service';

const CONSOLE = 'https://console.hookwise.test';
const REDIRECT_URI = `${CONSOLE}/api/admin/sso/callback`;
const PASSWORD = 'correct horse battery staple';

let idp: TestProvider;
beforeAll(async () => {
  idp = await startTestProvider([REDIRECT_URI]);
  idp.accounts.set('ana', { email: 'ana@acme.test', name: 'Ana Owner', groups: ['staff', 'hw-owners'] });
  idp.accounts.set('olga', { email: 'olga@acme.test', name: 'Olga', groups: ['hw-operators'] });
  idp.accounts.set('eve', { email: 'eve@elsewhere.test', name: 'Eve', groups: ['hw-owners'] });
  idp.accounts.set('nora', { email: 'nora@acme.test', name: 'Nora', groups: ['marketing'] });
});
afterAll(() => idp.close());

const octet = () => Math.floor(Math.random() * 250) + 1;
const remoteAddress = () => `10.${octet()}.${octet()}.${octet()}`;

function settings(overrides: Partial<SsoSettingsInput> = {}): SsoSettingsInput {
  return {
    issuer: idp.issuer,
    client_id: idp.clientId,
    client_secret: idp.clientSecret,
    allowed_domains: ['acme.test'],
    role_claim: 'groups',
    role_values: { owner: ['hw-owners'], operator: ['hw-operators'], viewer: [] },
    ...overrides,
  };
}

async function configure(h: Harness, tenant: TestTenant, body = settings()) {
  const res = await h.admin.inject({
    method: 'PUT',
    url: '/api/admin/settings/sso',
    headers: tenant.headers,
    payload: body,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<SsoSettings>();
}

/** Starts at Hookwise, signs in at the provider as `login`: the callback's path and query. */
async function throughProvider(h: Harness, email: string, login: string): Promise<string> {
  const start = await h.admin.inject({
    method: 'GET',
    url: `/api/admin/sso/start?email=${encodeURIComponent(email)}`,
    remoteAddress: remoteAddress(),
  });
  expect(start.statusCode, start.body).toBe(303);
  const back = await signInAtProvider(start.headers.location ?? '', login, REDIRECT_URI);
  return `${back.pathname}${back.search}`;
}

function callback(h: Harness, url: string) {
  return h.admin.inject({ method: 'GET', url, remoteAddress: remoteAddress() });
}

async function auditOf(h: Harness, tenant: TestTenant) {
  const res = await h.admin.inject({
    method: 'GET',
    url: '/api/admin/audit?limit=100',
    headers: tenant.headers,
  });
  return res.json<{ entries: { action: string; actor: string; details: Record<string, unknown> }[] }>()
    .entries;
}

describeEachDatabase(
  'single sign-on with OpenID Connect',
  (get) => {
    let tenant: TestTenant;
    beforeAll(async () => {
      tenant = await newTenant(get(), 'Acme');
    });

    it('keeps the secret to itself and shows the redirect URI to register', async () => {
      const h = get();
      const saved = await configure(h, tenant);
      expect(saved).toMatchObject({ configured: true, client_secret_set: true, redirect_uri: REDIRECT_URI });
      expect(JSON.stringify(saved)).not.toContain(idp.clientSecret);
      const row = await h.database.db.selectFrom('sso_configs').selectAll().executeTakeFirstOrThrow();
      expect(row.client_secret_sealed).not.toContain(idp.clientSecret);
      // Left out, the secret set before is kept.
      const withoutSecret = { ...settings(), client_secret: undefined };
      expect((await configure(h, tenant, withoutSecret)).client_secret_set).toBe(true);
    });

    it('a domain belongs to one organisation', async () => {
      const h = get();
      const other = await newTenant(h, 'Other');
      const res = await h.admin.inject({
        method: 'PUT',
        url: '/api/admin/settings/sso',
        headers: other.headers,
        payload: settings(),
      });
      expect(res.statusCode).toBe(409);
      expect(res.json<{ error: { code: string } }>().error.code).toBe('sso_domain_taken');
    });

    it('signs a person in with the role their group maps to, created just in time', async () => {
      const h = get();
      const res = await callback(h, await throughProvider(h, 'ana@acme.test', 'ana'));
      expect(res.statusCode, res.body).toBe(303);
      expect(res.headers.location).toBe('/');
      const cookie = res.cookies.find((c) => c.name === 'hw_session');
      expect(cookie?.httpOnly).toBe(true);
      const session = await h.admin.inject({
        method: 'GET',
        url: '/api/admin/session',
        headers: { cookie: `hw_session=${cookie?.value ?? ''}` },
      });
      expect(session.json()).toMatchObject({
        user: { email: 'ana@acme.test', name: 'Ana Owner', role: 'owner' },
        tenant: { id: tenant.tenantId },
      });
      const operator = await callback(h, await throughProvider(h, 'olga@acme.test', 'olga'));
      expect(operator.headers.location).toBe('/');
      const users = await h.admin.inject({ method: 'GET', url: '/api/admin/users', headers: tenant.headers });
      expect(users.json<{ users: { email: string; role: string }[] }>().users).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ email: 'ana@acme.test', role: 'owner' }),
          expect.objectContaining({ email: 'olga@acme.test', role: 'operator' }),
        ]),
      );
      const audit = await auditOf(h, tenant);
      expect(audit).toEqual(
        expect.arrayContaining([
          expect.objectContaining({
            action: 'session.sign_in',
            actor: 'ana@acme.test',
            details: { method: 'sso' },
          }),
          expect.objectContaining({ action: 'user.create', actor: 'olga@acme.test' }),
        ]),
      );
    });

    it('finishes on another instance a sign-in one instance started (nothing kept in memory)', async () => {
      const h = get();
      const other = await buildAdminApp(
        { config: h.config, database: h.database },
        { logger: { level: 'silent' } },
      );
      try {
        const back = await throughProvider(h, 'ana@acme.test', 'ana');
        const res = await other.inject({ method: 'GET', url: back, remoteAddress: remoteAddress() });
        expect(res.headers.location).toBe('/');
        // …and the first instance then refuses it as a replay.
        expect((await callback(h, back)).headers.location).toBe('/sign-in?sso_error=state_invalid');
      } finally {
        await other.close();
      }
    });

    it('refuses a replayed state', async () => {
      const h = get();
      const back = await throughProvider(h, 'olga@acme.test', 'olga');
      expect((await callback(h, back)).headers.location).toBe('/');
      const replay = await callback(h, back);
      expect(replay.headers.location).toBe('/sign-in?sso_error=state_invalid');
      const never = await callback(h, '/api/admin/sso/callback?code=x&state=never-issued');
      expect(never.headers.location).toBe('/sign-in?sso_error=state_invalid');
    });

    it('refuses an ID token issued for another application', async () => {
      const h = get();
      const back = await throughProvider(h, 'ana@acme.test', 'ana');
      idp.tamper = 'audience';
      const res = await callback(h, back).finally(() => (idp.tamper = undefined));
      expect(res.headers.location).toBe('/sign-in?sso_error=wrong_audience');
      expect(res.cookies.find((c) => c.name === 'hw_session')).toBeUndefined();
    });

    it('refuses an expired ID token', async () => {
      const h = get();
      const back = await throughProvider(h, 'ana@acme.test', 'ana');
      idp.tamper = 'expired';
      const res = await callback(h, back).finally(() => (idp.tamper = undefined));
      expect(res.headers.location).toBe('/sign-in?sso_error=token_expired');
    });

    it('refuses a person of another domain, and one whose groups map to no role', async () => {
      const h = get();
      const eve = await callback(h, await throughProvider(h, 'ana@acme.test', 'eve'));
      expect(eve.headers.location).toBe('/sign-in?sso_error=domain_not_allowed');
      const nora = await callback(h, await throughProvider(h, 'nora@acme.test', 'nora'));
      expect(nora.headers.location).toBe('/sign-in?sso_error=no_role');
      const users = await h.database.db.selectFrom('users').select('email').execute();
      expect(users.map((u) => u.email)).not.toEqual(expect.arrayContaining(['eve@elsewhere.test']));
      expect(users.map((u) => u.email)).not.toContain('nora@acme.test');
    });

    it('sends an address no organisation signs in with back to the sign-in page', async () => {
      const res = await get().admin.inject({
        method: 'GET',
        url: '/api/admin/sso/start?email=someone%40nowhere.test',
        remoteAddress: remoteAddress(),
      });
      expect(res.headers.location).toBe('/sign-in?sso_error=not_configured');
    });

    it('audits every refusal with its reason', async () => {
      const reasons = (await auditOf(get(), tenant))
        .filter((e) => e.action === 'sso.failure')
        .map((e) => e.details.reason);
      expect(reasons).toEqual(
        expect.arrayContaining([
          'state_invalid',
          'wrong_audience',
          'token_expired',
          'domain_not_allowed',
          'no_role',
        ]),
      );
    });

    it('"SSO required" refuses a local password, except an owner\'s', async () => {
      const h = get();
      await createUser(h.database.db, tenant.tenantId, {
        email: 'vera@acme.test',
        name: 'Vera',
        role: 'viewer',
        password: PASSWORD,
      });
      await createUser(h.database.db, tenant.tenantId, {
        email: 'breakglass@acme.test',
        name: 'Break glass',
        role: 'owner',
        password: PASSWORD,
      });
      await configure(h, tenant, settings({ required: true }));
      const signIn = (email: string) =>
        h.admin.inject({
          method: 'POST',
          url: '/api/admin/session',
          payload: { email, password: PASSWORD },
          remoteAddress: remoteAddress(),
        });
      const viewer = await signIn('vera@acme.test');
      expect(viewer.statusCode).toBe(403);
      expect(viewer.json<{ error: { code: string } }>().error.code).toBe('sso_required');
      expect((await signIn('breakglass@acme.test')).statusCode).toBe(200);
      // A user single sign-on created has no password at all.
      expect((await signIn('olga@acme.test')).statusCode).toBe(401);
      const audit = await auditOf(h, tenant);
      expect(audit).toEqual(
        expect.arrayContaining([
          expect.objectContaining({
            action: 'session.sign_in_failed',
            actor: 'vera@acme.test',
            details: { reason: 'sso_required' },
          }),
          expect.objectContaining({
            action: 'settings.sso',
            details: expect.objectContaining({ required: true }),
          }),
        ]),
      );
    });
  },
  { ADMIN_PUBLIC_URL: CONSOLE },
);
