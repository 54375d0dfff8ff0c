/**
 * The audit log as a person reads it: names instead of ids, the kind of each action, filters by
 * who, what kind and when (validated), previews left out on request, and a CSV a spreadsheet
 * opens without running anything.
 */
import { expect, it } from 'vitest';
import type { AuditEntry } from '@shared/audit';
import { campaignFile, newTenant, type TestTenant } from '@server/test/admin-fixtures';
import { describeEachDatabase, type Harness } from '@server/test/harness';
import { createUser } from '../accounts/accounts.service';

const PASSWORD = 'correct horse battery staple';
/** Emails are unique across tenants: each test has its own. */
const unique = (name: string) => `${name}-${Math.random().toString(36).slice(2, 8)}@example.com`;

async function signedIn(h: Harness, tenant: TestTenant, email: string, name: string) {
  await createUser(h.database.db, tenant.tenantId, { email, name, role: 'owner', password: PASSWORD });
  const res = await h.admin.inject({
    method: 'POST',
    url: '/api/admin/session',
    payload: { email, password: PASSWORD },
    remoteAddress: `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
  });
  const cookie = res.cookies.find((c) => c.name === 'hw_session');
  if (!cookie) throw new Error(res.body);
  return {
    cookie: `hw_session=${cookie.value}`,
    'x-csrf-token': res.json<{ csrf_token: string }>().csrf_token,
  };
}

async function audit(h: Harness, headers: Record<string, string>, query = '') {
  const res = await h.admin.inject({ method: 'GET', url: `/api/admin/audit${query}`, headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ entries: AuditEntry[] }>().entries;
}

describeEachDatabase('the audit log', (get) => {
  it('names the actor, the campaign and the created user instead of their ids', async () => {
    const h = get();
    const tenant = await newTenant(h);
    const alexEmail = unique('alex');
    const janaEmail = unique('jana');
    const alex = await signedIn(h, tenant, alexEmail, 'Alex Example');
    const created = await h.admin.inject({
      method: 'POST',
      url: '/api/admin/campaigns?draft=true',
      headers: alex,
      payload: campaignFile({ name: 'Invoice lure' }),
    });
    const campaignId = created.json<{ id: string }>().id;
    await h.admin.inject({
      method: 'POST',
      url: '/api/admin/users',
      headers: alex,
      payload: { email: janaEmail, name: 'Jana', role: 'viewer', password: 'a long enough password' },
    });
    const entries = await audit(h, alex);
    const create = entries.find((e) => e.action === 'campaign.create');
    expect(create).toMatchObject({
      actor: alexEmail,
      actor_kind: 'user',
      actor_name: 'Alex Example',
      kind: 'campaign',
      target: campaignId,
      target_name: 'Invoice lure',
    });
    expect(entries.find((e) => e.action === 'user.create')).toMatchObject({
      actor_name: 'Alex Example',
      kind: 'users',
      target_name: janaEmail,
    });
    expect(entries.find((e) => e.action === 'session.sign_in')).toMatchObject({ kind: 'sign_in' });
  });

  it('filters by who, what kind and when, and leaves previews out on request', async () => {
    const h = get();
    const tenant = await newTenant(h);
    const alexEmail = unique('alex');
    const alex = await signedIn(h, tenant, alexEmail, 'Alex');
    const campaignId = (
      await h.admin.inject({
        method: 'POST',
        url: '/api/admin/campaigns',
        headers: tenant.headers,
        payload: campaignFile(),
      })
    ).json<{ id: string }>().id;
    for (let i = 0; i < 3; i++) {
      await h.admin.inject({
        method: 'POST',
        url: `/api/admin/campaigns/${campaignId}/preview`,
        headers: alex,
        payload: { language: 'en' },
      });
    }
    const all = await audit(h, alex);
    expect(all.filter((e) => e.kind === 'preview')).toHaveLength(3);

    const byAlex = await audit(h, alex, `?actor=${encodeURIComponent(alexEmail)}`);
    expect(byAlex.length).toBeGreaterThan(0);
    expect(byAlex.every((e) => e.actor === alexEmail)).toBe(true);

    const previews = await audit(h, alex, '?kind=preview');
    expect(previews.map((e) => e.action)).toEqual([
      'campaign.preview',
      'campaign.preview',
      'campaign.preview',
    ]);
    expect(previews[0]).toMatchObject({ target_name: 'Quarterly test' });
    const campaigns = await audit(h, alex, '?kind=campaign');
    expect(campaigns.map((e) => e.action)).toEqual(['campaign.create']);

    const folded = await audit(h, alex, '?previews=false');
    expect(folded.some((e) => e.kind === 'preview')).toBe(false);
    expect(folded.map((e) => e.action)).toEqual(
      expect.arrayContaining(['campaign.create', 'session.sign_in']),
    );

    const future = new Date(Date.now() + 3_600_000).toISOString();
    expect(await audit(h, alex, `?from=${encodeURIComponent(future)}`)).toEqual([]);
    expect((await audit(h, alex, `?to=${encodeURIComponent(future)}`)).length).toBe(all.length);
    const past = new Date(Date.now() - 3_600_000).toISOString();
    expect(await audit(h, alex, `?to=${encodeURIComponent(past)}`)).toEqual([]);

    for (const bad of [
      '?kind=everything',
      '?from=yesterday',
      `?from=${future}&to=${past}`,
      '?previews=maybe',
    ]) {
      const res = await h.admin.inject({ method: 'GET', url: `/api/admin/audit${bad}`, headers: alex });
      expect(res.statusCode, bad).toBe(400);
    }

    const actors = await h.admin.inject({ method: 'GET', url: '/api/admin/audit/actors', headers: alex });
    expect(actors.json<{ actors: { actor: string; name: string | null }[] }>().actors).toEqual(
      expect.arrayContaining([{ actor: alexEmail, name: 'Alex' }]),
    );
  });

  it('exports the filtered log as CSV with formulas neutralised, never JSON', async () => {
    const h = get();
    const tenant = await newTenant(h);
    await h.admin.inject({
      method: 'POST',
      url: '/api/admin/campaigns',
      headers: tenant.headers,
      payload: campaignFile({ name: '=HYPERLINK("http://evil.example","x")' }),
    });
    const janaEmail = unique('jana');
    await h.admin.inject({
      method: 'POST',
      url: '/api/admin/users',
      headers: tenant.headers,
      payload: { email: janaEmail, name: '+Jana', role: 'viewer', password: 'a long enough password' },
    });
    const res = await h.admin.inject({
      method: 'GET',
      url: '/api/admin/audit.csv?kind=campaign',
      headers: tenant.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toMatch(/attachment/);
    const lines = res.body.trim().split('\n');
    expect(lines[0]).toBe('at,actor,actor_name,kind,action,target,campaign,details');
    expect(lines).toHaveLength(2);
    expect(res.body).toContain(`"'=HYPERLINK(""http://evil.example"",""x"")"`);
    expect(res.body).not.toMatch(/(^|,)"?=/m);
    expect(res.body).not.toContain('{"');
    expect(res.body).not.toContain('status');
    const operators = await h.admin.inject({
      method: 'GET',
      url: '/api/admin/audit.csv',
      headers: tenant.headers,
    });
    expect(operators.body).toContain(janaEmail);
  });
});
