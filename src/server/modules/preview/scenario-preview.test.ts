/**
 * A scenario's preview before any campaign is made from it: the library scenario's pages in the
 * asked language, with a sample person, recording nothing, audited, on the admin listener only.
 */
import { expect, it } from 'vitest';
import type { Preview } from '@shared/admin-api';
import type { AuditEntry } from '@shared/audit';
import type { CampaignData } from '@shared/campaign';
import type { ScenarioDetail } from '@shared/scenario-api';
import { newTenant, type TestTenant } from '@server/test/admin-fixtures';
import { describeEachDatabase, type Harness } from '@server/test/harness';

describeEachDatabase('scenario preview', (get) => {
  const preview = (h: Harness, tenant: TestTenant, id: string, body: unknown) =>
    h.admin.inject({
      method: 'POST',
      url: `/api/admin/scenarios/${id}/preview`,
      headers: tenant.headers,
      payload: body as Record<string, unknown>,
    });
  const rows = async (h: Harness) => ({
    campaigns: (await h.database.db.selectFrom('campaigns').select('id').execute()).length,
    events: (await h.database.db.selectFrom('events').select('id').execute()).length,
  });

  it('shows a library scenario’s pages in German for a sample person, and records nothing', async () => {
    const h = get();
    const tenant = await newTenant(h);
    const before = await rows(h);
    const res = await preview(h, tenant, 'password-expiry', { language: 'de' });
    expect(res.statusCode, res.body).toBe(201);
    const { rid, pages } = res.json<Preview>();
    expect(rid).toMatch(/^pv_/);

    const scenario = (
      await h.admin.inject({
        method: 'GET',
        url: '/api/admin/scenarios/password-expiry',
        headers: tenant.headers,
      })
    ).json<ScenarioDetail>();
    const german = scenario.campaign.translations.de;
    const data = (await h.admin.inject({ method: 'GET', url: `/api/campaign/${rid}` })).json<CampaignData>();
    expect(data).toMatchObject({ rid, language_code: 'de', tenantid: tenant.tenantId });
    expect(data.awareness.title).toBe(german?.awareness?.title);
    expect(data.questionnaires.questions.length).toBe(scenario.campaign.questionnaire.questions.length);

    const landing = await h.admin.inject({ method: 'GET', url: pages.phish });
    expect(landing.statusCode).toBe(200);
    expect(landing.body).toContain('<html lang="de"');
    const awareness = await h.admin.inject({ method: 'GET', url: pages.awareness });
    expect(awareness.statusCode).toBe(200);
    const arabic = (await preview(h, tenant, 'password-expiry', { language: 'ar' })).json<Preview>();
    expect((await h.admin.inject({ method: 'GET', url: arabic.pages.awareness })).body).toContain(
      '<html lang="ar" dir="rtl"',
    );

    // Walking the pages records nothing, and no campaign was made for the preview.
    await h.admin.inject({
      method: 'POST',
      url: '/api/events',
      payload: { rid, type: 'awareness_viewed', details: {} },
    });
    expect(await rows(h)).toEqual(before);
    // Not on the public listener: a preview rid is any unknown rid there.
    expect((await h.app.inject({ method: 'GET', url: `/api/campaign/${rid}` })).statusCode).toBe(404);

    const audit = (
      await h.admin.inject({ method: 'GET', url: '/api/admin/audit?limit=50', headers: tenant.headers })
    ).json<{ entries: AuditEntry[] }>().entries;
    expect(audit.filter((e) => e.action === 'scenario.preview').map((e) => e.target)).toEqual([
      'password-expiry',
      'password-expiry',
    ]);
  });

  it('refuses an unknown scenario, content of its own, and a caller without a key', async () => {
    const h = get();
    const tenant = await newTenant(h);
    const unknown = await preview(h, tenant, 'no-such-scenario', { language: 'en' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: { code: 'not_found', message: 'Not found' } });
    const withContent = await preview(h, tenant, 'password-expiry', { language: 'en', content: {} });
    expect(withContent.statusCode).toBe(400);
    expect(withContent.json<{ error: { code: string } }>().error.code).toBe('validation_failed');
    const anonymous = await h.admin.inject({
      method: 'POST',
      url: '/api/admin/scenarios/password-expiry/preview',
      payload: { language: 'en' },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});
