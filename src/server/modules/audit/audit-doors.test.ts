/**
 * No door bypasses the audit log: a change through a console session or an API key is
 * recorded by the service that makes it, under who acted, in the change's own transaction. When
 * the audit row cannot be written the change does not happen, and with nobody acting nothing
 * happens at all. (The command line: src/server/cli/audit-commands.test.ts.)
 */
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import type { AuditEntry } from '@shared/audit';
import type { Db } from '@server/db/schema';
import { campaignFile, newTenant, type TestTenant } from '@server/test/admin-fixtures';
import { describeEachDatabase, type Harness } from '@server/test/harness';
import { scimClient } from '@server/test/scim-fixtures';
import { createUser } from '../accounts/accounts.service';
import { setFallbackActor } from './actor-context';

const PASSWORD = 'correct horse battery staple';
const unique = (name: string) => `${name}-${Math.random().toString(36).slice(2, 8)}@example.com`;
const PROFILE = {
  name: 'Relay',
  host: '127.0.0.1',
  port: 2525,
  tls: 'none',
  envelope_from: 'bounces@northwind.example',
  headers: {},
};

interface Door {
  headers: Record<string, string>;
  actor: string;
  kind: AuditEntry['actor_kind'];
}

async function sessionDoor(h: Harness, tenant: TestTenant): Promise<Door> {
  const email = unique('owner');
  await createUser(h.database.db, tenant.tenantId, {
    email,
    name: 'Owner',
    role: 'owner',
    password: PASSWORD,
  });
  const res = await h.admin.inject({
    method: 'POST',
    url: '/api/admin/session',
    payload: { email, password: PASSWORD },
    remoteAddress: `10.7.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
  });
  const cookie = res.cookies.find((c) => c.name === 'hw_session');
  if (!cookie) throw new Error(res.body);
  const headers = {
    cookie: `hw_session=${cookie.value}`,
    'x-csrf-token': res.json<{ csrf_token: string }>().csrf_token,
  };
  return { headers, actor: email, kind: 'user' };
}

async function keyDoor(h: Harness, tenant: TestTenant): Promise<Door> {
  const keys = await h.admin.inject({ method: 'GET', url: '/api/admin/keys', headers: tenant.headers });
  const prefix = keys.json<{ keys: { prefix: string }[] }>().keys[0]?.prefix;
  return { headers: tenant.headers, actor: `api key ${prefix}`, kind: 'api_key' };
}

/** Create, change and delete users, API keys, campaigns and sending profiles through one door. */
async function changeEverything(h: Harness, door: Door) {
  const call = async (method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: object) => {
    const res = await h.admin.inject({ method, url, headers: door.headers, ...(payload ? { payload } : {}) });
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
    return res.body ? res.json<{ id: string; prefix: string }>() : { id: '', prefix: '' };
  };
  const user = await call('POST', '/api/admin/users', {
    email: unique('jana'),
    name: 'Jana',
    role: 'viewer',
    password: 'a password to hide',
  });
  await call('PATCH', `/api/admin/users/${user.id}`, { role: 'operator' });
  await call('POST', `/api/admin/users/${user.id}/password`, { password: 'another password to hide' });
  const key = await call('POST', '/api/admin/keys');
  await call('DELETE', `/api/admin/keys/${key.prefix}`);
  const campaign = await call('POST', '/api/admin/campaigns', campaignFile({ name: 'Door lure' }));
  await call('POST', `/api/admin/campaigns/${campaign.id}/end`);
  const profile = await call('POST', '/api/admin/sending-profiles', PROFILE);
  await call('PUT', `/api/admin/sending-profiles/${profile.id}`, { ...PROFILE, name: 'Relay 2' });
  await call('DELETE', `/api/admin/sending-profiles/${profile.id}`);
  return { user: user.id, key: key.prefix, campaign: campaign.id, profile: profile.id };
}

async function auditOf(h: Harness, tenant: TestTenant) {
  const res = await h.admin.inject({
    method: 'GET',
    url: '/api/admin/audit?limit=500',
    headers: tenant.headers,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ entries: AuditEntry[] }>().entries;
}

/** Makes every audit insert fail, as a full disk or a revoked grant would, until undone. */
async function breakAuditLog(h: Harness): Promise<() => Promise<void>> {
  const { db } = h.database;
  if (h.database.dialect === 'postgres') {
    await sql`create function hw_audit_down() returns trigger language plpgsql as $$ begin raise exception 'audit down'; end $$`.execute(
      db,
    );
    await sql`create trigger audit_down before insert on audit_log for each row execute function hw_audit_down()`.execute(
      db,
    );
    return async () => {
      await sql`drop trigger audit_down on audit_log`.execute(db);
      await sql`drop function hw_audit_down()`.execute(db);
    };
  }
  await sql`create trigger audit_down before insert on audit_log begin select raise(abort, 'audit down'); end`.execute(
    db,
  );
  return async () => {
    await sql`drop trigger audit_down`.execute(db);
  };
}

const count = async (db: Db, table: 'users' | 'campaigns', column: 'email' | 'tenant_id', value: string) =>
  Number(
    (
      await db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .where(column, '=', value)
        .executeTakeFirstOrThrow()
    ).n,
  );

describeEachDatabase('every door is audited', (get) => {
  for (const [name, open] of [
    ['a console session', sessionDoor],
    ['an API key', keyDoor],
  ] as const) {
    it(`records each change made through ${name} under who made it`, async () => {
      const h = get();
      const tenant = await newTenant(h);
      const door = await open(h, tenant);
      const ids = await changeEverything(h, door);
      const entries = await auditOf(h, tenant);
      const by = (action: string, target: string) => ({ actor: door.actor, kind: door.kind, action, target });
      expect(
        entries.map((e) => ({ actor: e.actor, kind: e.actor_kind, action: e.action, target: e.target })),
      ).toEqual(
        expect.arrayContaining([
          by('user.create', ids.user),
          by('user.change', ids.user),
          by('user.reset_password', ids.user),
          by('api_key.create', ids.key),
          by('api_key.revoke', ids.key),
          by('campaign.create', ids.campaign),
          by('campaign.end', ids.campaign),
          by('sending_profile.create', ids.profile),
          by('sending_profile.edit', ids.profile),
          by('sending_profile.delete', ids.profile),
        ]),
      );
      // Once each: the service writes the row, nothing else writes a second one.
      expect(entries.filter((e) => e.action === 'campaign.create')).toHaveLength(1);
      const log = JSON.stringify(entries);
      expect(log).not.toContain('password to hide');
      expect(log).not.toContain('"status"');
    });
  }

  it('rolls a change back when its audit row cannot be written, and answers an error', async () => {
    const h = get();
    const tenant = await newTenant(h);
    const door = await sessionDoor(h, tenant);
    const email = unique('ghost');
    const before = await count(h.database.db, 'campaigns', 'tenant_id', tenant.tenantId);
    const repair = await breakAuditLog(h);
    try {
      for (const headers of [door.headers, tenant.headers]) {
        const user = await h.admin.inject({
          method: 'POST',
          url: '/api/admin/users',
          headers,
          payload: { email, name: 'Ghost', role: 'viewer', password: 'a long enough password' },
        });
        expect(user.statusCode).toBe(500);
        const campaign = await h.admin.inject({
          method: 'POST',
          url: '/api/admin/campaigns',
          headers,
          payload: campaignFile({ name: 'Never' }),
        });
        expect(campaign.statusCode).toBe(500);
        expect(campaign.body).not.toContain('audit down');
      }
      await expect(
        createUser(h.database.db, tenant.tenantId, {
          email,
          name: 'Ghost',
          role: 'viewer',
          password: PASSWORD,
        }),
      ).rejects.toThrow(/audit down/);
    } finally {
      await repair();
    }
    expect(await count(h.database.db, 'users', 'email', email)).toBe(0);
    expect(await count(h.database.db, 'campaigns', 'tenant_id', tenant.tenantId)).toBe(before);
    // Repaired, the same change goes through, with its row.
    const again = await h.admin.inject({
      method: 'POST',
      url: '/api/admin/campaigns',
      headers: door.headers,
      payload: campaignFile({ name: 'Now' }),
    });
    expect(again.statusCode).toBe(201);
    expect((await auditOf(h, tenant)).filter((e) => e.action === 'campaign.create')).toHaveLength(1);
  });

  it('records each change made through the SCIM door under its token, and rolls one back without its row', async () => {
    const h = get();
    const tenant = await newTenant(h);
    const scim = await scimClient(h, tenant);
    const patch = (Operations: object[]) => ({
      schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'],
      Operations,
    });
    const user = (await scim.request('POST', '/Users', { userName: unique('door'), active: true })).json<{
      id: string;
    }>();
    await scim.request(
      'PATCH',
      `/Users/${user.id}`,
      patch([{ op: 'Replace', path: 'displayName', value: 'Door' }]),
    );
    await scim.request(
      'PATCH',
      `/Users/${user.id}`,
      patch([{ op: 'Replace', path: 'active', value: 'False' }]),
    );
    const group = (await scim.request('POST', '/Groups', { displayName: 'Door group', members: [] })).json<{
      id: string;
    }>();
    await scim.request(
      'PATCH',
      `/Groups/${group.id}`,
      patch([{ op: 'Add', path: 'members', value: [{ value: user.id }] }]),
    );
    expect((await scim.request('DELETE', `/Groups/${group.id}`)).statusCode).toBe(204);
    expect((await scim.request('DELETE', `/Users/${user.id}`)).statusCode).toBe(204);

    const actor = `scim token ${scim.prefix}`;
    const entries = (await auditOf(h, tenant)).filter((e) => e.actor === actor);
    expect(
      entries.map((e) => ({ kind: e.actor_kind, action: e.action, target: e.target })).reverse(),
    ).toEqual([
      { kind: 'scim', action: 'person.create', target: user.id },
      { kind: 'scim', action: 'person.update', target: user.id },
      { kind: 'scim', action: 'person.deactivate', target: user.id },
      { kind: 'scim', action: 'group.create', target: group.id },
      { kind: 'scim', action: 'group.update', target: group.id },
      { kind: 'scim', action: 'group.delete', target: group.id },
      { kind: 'scim', action: 'person.deactivate', target: user.id },
    ]);
    // The token itself was minted by the API key, and says so.
    expect((await auditOf(h, tenant)).find((e) => e.action === 'scim_token.create')).toMatchObject({
      actor_kind: 'api_key',
      target: scim.prefix,
    });

    const people = async () =>
      Number(
        (
          await h.database.db
            .selectFrom('people')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('tenant_id', '=', tenant.tenantId)
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await people();
    const repair = await breakAuditLog(h);
    try {
      const refused = await scim.request('POST', '/Users', { userName: unique('never') });
      expect(refused.statusCode).toBe(500);
      expect(refused.json()).toMatchObject({ status: '500', detail: 'Internal server error' });
    } finally {
      await repair();
    }
    expect(await people()).toBe(before);
  });

  it('refuses a change when nobody is acting', async () => {
    const h = get();
    const tenant = await newTenant(h);
    const email = unique('nobody');
    setFallbackActor(undefined);
    try {
      await expect(
        createUser(h.database.db, tenant.tenantId, {
          email,
          name: 'Nobody',
          role: 'viewer',
          password: PASSWORD,
        }),
      ).rejects.toThrow(/nobody is acting/);
    } finally {
      setFallbackActor('test');
    }
    expect(await count(h.database.db, 'users', 'email', email)).toBe(0);
  });
});
