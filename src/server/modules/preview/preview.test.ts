/**
 * The operator's preview on the admin listener's app; the harness's public app checks that
 * preview rids stay unknown there.
 */
import type { FastifyInstance } from 'fastify';
import { beforeAll, expect, it } from 'vitest';
import type { Preview } from '@shared/admin-api';
import type { CampaignData, CampaignFileInput } from '@shared/campaign';
import type { EventResponse } from '@shared/journey';
import { RID_PATTERN } from '@server/lib/ids';
import { newTenant, type TestTenant } from '@server/test/admin-fixtures';
import { describeEachDatabase } from '@server/test/harness';
import { demoCampaign } from '../demo/demo-campaign';
import { MINIMAL_CAMPAIGN, seedCampaign } from '@server/test/campaign-fixtures';

const NOT_FOUND = { error: { code: 'not_found', message: 'Not found' } };
const ALL_RIGHT = { q1: ['a'], q2: ['a', 'b'], q3: ['b'] };
const hour = 3600_000;

describeEachDatabase('campaign preview', (get) => {
  let admin: FastifyInstance;
  let tenant: TestTenant;
  let campaignId = '';

  beforeAll(async () => {
    admin = get().admin;
    tenant = await newTenant(get(), 'Preview tenant');
    // Not started yet, as a draft would be: a preview shows it all the same.
    ({ campaignId } = await seedCampaign(
      get().database.db,
      {
        ...demoCampaign('https://cdn.example'),
        phishing: { brand: 'Northwind', template_html: '<!doctype html><p>sign in</p>' },
      },
      { tenantId: tenant.tenantId, starts_at: new Date(Date.now() + 24 * hour).toISOString() },
    ));
  });

  const preview = (body: { language: string; content?: unknown }, id = campaignId, t = tenant) =>
    admin.inject({
      method: 'POST',
      url: `/api/admin/campaigns/${id}/preview`,
      headers: t.headers,
      payload: body,
    });
  const newPreview = async (body: { language: string; content?: unknown }) => {
    const res = await preview(body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json<Preview>();
  };
  const count = async () => {
    const { db } = get().database;
    const rows = async (table: 'events' | 'visits' | 'journey_attempts') =>
      (await db.selectFrom(table).select('id').execute()).length;
    const recipients = await db.selectFrom('recipients').selectAll().orderBy('id').execute();
    return {
      events: await rows('events'),
      visits: await rows('visits'),
      attempts: await rows('journey_attempts'),
      recipients,
    };
  };
  const postEvent = (payload: Record<string, unknown>) =>
    admin.inject({ method: 'POST', url: '/api/events', payload });

  it('makes a preview with an unguessable pv_ rid, its pages and an expiry an hour away', async () => {
    const before = Date.now();
    const made = await newPreview({ language: 'de' });
    expect(made.rid).toMatch(/^pv_[A-Za-z0-9_-]{32}$/);
    expect(made.rid).toMatch(RID_PATTERN);
    expect(Date.parse(made.expires_at) - before).toBeGreaterThanOrEqual(hour - 1000);
    expect(Date.parse(made.expires_at) - before).toBeLessThanOrEqual(hour + 1000);
    const q = `?rid=${made.rid}`;
    expect(made.pages).toEqual({
      phish: `/phish${q}`,
      awareness: `/phish/awareness${q}`,
      pdf: `/phish/pdf${q}`,
      sei: `/phish/sei${q}`,
      entry_text: `/phish/entry_text${q}`,
      questionnaire: `/phish/questionnaire${q}`,
      'campaign-completed': `/campaign/campaign-completed${q}`,
    });
    expect((await newPreview({ language: 'de' })).rid).not.toBe(made.rid);
  });

  it('serves the German translation as campaign data, in German pages', async () => {
    const { rid, pages } = await newPreview({ language: 'de' });
    const res = await admin.inject({ method: 'GET', url: `/api/campaign/${rid}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const data = res.json<CampaignData>();
    expect(data).toMatchObject({
      rid,
      campaign_id: campaignId,
      tenantid: tenant.tenantId,
      language_code: 'de',
      progress: { status: 'created', completed_steps: [], score: null },
      phishing: { has_template: true, template_url: `/api/template/${rid}` },
    });
    expect(data.awareness.title).toBe('Sie haben einen simulierten Phishing-Link geöffnet');
    expect(data.questionnaires.questions[1]!.text).toMatch(/^Welche dieser Merkmale/);
    expect(res.body).not.toContain('"correct"');

    const page = await admin.inject({ method: 'GET', url: pages.awareness });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<html lang="de"');
    const arabic = await newPreview({ language: 'ar' });
    const arabicPage = await admin.inject({ method: 'GET', url: arabic.pages['campaign-completed'] });
    expect(arabicPage.body).toContain('<html lang="ar" dir="rtl"');
  });

  it('shows the red flags’ e-mail for a sample person, variables filled and never raw', async () => {
    const content = {
      ...demoCampaign('https://cdn.example'),
      email: {
        from: 'IT <it@example.net>',
        subject: 'Hi {{first_name}}',
        body: 'Dear {{ first_name }} {{last_name}}: {{link}}',
      },
    };
    const res = await preview({ language: 'en', content });
    expect(res.statusCode, res.body).toBe(201);
    const { rid } = res.json<Preview>();
    const data = (await admin.inject({ method: 'GET', url: `/api/campaign/${rid}` })).json<CampaignData>();
    expect(data.email).toEqual({
      from: 'IT <it@example.net>',
      subject: 'Hi Alex',
      body: `Dear Alex Morgan: ${get().config.publicUrl}/phish?rid=${rid}`,
    });
  });

  it('serves the landing page and the template document with the journey’s sandboxing', async () => {
    const { rid, pages } = await newPreview({ language: 'en' });
    const landing = await admin.inject({ method: 'GET', url: pages.phish });
    expect(landing.statusCode).toBe(200);
    // The console frames its own previews: its origin, and only it, may frame the landing page.
    expect(String(landing.headers['content-security-policy'])).toContain("frame-ancestors 'self'");
    expect(landing.body).toContain('<p>sign in</p>');
    expect(landing.body).toContain(`/phish/awareness?rid=${rid}`);
    const template = await admin.inject({ method: 'GET', url: `/api/template/${rid}` });
    expect(template.statusCode).toBe(200);
    const csp = String(template.headers['content-security-policy']);
    expect(csp).toContain('sandbox allow-scripts allow-forms');
    expect(csp).toContain("frame-ancestors 'self'");
  });

  it('answers every event as the journey would and records nothing', async () => {
    const { rid } = await newPreview({ language: 'de' });
    const before = await count();
    await admin.inject({ method: 'GET', url: `/phish?rid=${rid}` });
    const answers: EventResponse[] = [];
    for (const payload of [
      { rid, type: 'clicked', details: { reason: 'user_gesture', elapsed_ms: 900, gesture: 'pointer' } },
      { rid, type: 'submitted', details: { fields: ['email', 'password'] } },
      { rid, type: 'awareness_viewed' },
      { rid, type: 'sei_viewed' },
      { rid, type: 'questionnaire_completed', details: { answers: { ...ALL_RIGHT, q2: ['a'] } } },
      { rid, type: 'completed' },
    ]) {
      const res = await postEvent(payload);
      expect(res.statusCode, res.body).toBe(200);
      answers.push(res.json<EventResponse>());
    }
    const beacon = await admin.inject({
      method: 'GET',
      url: `/api/beacon/${rid}?g=pointer&wd=0&vis=10&foc=1&mv=1&el=20`,
    });
    expect(beacon.statusCode).toBe(204);
    expect(await count()).toEqual(before);

    expect(answers.every((answer) => !answer.recorded)).toBe(true);
    expect(answers.at(-1)!.progress).toEqual({
      status: 'completed',
      completed_steps: [
        'visited',
        'clicked',
        'submitted',
        'awareness_viewed',
        'sei_viewed',
        'questionnaire_completed',
        'completed',
      ],
      // The questionnaire's score stays for the completed page, as a recipient's would.
      score: 67,
    });
    const data = await admin.inject({ method: 'GET', url: `/api/campaign/${rid}` });
    expect(data.json<CampaignData>().progress.score).toBe(67);
  });

  it('scores a questionnaire and explains it in the preview’s language', async () => {
    const { rid } = await newPreview({ language: 'ar' });
    const res = await postEvent({ rid, type: 'questionnaire_completed', details: { answers: ALL_RIGHT } });
    expect(res.statusCode).toBe(200);
    const answer = res.json<EventResponse>();
    expect(answer.result).toMatchObject({ score: 100, correct_count: 3, total: 3, passed: true });
    expect(answer.result?.questions[2]!.explanation).toBe('الإبلاغ يساعد فريق الأمن على حماية الجميع.');
    expect(answer.progress).toMatchObject({ status: 'questionnaire_completed', score: 100 });
    const wrong = await postEvent({
      rid,
      type: 'questionnaire_completed',
      details: { answers: { q1: ['z'] } },
    });
    expect(wrong.statusCode).toBe(400);
  });

  it('previews an unsaved campaign file, and rejects an invalid one with its paths', async () => {
    const content: CampaignFileInput = {
      ...MINIMAL_CAMPAIGN,
      awareness: { content: 'Draft text' },
      translations: { de: { awareness: { content: 'Entwurfstext' } } },
    };
    const { rid } = await newPreview({ language: 'de', content });
    const data = await admin.inject({ method: 'GET', url: `/api/campaign/${rid}` });
    expect(data.json<CampaignData>().awareness.content).toBe('Entwurfstext');
    expect(data.json<CampaignData>().phishing.has_template).toBe(false);

    const bad = await preview({
      language: 'de',
      content: { ...content, translations: { de: { sei: { nope: { title: 'X' } } } } },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({
      error: {
        code: 'invalid_campaign',
        message: 'Invalid campaign file: translations.de.sei.nope: no red flag with id "nope"',
      },
    });
    const unknownLanguage = await preview({ language: 'xx' });
    expect(unknownLanguage.statusCode).toBe(400);
  });

  it('answers 404 for another tenant’s campaign, and 401 without a key', async () => {
    const other = await newTenant(get(), 'Other tenant');
    const res = await preview({ language: 'de' }, campaignId, other);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual(NOT_FOUND);
    const anonymous = await admin.inject({
      method: 'POST',
      url: `/api/admin/campaigns/${campaignId}/preview`,
      payload: { language: 'de' },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('answers a plain 404 for an unknown or expired preview rid, and deletes expired rows', async () => {
    const { db } = get().database;
    const expired = await newPreview({ language: 'de' });
    await db
      .updateTable('previews')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', expired.rid)
      .execute();
    const unknown = `pv_${'A'.repeat(32)}`;
    for (const rid of [unknown, expired.rid]) {
      const data = await admin.inject({ method: 'GET', url: `/api/campaign/${rid}` });
      expect(data.statusCode, rid).toBe(404);
      expect(data.json()).toEqual(NOT_FOUND);
      const event = await postEvent({ rid, type: 'awareness_viewed' });
      expect(event.statusCode).toBe(404);
      expect((await admin.inject({ method: 'GET', url: `/api/template/${rid}` })).statusCode).toBe(404);
    }
    // A recipient's rid is no preview's.
    const recipient = (await db.selectFrom('recipients').select('rid').executeTakeFirstOrThrow()).rid;
    expect((await admin.inject({ method: 'GET', url: `/api/campaign/${recipient}` })).statusCode).toBe(404);

    await newPreview({ language: 'de' });
    const left = await db.selectFrom('previews').select('id').where('id', '=', expired.rid).execute();
    expect(left).toEqual([]);
  });

  it('keeps a preview rid the plain 404 of any unknown rid on the public listener', async () => {
    const { rid } = await newPreview({ language: 'de' });
    const { app } = get();
    const data = await app.inject({ method: 'GET', url: `/api/campaign/${rid}` });
    expect(data.statusCode).toBe(404);
    expect(data.json()).toEqual(NOT_FOUND);
    const event = await app.inject({
      method: 'POST',
      url: '/api/events',
      payload: { rid, type: 'sei_viewed' },
    });
    expect(event.statusCode).toBe(404);
    expect(event.json()).toEqual(NOT_FOUND);
    expect((await app.inject({ method: 'GET', url: `/api/template/${rid}` })).statusCode).toBe(404);
    // The page itself is the app's error page, in the browser's language, not the preview's.
    const page = await app.inject({ method: 'GET', url: `/phish/awareness?rid=${rid}&lang=fr` });
    expect(page.body).toContain('<html lang="fr"');
  });
});
