/**
 * The audit log's housekeeping as an owner and a security review see it: how long it is kept
 * (owners only, validated, itself audited), pruning that removes only what is older and says
 * so in the log, the log as a JSON file, and each API key's first use of a day.
 */
import { expect, it } from 'vitest';
import type { AuditEntry } from '@shared/audit';
import { newTenant } from '@server/test/admin-fixtures';
import { describeEachDatabase, type Harness } from '@server/test/harness';
import { newRowId } from '@server/lib/ids';
import { actingAs, SYSTEM_ACTOR } from './actor-context';
import { pruneAuditLog } from './audit-retention';
import { insertAuditEntry } from './audit.repository';

const DAY = 86_400_000;
const RETENTION = '/api/admin/settings/audit-retention';

async function entries(h: Harness, headers: Record<string, string>): Promise<AuditEntry[]> {
  const res = await h.admin.inject({ method: 'GET', url: '/api/admin/audit?limit=500', headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ entries: AuditEntry[] }>().entries;
}

async function oldEntry(h: Harness, tenantId: string, daysAgo: number, action: string) {
  await insertAuditEntry(h.database.db, {
    id: newRowId(),
    tenant_id: tenantId,
    at: new Date(Date.now() - daysAgo * DAY).toISOString(),
    actor: 'ana@example.com',
    action,
    target: null,
    details: '{}',
  });
}

describeEachDatabase('audit retention, export and API-key use', (get) => {
  it('keeps entries for ever until an owner sets a period, validated and audited', async () => {
    const h = get();
    const tenant = await newTenant(h);
    const read = await h.admin.inject({ method: 'GET', url: RETENTION, headers: tenant.headers });
    expect(read.json()).toEqual({ days: null });
    for (const days of [10, 4000, 1.5, '90']) {
      const bad = await h.admin.inject({
        method: 'PUT',
        url: RETENTION,
        headers: tenant.headers,
        payload: { days },
      });
      expect(bad.statusCode, String(days)).toBe(400);
      expect(bad.json<{ error: { code: string } }>().error.code).toBe('validation_failed');
    }
    const set = await h.admin.inject({
      method: 'PUT',
      url: RETENTION,
      headers: tenant.headers,
      payload: { days: 365 },
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toEqual({ days: 365 });
    const again = await h.admin.inject({ method: 'GET', url: RETENTION, headers: tenant.headers });
    expect(again.json()).toEqual({ days: 365 });
    const log = await entries(h, tenant.headers);
    expect(log.find((e) => e.action === 'settings.audit_retention')).toMatchObject({
      details: { days: 365 },
      actor_kind: 'api_key',
    });
  });

  it('prunes only what is older than the period, writes down what it removed, and never twice', async () => {
    const h = get();
    const keeping = await newTenant(h, 'Keeps for 90 days');
    const forever = await newTenant(h, 'Keeps for ever');
    await h.admin.inject({ method: 'PUT', url: RETENTION, headers: keeping.headers, payload: { days: 90 } });
    await oldEntry(h, keeping.tenantId, 200, 'campaign.create');
    await oldEntry(h, keeping.tenantId, 91, 'campaign.edit');
    await oldEntry(h, keeping.tenantId, 89, 'campaign.launch');
    await oldEntry(h, forever.tenantId, 2000, 'campaign.create');

    const pruned = await actingAs(SYSTEM_ACTOR, () => pruneAuditLog(h.database.db));
    expect(pruned.filter((p) => p.tenantId === keeping.tenantId)).toEqual([
      { tenantId: keeping.tenantId, days: 90, removed: 2 },
    ]);
    const kept = await entries(h, keeping.headers);
    const actions = kept.map((e) => e.action);
    expect(actions).toContain('campaign.launch');
    expect(actions).not.toContain('campaign.create');
    expect(actions).not.toContain('campaign.edit');
    expect(kept.find((e) => e.action === 'audit.prune')).toMatchObject({
      actor_kind: 'system',
      details: { removed: 2, days: 90 },
    });
    expect((await entries(h, forever.headers)).map((e) => e.action)).toContain('campaign.create');

    const twice = await actingAs(SYSTEM_ACTOR, () => pruneAuditLog(h.database.db));
    expect(twice.filter((p) => p.tenantId === keeping.tenantId)).toEqual([]);
    expect((await entries(h, keeping.headers)).filter((e) => e.action === 'audit.prune')).toHaveLength(1);
  });

  it('exports the filtered log as a JSON file', async () => {
    const h = get();
    const tenant = await newTenant(h);
    await oldEntry(h, tenant.tenantId, 1, 'campaign.create');
    const res = await h.admin.inject({
      method: 'GET',
      url: '/api/admin/audit.json?kind=campaign',
      headers: tenant.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['content-disposition']).toBe('attachment; filename="audit-log.json"');
    const file = res.json<{ entries: AuditEntry[] }>();
    expect(file.entries.map((e) => e.action)).toEqual(['campaign.create']);
  });

  it("writes each API key's first use of a day, by its prefix, once", async () => {
    const h = get();
    const tenant = await newTenant(h);
    for (let i = 0; i < 3; i++) {
      const res = await h.admin.inject({
        method: 'GET',
        url: '/api/admin/campaigns',
        headers: tenant.headers,
      });
      expect(res.statusCode).toBe(200);
    }
    const uses = (await entries(h, tenant.headers)).filter((e) => e.action === 'api_key.use');
    expect(uses).toHaveLength(1);
    const keys = await h.admin.inject({ method: 'GET', url: '/api/admin/keys', headers: tenant.headers });
    const prefix = keys.json<{ keys: { prefix: string }[] }>().keys[0]?.prefix;
    expect(prefix).toBeTruthy();
    expect(uses[0]?.target).toBe(prefix);
    expect(uses[0]).toMatchObject({ actor: `api key ${prefix}`, actor_kind: 'api_key' });

    // Used yesterday: today's first use is written again.
    await h.database.db
      .updateTable('api_keys')
      .set({ last_used_at: new Date(Date.now() - DAY).toISOString() })
      .where('tenant_id', '=', tenant.tenantId)
      .execute();
    await h.admin.inject({ method: 'GET', url: '/api/admin/campaigns', headers: tenant.headers });
    const after = (await entries(h, tenant.headers)).filter((e) => e.action === 'api_key.use');
    expect(after).toHaveLength(2);
  });
});
