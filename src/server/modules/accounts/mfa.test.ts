/**
 * Two-step sign-in as a console user meets it: enrolment (sealed secret, QR code, recovery codes
 * once), sign-in with a code, a wrong, replayed or spent code, the unchanged lockout, the
 * tenant's policy (an enrolment-only session), and an owner's reset.
 */
import type { LightMyRequestResponse } from 'fastify';
import { generate } from 'otplib';
import { expect, it } from 'vitest';
import type { Role } from '@shared/admin-api';
import { newTenant, type TestTenant } from '@server/test/admin-fixtures';
import { describeEachDatabase, type Harness } from '@server/test/harness';
import { createUser, MAX_FAILURES } from './accounts.service';

const PASSWORD = 'correct horse battery staple';

interface Signed {
  id: string;
  email: string;
  headers: Record<string, string>;
}

const octet = () => Math.floor(Math.random() * 250) + 1;

function signIn(h: Harness, email: string, extra: { password?: string; code?: string } = {}) {
  return h.admin.inject({
    method: 'POST',
    url: '/api/admin/session',
    payload: { email, password: extra.password ?? PASSWORD, ...(extra.code ? { code: extra.code } : {}) },
    remoteAddress: `10.${octet()}.${octet()}.${octet()}`,
  });
}

function signedFrom(res: LightMyRequestResponse, id: string, email: string): Signed {
  expect(res.statusCode, res.body).toBe(200);
  const cookie = res.cookies.find((c) => c.name === 'hw_session');
  const csrf = res.json<{ csrf_token: string }>().csrf_token;
  return { id, email, headers: { cookie: `hw_session=${cookie?.value ?? ''}`, 'x-csrf-token': csrf } };
}

async function newUser(h: Harness, tenant: TestTenant, role: Role = 'operator'): Promise<Signed> {
  const email = `${role}-${Math.random().toString(36).slice(2)}@example.com`;
  const user = await createUser(h.database.db, tenant.tenantId, {
    email,
    name: role,
    role,
    password: PASSWORD,
  });
  return signedFrom(await signIn(h, email), user.id, email);
}

/** The code of `secret` `steps` time steps from now (30 s each). */
const codeAt = (secret: string, steps = 0) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });

const errorCode = (res: LightMyRequestResponse) => res.json<{ error: { code: string } }>().error.code;

/** Sets two-step sign-in up through the API; the secret it showed and the recovery codes. */
async function enrol(h: Harness, who: Signed) {
  const start = await h.admin.inject({
    method: 'POST',
    url: '/api/admin/account/mfa/start',
    headers: who.headers,
  });
  expect(start.statusCode, start.body).toBe(200);
  const { secret, otpauth_uri, qr_code } = start.json<{
    secret: string;
    otpauth_uri: string;
    qr_code: string;
  }>();
  expect(otpauth_uri).toMatch(/^otpauth:\/\/totp\/Hookwise:.*secret=/);
  expect(qr_code).toMatch(/^data:image\/svg\+xml;base64,/);
  const confirm = await h.admin.inject({
    method: 'POST',
    url: '/api/admin/account/mfa/confirm',
    headers: who.headers,
    payload: { code: await codeAt(secret) },
  });
  expect(confirm.statusCode, confirm.body).toBe(200);
  const { recovery_codes } = confirm.json<{ recovery_codes: string[] }>();
  return { secret, recoveryCodes: recovery_codes };
}

/** Forgets the last accepted time step, so a test can sign in again within the same 30 s. */
async function forgetLastStep(h: Harness, id: string) {
  await h.database.db.updateTable('users').set({ mfa_last_step: null }).where('id', '=', id).execute();
}

async function auditActions(h: Harness, tenantId: string) {
  const rows = await h.database.db
    .selectFrom('audit_log')
    .select(['action', 'details', 'target'])
    .where('tenant_id', '=', tenantId)
    .execute();
  return rows.map((r) => ({ action: r.action, target: r.target, details: JSON.parse(r.details) as unknown }));
}

describeEachDatabase('two-step sign-in', (get) => {
  it('enrols with a sealed secret, asks for a code at sign-in, takes one a step off, refuses a replay', async () => {
    const h = get();
    const tenant = await newTenant(h);
    const ana = await newUser(h, tenant);
    const { secret, recoveryCodes } = await enrol(h, ana);
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);

    // Sealed at rest, recovery codes only as hashes, nothing secret in a log line.
    const row = await h.database.db
      .selectFrom('users')
      .select(['mfa_secret_sealed', 'mfa_pending_sealed'])
      .where('id', '=', ana.id)
      .executeTakeFirstOrThrow();
    expect(row.mfa_secret_sealed).toMatch(/^v1\./);
    expect(row.mfa_secret_sealed).not.toContain(secret);
    expect(row.mfa_pending_sealed).toBeNull();
    const hashes = await h.database.db.selectFrom('recovery_codes').select('code_hash').execute();
    expect(hashes.map((r) => r.code_hash)).not.toContain(recoveryCodes[0]);
    const status = await h.admin.inject({
      method: 'GET',
      url: '/api/admin/account/mfa',
      headers: ana.headers,
    });
    expect(status.json()).toEqual({ enabled: true, required: false, recovery_codes_left: 10 });
    // The secret never comes back once it is on.
    const again = await h.admin.inject({
      method: 'POST',
      url: '/api/admin/account/mfa/start',
      headers: ana.headers,
    });
    expect(errorCode(again)).toBe('mfa_already_on');

    const noCode = await signIn(h, ana.email);
    expect(noCode.statusCode).toBe(401);
    expect(errorCode(noCode)).toBe('mfa_required');
    expect(noCode.cookies).toEqual([]);
    // The next step's code (clocks drift by one step either side).
    const code = await codeAt(secret, 1);
    const withCode = await signIn(h, ana.email, { code });
    expect(withCode.statusCode, withCode.body).toBe(200);
    expect(withCode.json()).toMatchObject({ user: { mfa_enabled: true }, mfa_enrolment_required: false });
    const replay = await signIn(h, ana.email, { code });
    expect(replay.statusCode).toBe(401);
    expect(errorCode(replay)).toBe('invalid_code');
    // Two steps off is too far.
    await forgetLastStep(h, ana.id);
    expect(errorCode(await signIn(h, ana.email, { code: await codeAt(secret, -3) }))).toBe('invalid_code');
    expect((await signIn(h, ana.email, { code: await codeAt(secret, -1) })).statusCode).toBe(200);

    const log = h.logs.join('\n');
    for (const value of [secret, code, ...recoveryCodes]) expect(log).not.toContain(value);
    const actions = await auditActions(h, tenant.tenantId);
    expect(actions.map((a) => a.action)).toEqual(
      expect.arrayContaining(['user.mfa_start', 'user.mfa_enrol', 'session.sign_in']),
    );
    expect(actions.filter((a) => a.action === 'session.sign_in_failed').map((a) => a.details)).toEqual([
      { reason: 'invalid_code' },
      { reason: 'invalid_code' },
    ]);
  });

  it('takes a recovery code once, and refuses a wrong enrolment code', async () => {
    const h = get();
    const tenant = await newTenant(h);
    const bo = await newUser(h, tenant);
    const start = await h.admin.inject({
      method: 'POST',
      url: '/api/admin/account/mfa/start',
      headers: bo.headers,
    });
    const { secret } = start.json<{ secret: string }>();
    const wrong = await h.admin.inject({
      method: 'POST',
      url: '/api/admin/account/mfa/confirm',
      headers: bo.headers,
      payload: { code: (await codeAt(secret)) === '000000' ? '111111' : '000000' },
    });
    expect(errorCode(wrong)).toBe('invalid_code');
    const { recoveryCodes } = await enrol(h, bo);
    const recovery = recoveryCodes[3]!;
    // Typed back in capitals, without dashes: still the same code.
    const first = await signIn(h, bo.email, { code: recovery.replaceAll('-', '').toUpperCase() });
    expect(first.statusCode, first.body).toBe(200);
    const second = await signIn(h, bo.email, { code: recovery });
    expect(second.statusCode).toBe(401);
    expect(errorCode(second)).toBe('invalid_code');
    const me = signedFrom(first, bo.id, bo.email);
    const status = await h.admin.inject({
      method: 'GET',
      url: '/api/admin/account/mfa',
      headers: me.headers,
    });
    expect(status.json()).toMatchObject({ recovery_codes_left: 9 });
  });

  it(`locks after ${MAX_FAILURES} wrong codes, as after ${MAX_FAILURES} wrong passwords`, async () => {
    const h = get();
    const tenant = await newTenant(h);
    const cy = await newUser(h, tenant);
    const { secret } = await enrol(h, cy);
    const good = await codeAt(secret, 1);
    const bad = good === '123456' ? '654321' : '123456';
    const answers: number[] = [];
    // Mixed: wrong passwords and wrong codes count alike, toward the same lockout.
    answers.push((await signIn(h, cy.email, { password: 'wrong password' })).statusCode);
    for (let i = 1; i < MAX_FAILURES; i++)
      answers.push((await signIn(h, cy.email, { code: bad })).statusCode);
    expect(answers).toEqual([401, 401, 401, 401, 429]);
    const locked = await signIn(h, cy.email, { code: good });
    expect(locked.statusCode).toBe(429);
    expect(errorCode(locked)).toBe('account_locked');
    const actions = (await auditActions(h, tenant.tenantId)).map((a) => a.action);
    expect(actions.filter((a) => a === 'session.sign_in_failed')).toHaveLength(MAX_FAILURES - 1);
    expect(actions).toContain('session.locked');
  });

  it('turns off with a current code, unless the tenant requires it', async () => {
    const h = get();
    const tenant = await newTenant(h);
    const owner = await newUser(h, tenant, 'owner');
    const { secret } = await enrol(h, owner);
    const disable = (code: string) =>
      h.admin.inject({
        method: 'POST',
        url: '/api/admin/account/mfa/disable',
        headers: owner.headers,
        payload: { code },
      });
    const policy = (required: boolean) =>
      h.admin.inject({
        method: 'PUT',
        url: '/api/admin/settings/mfa',
        headers: owner.headers,
        payload: { required },
      });
    expect((await policy(true)).json()).toEqual({ required: true });
    expect(errorCode(await disable(await codeAt(secret, 1)))).toBe('mfa_required_by_tenant');
    expect((await policy(false)).statusCode).toBe(200);
    expect(errorCode(await disable('000000'))).toBe('invalid_code');
    expect((await disable(await codeAt(secret, 1))).statusCode).toBe(204);
    expect((await signIn(h, owner.email)).statusCode).toBe(200);
    const actions = (await auditActions(h, tenant.tenantId)).map((a) => a.action);
    expect(actions).toEqual(expect.arrayContaining(['settings.mfa_policy', 'user.mfa_disable']));
  });

  it('lets a user without it in only to enrol while the tenant requires it', async () => {
    const h = get();
    const tenant = await newTenant(h);
    const owner = await newUser(h, tenant, 'owner');
    const viewer = await newUser(h, tenant, 'viewer');
    // Only an owner sets the policy.
    const byViewer = await h.admin.inject({
      method: 'PUT',
      url: '/api/admin/settings/mfa',
      headers: viewer.headers,
      payload: { required: true },
    });
    expect(byViewer.statusCode).toBe(403);
    const set = await h.admin.inject({
      method: 'PUT',
      url: '/api/admin/settings/mfa',
      headers: owner.headers,
      payload: { required: true },
    });
    expect(set.statusCode).toBe(200);

    const signed = signedFrom(await signIn(h, viewer.email), viewer.id, viewer.email);
    const me = await h.admin.inject({ method: 'GET', url: '/api/admin/session', headers: signed.headers });
    expect(me.json()).toMatchObject({ mfa_enrolment_required: true });
    const campaigns = await h.admin.inject({
      method: 'GET',
      url: '/api/admin/campaigns',
      headers: signed.headers,
    });
    expect(campaigns.statusCode).toBe(403);
    expect(errorCode(campaigns)).toBe('mfa_enrolment_required');
    // The owner's own session (no MFA yet either) is held to it at once.
    const ownerCalls = await h.admin.inject({
      method: 'GET',
      url: '/api/admin/users',
      headers: owner.headers,
    });
    expect(errorCode(ownerCalls)).toBe('mfa_enrolment_required');

    await enrol(h, signed);
    const after = await h.admin.inject({
      method: 'GET',
      url: '/api/admin/campaigns',
      headers: signed.headers,
    });
    expect(after.statusCode).toBe(200);
    // An API key is not a user: the policy does not concern it.
    const byKey = await h.admin.inject({
      method: 'GET',
      url: '/api/admin/campaigns',
      headers: tenant.headers,
    });
    expect(byKey.statusCode).toBe(200);
  });

  it("lets an owner reset another user's two-step sign-in, ending their sessions", async () => {
    const h = get();
    const tenant = await newTenant(h);
    const other = await newTenant(h);
    const owner = await newUser(h, tenant, 'owner');
    const operator = await newUser(h, tenant, 'operator');
    const stranger = await newUser(h, other, 'owner');
    await enrol(h, operator);
    const reset = (who: Signed, id: string) =>
      h.admin.inject({ method: 'POST', url: `/api/admin/users/${id}/mfa/reset`, headers: who.headers });

    expect((await reset(operator, owner.id)).statusCode).toBe(403);
    expect((await reset(stranger, operator.id)).statusCode).toBe(404);
    expect(errorCode(await reset(owner, owner.id))).toBe('own_account');
    const users = await h.admin.inject({ method: 'GET', url: '/api/admin/users', headers: owner.headers });
    expect(users.json<{ users: { id: string; mfa_enabled: boolean }[] }>().users).toContainEqual(
      expect.objectContaining({ id: operator.id, mfa_enabled: true }),
    );
    expect((await reset(owner, operator.id)).statusCode).toBe(204);
    const ended = await h.admin.inject({
      method: 'GET',
      url: '/api/admin/campaigns',
      headers: operator.headers,
    });
    expect(ended.statusCode).toBe(401);
    expect((await signIn(h, operator.email)).statusCode).toBe(200);
    const actions = await auditActions(h, tenant.tenantId);
    expect(actions).toContainEqual(
      expect.objectContaining({ action: 'user.mfa_reset', target: operator.id }),
    );
  });
});
