/**
 * Console accounts as a browser meets them: sign-in and its cookie, roles, CSRF, sessions that
 * end (sign-out, idle, absolute expiry, a new sign-in), the lockout and the audit log.
 */
import type { LightMyRequestResponse } from 'fastify';
import { expect, it } from 'vitest';
import type { Role } from '@shared/admin-api';
import { campaignFile, newTenant, type TestTenant } from '@server/test/admin-fixtures';
import { describeEachDatabase, type Harness } from '@server/test/harness';
import { SIGN_IN_PER_MINUTE } from './accounts.routes';
import { createUser, MAX_FAILURES } from './accounts.service';

const PASSWORD = 'correct horse battery staple';

interface Signed {
  cookie: string;
  csrf: string;
  email: string;
  headers: Record<string, string>;
}

function sessionCookie(res: LightMyRequestResponse): string {
  const cookie = res.cookies.find((c) => c.name === 'hw_session');
  if (!cookie) throw new Error(`no session cookie: ${res.statusCode} ${res.body}`);
  return `hw_session=${cookie.value}`;
}

/** Each from its own address, unless given one: the per-address budget is tested on its own. */
async function signIn(h: Harness, email: string, password = PASSWORD, cookie?: string, address?: string) {
  return h.admin.inject({
    method: 'POST',
    url: '/api/admin/session',
    payload: { email, password },
    headers: cookie ? { cookie } : {},
    remoteAddress: address ?? `10.${octet()}.${octet()}.${octet()}`,
  });
}

const octet = () => Math.floor(Math.random() * 250) + 1;

async function userWithRole(h: Harness, tenant: TestTenant, role: Role): Promise<Signed> {
  const email = `${role}-${Math.random().toString(36).slice(2)}@example.com`;
  await createUser(h.database.db, tenant.tenantId, { email, name: role, role, password: PASSWORD });
  const res = await signIn(h, email);
  expect(res.statusCode, res.body).toBe(200);
  const cookie = sessionCookie(res);
  const csrf = res.json<{ csrf_token: string }>().csrf_token;
  return { cookie, csrf, email, headers: { cookie, 'x-csrf-token': csrf } };
}

describeEachDatabase('console accounts', (get) => {
  it('signs in with an HttpOnly, SameSite=Strict cookie and shows who is signed in', async () => {
    const h = get();
    const tenant = await newTenant(h, 'Cookie Co');
    await createUser(h.database.db, tenant.tenantId, {
      email: 'ana@example.com',
      name: 'Ana',
      role: 'owner',
      password: PASSWORD,
    });
    const res = await signIn(h, 'Ana@Example.com ');
    expect(res.statusCode).toBe(200);
    const cookie = res.cookies.find((c) => c.name === 'hw_session');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/' });
    expect(cookie?.secure).toBeFalsy();
    const me = await h.admin.inject({
      method: 'GET',
      url: '/api/admin/session',
      headers: { cookie: sessionCookie(res) },
    });
    expect(me.json()).toMatchObject({
      user: { email: 'ana@example.com', role: 'owner' },
      tenant: { id: tenant.tenantId, name: 'Cookie Co' },
    });
    // The password is stored as an argon2id hash, and never appears in a log line.
    const row = await h.database.db.selectFrom('users').select('password_hash').executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
    expect(h.logs.join('\n')).not.toContain(PASSWORD);
  });

  it('refuses a wrong password and an unknown address alike', async () => {
    const h = get();
    const tenant = await newTenant(h);
    await createUser(h.database.db, tenant.tenantId, {
      email: 'bo@example.com',
      name: 'Bo',
      role: 'viewer',
      password: PASSWORD,
    });
    for (const res of [
      await signIn(h, 'bo@example.com', 'wrong password!'),
      await signIn(h, 'nobody@example.com'),
    ]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({
        error: { code: 'invalid_credentials', message: 'Wrong email or password' },
      });
      expect(res.cookies).toEqual([]);
    }
  });

  it('enforces the role matrix: viewer reads, operator changes campaigns, owner manages users and keys', async () => {
    const h = get();
    const tenant = await newTenant(h);
    const viewer = await userWithRole(h, tenant, 'viewer');
    const operator = await userWithRole(h, tenant, 'operator');
    const owner = await userWithRole(h, tenant, 'owner');
    const call = (who: Signed, method: 'GET' | 'POST', url: string, payload?: object) =>
      h.admin.inject({ method, url, headers: who.headers, ...(payload ? { payload } : {}) });

    expect((await call(viewer, 'GET', '/api/admin/campaigns')).statusCode).toBe(200);
    const refused = await call(viewer, 'POST', '/api/admin/campaigns', campaignFile());
    expect(refused.statusCode).toBe(403);
    expect(refused.json<{ error: { code: string } }>().error.code).toBe('forbidden');
    expect((await call(viewer, 'GET', '/api/admin/users')).statusCode).toBe(403);
    // Previews change nothing: a viewer may see the pages and the email as recipients will.
    const campaignId = (await call(owner, 'POST', '/api/admin/campaigns', campaignFile())).json<{
      id: string;
    }>().id;
    const previews = [
      `/api/admin/campaigns/${campaignId}/preview`,
      `/api/admin/campaigns/${campaignId}/email-preview`,
    ];
    expect((await call(viewer, 'POST', previews[0]!, { language: 'en' })).statusCode).toBe(201);
    expect((await call(viewer, 'POST', previews[1]!, { language: 'en' })).statusCode).toBe(200);
    // Personal links are an operator's: a viewer who opened one would add a visit to the results.
    const links = [
      `/api/admin/campaigns/${campaignId}/links`,
      `/api/admin/campaigns/${campaignId}/links.csv`,
    ];
    for (const url of links) {
      expect((await call(viewer, 'GET', url)).statusCode, url).toBe(403);
      expect((await call(operator, 'GET', url)).statusCode, url).toBe(200);
    }

    const created = await call(operator, 'POST', '/api/admin/campaigns?draft=true', campaignFile());
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ status: 'draft' });
    expect((await call(operator, 'GET', '/api/admin/users')).statusCode).toBe(403);
    const newUser = { email: 'x@example.com', name: 'X', role: 'owner', password: 'another long password' };
    expect((await call(operator, 'POST', '/api/admin/users', newUser)).statusCode).toBe(403);
    expect((await call(operator, 'GET', '/api/admin/audit')).statusCode).toBe(403);
    // An API key acts as an owner: only an owner may see, create or revoke one.
    for (const who of [viewer, operator]) {
      expect((await call(who, 'GET', '/api/admin/keys')).statusCode).toBe(403);
      expect((await call(who, 'POST', '/api/admin/keys')).statusCode).toBe(403);
    }
    const key = await call(owner, 'POST', '/api/admin/keys');
    expect(key.statusCode).toBe(201);
    const { prefix } = key.json<{ prefix: string }>();
    const revoke = (who: Signed) =>
      h.admin.inject({ method: 'DELETE', url: `/api/admin/keys/${prefix}`, headers: who.headers });
    expect((await revoke(operator)).statusCode).toBe(403);
    expect((await revoke(owner)).statusCode).toBe(204);
    // Any role reads the tenant's own offices and gateways; only an owner changes how clicks are judged.
    const egress = (who: Signed, method: 'GET' | 'PUT') =>
      h.admin.inject({
        method,
        url: '/api/admin/settings/egress-networks',
        headers: who.headers,
        ...(method === 'PUT' ? { payload: { networks: ['203.0.113.0/24'] } } : {}),
      });
    for (const who of [viewer, operator]) {
      expect((await egress(who, 'GET')).statusCode).toBe(200);
      expect((await egress(who, 'PUT')).statusCode).toBe(403);
    }
    expect((await egress(owner, 'PUT')).statusCode).toBe(200);
    // A viewer reads a profile's allow-listing values; sending a check is an operator's change.
    const relay = { name: 'R', host: '127.0.0.1', port: 1, tls: 'none', envelope_from: 'b@r.example' };
    const profile = (await call(operator, 'POST', '/api/admin/sending-profiles', relay)).json<{
      id: string;
    }>();
    const allowlist = `/api/admin/sending-profiles/${profile.id}/allowlist`;
    expect((await call(viewer, 'GET', allowlist)).statusCode).toBe(200);
    expect((await call(viewer, 'GET', `${allowlist}-checks`)).statusCode).toBe(200);
    expect((await call(viewer, 'POST', `${allowlist}-checks`, { to: 'v@example.com' })).statusCode).toBe(403);

    expect((await call(owner, 'POST', '/api/admin/users', newUser)).statusCode).toBe(201);
    expect((await call(owner, 'GET', '/api/admin/users')).json<{ users: unknown[] }>().users).toHaveLength(4);
  });

  it('refuses a change without the CSRF token, with a wrong one, or from another origin', async () => {
    const h = get();
    const operator = await userWithRole(h, await newTenant(h), 'operator');
    const post = (headers: Record<string, string>, payload: object | string = campaignFile()) =>
      h.admin.inject({ method: 'POST', url: '/api/admin/campaigns', headers, payload });
    const attempts: Record<string, string>[] = [
      { cookie: operator.cookie },
      { cookie: operator.cookie, 'x-csrf-token': 'forged' },
      { ...operator.headers, origin: 'https://evil.example' },
    ];
    for (const headers of attempts) {
      const res = await post(headers);
      expect(res.statusCode).toBe(403);
      expect(res.json<{ error: { code: string } }>().error.code).toBe('csrf_failed');
    }
    // What a cross-site HTML form can send: the cookie (were it sent), a form body, no header.
    const form = await post(
      {
        cookie: operator.cookie,
        origin: 'https://evil.example',
        'content-type': 'application/x-www-form-urlencoded',
      },
      'name=Evil',
    );
    expect(form.statusCode).toBeGreaterThanOrEqual(400);
    expect(form.statusCode).toBeLessThan(500);
    expect(
      (
        await h.admin.inject({ method: 'GET', url: '/api/admin/campaigns', headers: operator.headers })
      ).json(),
    ).toEqual({
      campaigns: [],
    });
    expect((await post({ ...operator.headers, origin: 'http://localhost:80' })).statusCode).toBe(201);
  });

  it('ends a session on sign-out, on idle and absolute expiry, and on the next sign-in', async () => {
    const h = get();
    const tenant = await newTenant(h);
    const me = (cookie: string) =>
      h.admin.inject({ method: 'GET', url: '/api/admin/campaigns', headers: { cookie } });

    const out = await userWithRole(h, tenant, 'viewer');
    expect((await me(out.cookie)).statusCode).toBe(200);
    const signOut = await h.admin.inject({
      method: 'DELETE',
      url: '/api/admin/session',
      headers: out.headers,
    });
    expect(signOut.statusCode).toBe(204);
    expect((await me(out.cookie)).statusCode).toBe(401);

    const idle = await userWithRole(h, tenant, 'viewer');
    const longAgo = new Date(Date.now() - (h.config.session.idleMinutes + 1) * 60_000).toISOString();
    await h.database.db.updateTable('sessions').set({ last_seen_at: longAgo }).execute();
    const stale = await me(idle.cookie);
    expect(stale.statusCode).toBe(401);
    expect(stale.json()).toEqual({
      error: { code: 'unauthorized', message: 'Your session has ended: sign in again' },
    });

    const absolute = await userWithRole(h, tenant, 'viewer');
    await h.database.db
      .updateTable('sessions')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .execute();
    expect((await me(absolute.cookie)).statusCode).toBe(401);

    const first = await userWithRole(h, tenant, 'viewer');
    const again = await signIn(h, first.email, PASSWORD, first.cookie);
    expect(sessionCookie(again)).not.toBe(first.cookie);
    expect((await me(first.cookie)).statusCode).toBe(401);
    expect((await me(sessionCookie(again))).statusCode).toBe(200);
  });

  it(`locks an address after ${MAX_FAILURES} failures, even for the right password, with a clear message`, async () => {
    const h = get();
    const tenant = await newTenant(h);
    await createUser(h.database.db, tenant.tenantId, {
      email: 'cy@example.com',
      name: 'Cy',
      role: 'owner',
      password: PASSWORD,
    });
    const answers: number[] = [];
    for (let i = 0; i < MAX_FAILURES; i++)
      answers.push((await signIn(h, 'cy@example.com', `wrong ${i}`)).statusCode);
    expect(answers).toEqual([401, 401, 401, 401, 429]);
    const locked = await signIn(h, 'cy@example.com');
    expect(locked.statusCode).toBe(429);
    expect(locked.json<{ error: { code: string; message: string } }>().error).toMatchObject({
      code: 'account_locked',
      message: expect.stringMatching(
        /^Too many failed sign-ins for this account\. Try again after \d\d:\d\d UTC\.$/,
      ),
    });
    // The same for an address without an account: the lockout does not reveal which exist.
    for (let i = 0; i < MAX_FAILURES - 1; i++) await signIn(h, 'ghost@example.com', 'x');
    expect((await signIn(h, 'ghost@example.com', 'x')).json<{ error: { code: string } }>().error.code).toBe(
      'account_locked',
    );
  });

  it(`limits sign-in attempts per address to ${SIGN_IN_PER_MINUTE} a minute, whatever the account`, async () => {
    const h = get();
    const statuses: number[] = [];
    for (let i = 0; i <= SIGN_IN_PER_MINUTE; i++) {
      statuses.push((await signIn(h, `try${i}@example.com`, 'x', undefined, '192.0.2.77')).statusCode);
    }
    expect(statuses.slice(0, SIGN_IN_PER_MINUTE).every((s) => s === 401)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    // Another address is not held back by that one.
    expect((await signIn(h, 'try@example.com', 'x', undefined, '192.0.2.78')).statusCode).toBe(401);
  });

  it('keeps an audit log of who changed what, readable by owners', async () => {
    const h = get();
    const tenant = await newTenant(h);
    const operator = await userWithRole(h, tenant, 'operator');
    const owner = await userWithRole(h, tenant, 'owner');
    const created = await h.admin.inject({
      method: 'POST',
      url: '/api/admin/campaigns?draft=true',
      headers: operator.headers,
      payload: campaignFile(),
    });
    const id = created.json<{ id: string }>().id;
    await h.admin.inject({
      method: 'POST',
      url: `/api/admin/campaigns/${id}/launch`,
      headers: operator.headers,
      payload: {},
    });
    await h.admin.inject({ method: 'POST', url: `/api/admin/campaigns/${id}/end`, headers: tenant.headers });
    const newUser = (
      await h.admin.inject({
        method: 'POST',
        url: '/api/admin/users',
        headers: owner.headers,
        payload: { email: 'new@example.com', name: 'New', role: 'viewer', password: 'a password to hide' },
      })
    ).json<{ id: string }>();
    const log = await h.admin.inject({ method: 'GET', url: '/api/admin/audit', headers: owner.headers });
    const entries = log.json<{ entries: { actor: string; action: string; target: string | null }[] }>()
      .entries;
    // The key's stored prefix, as the keys list shows it (base64url: it may hold _ or -).
    const keys = await h.admin.inject({ method: 'GET', url: '/api/admin/keys', headers: tenant.headers });
    const prefix = keys.json<{ keys: { prefix: string }[] }>().keys[0]?.prefix;
    expect(entries.map(({ actor, action, target }) => ({ actor, action, target }))).toEqual(
      expect.arrayContaining([
        { actor: operator.email, action: 'session.sign_in', target: null },
        { actor: operator.email, action: 'campaign.create', target: id },
        { actor: operator.email, action: 'campaign.launch', target: id },
        { actor: `api key ${prefix}`, action: 'campaign.end', target: id },
        { actor: owner.email, action: 'user.create', target: newUser.id },
      ]),
    );
    expect(log.body).not.toContain('a password to hide');
  });

  it('keeps one active owner, and a disabled user is signed out and cannot sign in', async () => {
    const h = get();
    const tenant = await newTenant(h);
    const owner = await userWithRole(h, tenant, 'owner');
    const viewer = await userWithRole(h, tenant, 'viewer');
    const users = (
      await h.admin.inject({ method: 'GET', url: '/api/admin/users', headers: owner.headers })
    ).json<{ users: { id: string; email: string }[] }>().users;
    const id = (email: string) => users.find((u) => u.email === email)?.id ?? '';
    const demote = await h.admin.inject({
      method: 'PATCH',
      url: `/api/admin/users/${id(owner.email)}`,
      headers: owner.headers,
      payload: { role: 'operator' },
    });
    expect(demote.statusCode).toBe(409);
    expect(demote.json<{ error: { code: string } }>().error.code).toBe('last_owner');
    const disable = await h.admin.inject({
      method: 'PATCH',
      url: `/api/admin/users/${id(viewer.email)}`,
      headers: owner.headers,
      payload: { disabled: true },
    });
    expect(disable.json()).toMatchObject({ disabled: true });
    expect(
      (
        await h.admin.inject({
          method: 'GET',
          url: '/api/admin/campaigns',
          headers: { cookie: viewer.cookie },
        })
      ).statusCode,
    ).toBe(401);
    expect((await signIn(h, viewer.email)).statusCode).toBe(401);
  });
});

describeEachDatabase('the public listener', (get) => {
  it('answers every operator path with the plain 404, whatever the credentials', async () => {
    const h = get();
    const tenant = await newTenant(h);
    const owner = await userWithRole(h, tenant, 'owner');
    const paths = [
      '/api/openapi.json',
      '/api/admin/session',
      '/api/admin/campaigns',
      '/api/admin/users',
      '/api/admin/audit',
      '/api/admin/keys',
    ];
    for (const url of paths) {
      for (const headers of [{}, tenant.headers, owner.headers]) {
        for (const method of ['GET', 'POST'] as const) {
          const res = await h.app.inject({ method, url, headers });
          expect(res.statusCode, `${method} ${url}`).toBe(404);
          expect(res.json(), url).toEqual({ error: { code: 'not_found', message: 'Not found' } });
          expect(res.body.toLowerCase()).not.toMatch(/hookwise|admin|api key|sign in/);
        }
      }
    }
    // The same paths do answer on the admin listener.
    expect((await h.admin.inject({ method: 'GET', url: '/api/openapi.json' })).statusCode).toBe(200);
  });
});
