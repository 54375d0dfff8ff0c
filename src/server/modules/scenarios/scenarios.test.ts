/**
 * The scenario library over the operator API, on a fixture library of two scenarios: listed in
 * the asked language with English as fallback, filtered, read whole, a draft campaign started
 * from one with its texts in every language, and copies made, edited and removed, every change
 * in the audit log's words. Viewers read; operators change; a library scenario stays as shipped.
 */
import { campaignScenario } from '../programme/programme.service';
import path from 'node:path';
import { expect, it } from 'vitest';
import type { ScenarioDetail, ScenarioList } from '@shared/scenario-api';
import { newTenant, type TestTenant } from '@server/test/admin-fixtures';
import { describeEachDatabase, type Harness } from '@server/test/harness';
import { createUser } from '../accounts/accounts.service';

export const FIXTURE_LIBRARY = path.join(import.meta.dirname, 'fixtures');
const PASSWORD = 'scenario-passphrase-for-tests';

async function viewerOf(h: Harness, tenant: TestTenant) {
  const email = `viewer-${Math.random().toString(36).slice(2)}@example.com`;
  await createUser(h.database.db, tenant.tenantId, { email, name: 'Vi', role: 'viewer', password: PASSWORD });
  const res = await h.admin.inject({
    method: 'POST',
    url: '/api/admin/session',
    payload: { email, password: PASSWORD },
  });
  const cookie = res.cookies.find((c) => c.name === 'hw_session')!;
  return {
    cookie: `hw_session=${cookie.value}`,
    'x-csrf-token': res.json<{ csrf_token: string }>().csrf_token,
  };
}

describeEachDatabase(
  'scenario library API',
  (get) => {
    const call = (
      tenant: { headers: object },
      method: 'GET' | 'POST' | 'PUT' | 'DELETE',
      url: string,
      payload?: object,
    ) => get().admin.inject({ method, url, headers: { ...tenant.headers }, ...(payload ? { payload } : {}) });

    it('lists the library in the asked language, English where a scenario lacks it, and filters', async () => {
      const tenant = await newTenant(get());
      const list = (query: string) => call(tenant, 'GET', `/api/admin/scenarios${query}`);
      const de = (await list('?language=de')).json<ScenarioList>().scenarios;
      expect(de.map((s) => [s.id, s.source, s.difficulty])).toEqual([
        ['shared-document', 'library', 2],
        ['gift-card-request', 'library', 4],
      ]);
      expect(de[0]).toMatchObject({
        language: 'de',
        texts: { title: 'Geteiltes Gehaltsdokument' },
        reply_based: false,
      });
      expect(de[0]!.languages).toEqual(['ar', 'de', 'en']);
      const ar = (await list('?language=ar')).json<ScenarioList>().scenarios;
      expect(ar[1]).toMatchObject({
        language: 'en',
        texts: { title: "The manager's gift cards" },
        reply_based: true,
      });
      expect((await list('?difficulty=4')).json<ScenarioList>().scenarios.map((s) => s.id)).toEqual([
        'gift-card-request',
      ]);
      expect((await list('?lure=shared_document')).json<ScenarioList>().scenarios.map((s) => s.id)).toEqual([
        'shared-document',
      ]);
      const bad = await list('?difficulty=9');
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toMatchObject({ error: { code: 'validation_failed' } });
    });

    it('reads one scenario whole, and answers a plain 404 for an unknown id', async () => {
      const tenant = await newTenant(get());
      const one = (await call(tenant, 'GET', '/api/admin/scenarios/shared-document')).json<ScenarioDetail>();
      expect(one.campaign.email?.subject).toBe('{{first_name}}, a document was shared with you');
      expect(one.campaign.translations.ar?.email?.subject).toBe('{{first_name}}، تمت مشاركة مستند معك');
      const missing = await call(tenant, 'GET', '/api/admin/scenarios/no-such-scenario');
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ error: { code: 'not_found', message: 'Not found' } });
    });

    it('starts a draft campaign from a scenario, with its texts in every language, and audits it', async () => {
      const tenant = await newTenant(get());
      const started = await call(tenant, 'POST', '/api/admin/scenarios/shared-document/campaign', {
        name: 'Payroll test, spring',
      });
      expect(started.statusCode).toBe(201);
      const { campaign_id, name } = started.json<{ campaign_id: string; name: string }>();
      expect(name).toBe('Payroll test, spring');
      const campaign = (await call(tenant, 'GET', `/api/admin/campaigns/${campaign_id}`)).json<{
        campaign: { status: string; name: string };
        file: { translations: Record<string, { email?: { subject?: string } }> };
      }>();
      expect(campaign.campaign).toMatchObject({ status: 'draft', name: 'Payroll test, spring' });
      expect(campaign.file.translations.de?.email?.subject).toBe(
        '{{first_name}}, ein Dokument wurde für Sie freigegeben',
      );
      // The programme report will show its difficulty: the campaign notes its scenario.
      expect(await campaignScenario(get().database.db, tenant.tenantId, campaign_id)).toMatchObject({
        scenario_id: 'shared-document',
        lure: 'shared_document',
        difficulty: 2,
      });
      const byDefault = await call(tenant, 'POST', '/api/admin/scenarios/gift-card-request/campaign', {});
      expect(byDefault.json()).toMatchObject({ name: "The manager's gift cards" });

      const audit = (await call(tenant, 'GET', '/api/admin/audit')).json<{
        entries: { action: string; target_name: string | null; kind: string }[];
      }>();
      expect(audit.entries.find((e) => e.action === 'campaign.from_scenario')).toMatchObject({
        target_name: "The manager's gift cards",
        kind: 'campaign',
      });
    });

    it('copies, edits and removes a tenant copy; the library stays as shipped', async () => {
      const tenant = await newTenant(get());
      const copied = await call(tenant, 'POST', '/api/admin/scenarios/shared-document/copy', {
        title: 'Our payroll lure',
      });
      expect(copied.statusCode).toBe(201);
      const copy = copied.json<ScenarioDetail>();
      expect(copy).toMatchObject({ source: 'tenant', copied_from: 'shared-document', difficulty: 2 });
      expect(copy.texts.de?.title).toBe('Our payroll lure');

      const edited = await call(tenant, 'PUT', `/api/admin/scenarios/${copy.id}`, {
        lure: copy.lure,
        difficulty: 3,
        reply_based: false,
        texts: { ...copy.texts, en: { ...copy.texts.en!, summary: 'Our own words.' } },
        campaign: { ...copy.campaign, email: { ...copy.campaign.email!, subject: 'Your payslip is ready' } },
      });
      expect(edited.statusCode, edited.body).toBe(200);
      expect(edited.json()).toMatchObject({
        difficulty: 3,
        campaign: { email: { subject: 'Your payslip is ready' } },
      });
      const list = (await call(tenant, 'GET', '/api/admin/scenarios?difficulty=3')).json<ScenarioList>()
        .scenarios;
      expect(list).toEqual([
        expect.objectContaining({
          id: copy.id,
          source: 'tenant',
          texts: expect.objectContaining({ summary: 'Our own words.' }),
        }),
      ]);

      const invalid = await call(tenant, 'PUT', `/api/admin/scenarios/${copy.id}`, {
        ...edited.json<ScenarioDetail>(),
        campaign: { ...copy.campaign, email: { ...copy.campaign.email!, body: 'Hello {{nickname}}' } },
      });
      expect(invalid.statusCode).toBe(400);
      for (const method of ['PUT', 'DELETE'] as const) {
        const refused = await call(
          tenant,
          method,
          '/api/admin/scenarios/shared-document',
          method === 'PUT' ? edited.json<ScenarioDetail>() : undefined,
        );
        expect(refused.statusCode, method).toBe(403);
        expect(refused.json<{ error: { message: string } }>().error.message).toMatch(
          /copy it, then edit the copy/,
        );
      }
      expect((await call(tenant, 'DELETE', `/api/admin/scenarios/${copy.id}`)).statusCode).toBe(204);
      expect((await call(tenant, 'GET', `/api/admin/scenarios/${copy.id}`)).statusCode).toBe(404);

      const actions = (await call(tenant, 'GET', '/api/admin/audit'))
        .json<{ entries: { action: string }[] }>()
        .entries.map((e) => e.action);
      expect(actions).toEqual(expect.arrayContaining(['scenario.copy', 'scenario.edit', 'scenario.delete']));
    });

    it("lets viewers read but not change, and keeps one tenant's copy from another", async () => {
      const h = get();
      const tenant = await newTenant(h);
      const other = await newTenant(h, 'Other');
      const viewer = { headers: await viewerOf(h, tenant) };
      expect((await call(viewer, 'GET', '/api/admin/scenarios')).statusCode).toBe(200);
      for (const url of [
        '/api/admin/scenarios/shared-document/campaign',
        '/api/admin/scenarios/shared-document/copy',
      ])
        expect((await call(viewer, 'POST', url, {})).statusCode, url).toBe(403);
      const copy = (
        await call(other, 'POST', '/api/admin/scenarios/shared-document/copy', { title: 'Secret copy' })
      ).json<ScenarioDetail>();
      expect((await call(tenant, 'GET', '/api/admin/scenarios')).body).not.toContain('Secret copy');
      for (const [method, url] of [
        ['GET', ''],
        ['POST', '/campaign'],
        ['POST', '/copy'],
        ['DELETE', ''],
      ] as const) {
        const res = await call(
          tenant,
          method,
          `/api/admin/scenarios/${copy.id}${url}`,
          method === 'POST' ? {} : undefined,
        );
        expect(res.statusCode, `${method} ${url}`).toBe(404);
      }
      expect((await call(other, 'GET', `/api/admin/scenarios/${copy.id}`)).statusCode).toBe(200);
    });
  },
  { SCENARIO_LIBRARY_ROOT: FIXTURE_LIBRARY },
);
