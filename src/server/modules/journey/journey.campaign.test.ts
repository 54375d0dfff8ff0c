import { beforeAll, expect, it } from 'vitest';
import {
  campaignDataSchema,
  campaignFileSchema,
  DEFAULT_PUBLIC_SITE,
  type CampaignData,
} from '@shared/campaign';
import { newRid } from '@server/lib/ids';
import { describeEachDatabase } from '@server/test/harness';
import { updateCampaignContent } from '../campaigns/campaigns.repository';
import { demoCampaign } from '../demo/demo-campaign';
import { MINIMAL_CAMPAIGN, seedCampaign } from '@server/test/campaign-fixtures';

const NOT_FOUND = { error: { code: 'not_found', message: 'Not found' } };
const hour = 3600_000;
const iso = (offset: number) => new Date(Date.now() + offset).toISOString();

describeEachDatabase('GET /api/campaign/:rid', (get) => {
  let demo: Awaited<ReturnType<typeof seedCampaign>>;
  let minimal: Awaited<ReturnType<typeof seedCampaign>>;

  beforeAll(async () => {
    const { db } = get().database;
    demo = await seedCampaign(
      db,
      {
        ...demoCampaign('https://cdn.example'),
        redirect_url: 'https://intranet.example/security',
        custom_logo: 'https://cdn.example/logo.svg',
        phishing: {
          brand: 'Northwind',
          phishing_logo: 'https://cdn.example/nw.svg',
          template_html: '<p>x</p>',
        },
        language_code: 'de',
      },
      {
        recipients: [
          { email: 'a@example.com', person_id: 'emp-42', first_name: 'Ana', language_code: 'fr' },
          { email: 'b@example.com' },
        ],
      },
    );
    minimal = await seedCampaign(db, MINIMAL_CAMPAIGN, { tenantId: demo.tenantId });
  });

  const fetchData = async (rid: string) => {
    const res = await get().app.inject({ method: 'GET', url: `/api/campaign/${rid}` });
    return { res, data: res.json<CampaignData>() };
  };

  it('returns every seed field with the campaign values', async () => {
    const [ana] = demo.recipients;
    const { res, data } = await fetchData(ana!.rid);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(campaignDataSchema.parse(data)).toBeTruthy();
    expect(data).toMatchObject({
      rid: ana!.rid,
      campaign_id: demo.campaignId,
      person_id: 'emp-42',
      tenantid: demo.tenantId,
      language_code: 'fr',
      typeHtml: true,
      cdn_endpoint: 'https://cdn.example/assets/demo',
      default_endpoint: 'https://hookwise.test',
      phishing_logo: 'https://cdn.example/nw.svg',
      custom_logo: 'https://cdn.example/logo.svg',
      default_url: 'https://intranet.example/security',
      navigation: ['awareness', 'pdf', 'sei', 'entry_text', 'questionnaire'],
      first_name: 'Ana',
      phishing: { has_template: true, template_url: `/api/template/${ana!.rid}`, brand: 'Northwind' },
      pdf: { url: 'training.pdf', title: 'Spotting phishing in 60 seconds' },
      progress: { status: 'created', completed_steps: [], score: null },
    });
    expect(data.awareness.content).toContain('training exercise');
    expect(data.entry_text).toMatch(/Three short questions/);
    expect(data.sei.map((s) => s.id)).toEqual(['sender', 'urgency', 'link']);
    expect(data.sei_general_info).toMatch(/When in doubt/);
    expect(data.gamification.points).toEqual({ awareness: 10, pdf: 10, sei: 20, questionnaire: 50 });
    expect(data.email?.subject).toMatch(/URGENT/);
    expect(data.questionnaires.required).toBe(true);
    expect(data.questionnaires.questions).toHaveLength(3);
  });

  it('never sends correct answers or explanations before submission', async () => {
    const { res, data } = await fetchData(demo.recipients[0]!.rid);
    for (const question of data.questionnaires.questions) {
      expect(Object.keys(question).sort()).toEqual(
        question.sei_id ? ['id', 'options', 'sei_id', 'text', 'type'] : ['id', 'options', 'text', 'type'],
      );
    }
    expect(res.body).not.toContain('"correct"');
    expect(res.body).not.toContain('explanation":"The sender domain');
  });

  it('applies the seed defaults and the campaign language when the recipient has none', async () => {
    const { data } = await fetchData(minimal.recipients[0]!.rid);
    expect(data).toMatchObject({
      typeHtml: false,
      phishing_logo: '',
      custom_logo: '',
      cdn_endpoint: '',
      default_url: DEFAULT_PUBLIC_SITE,
      default_endpoint: 'https://hookwise.test',
      language_code: 'en',
      entry_text: '',
      sei: [],
      sei_general_info: '',
      email: null,
      pdf: null,
      phishing: { has_template: false, template_url: '', brand: '' },
      questionnaires: { required: true, questions: [] },
      gamification: { points: {}, pass_mark: 70, badges: [] },
    });
    expect(data.navigation).toEqual(['awareness', 'pdf', 'sei', 'entry_text', 'questionnaire']);
    const second = await fetchData(demo.recipients[1]!.rid);
    expect(second.data.language_code).toBe('de');
  });

  it('uses a stable person id that is never the email address', async () => {
    const { data } = await fetchData(demo.recipients[1]!.rid);
    expect(data.person_id).toBe(demo.recipients[1]!.id);
    expect(JSON.stringify(data)).not.toContain('b@example.com');
    expect((await fetchData(demo.recipients[1]!.rid)).data.person_id).toBe(data.person_id);
  });

  it('answers a plain 404 for unknown, malformed, ended and not-yet-started rids', async () => {
    const { db } = get().database;
    const ended = await seedCampaign(db, MINIMAL_CAMPAIGN, { ended_at: iso(-hour) });
    const expired = await seedCampaign(db, MINIMAL_CAMPAIGN, { ends_at: iso(-hour) });
    const future = await seedCampaign(db, MINIMAL_CAMPAIGN, { starts_at: iso(hour) });
    const running = await seedCampaign(db, MINIMAL_CAMPAIGN, { starts_at: iso(-hour), ends_at: iso(hour) });
    for (const rid of [
      newRid(),
      'short',
      'has%20space-but-long-enough-123456',
      'x'.repeat(100),
      ended.recipients[0]!.rid,
      expired.recipients[0]!.rid,
      future.recipients[0]!.rid,
    ]) {
      const res = await get().app.inject({ method: 'GET', url: `/api/campaign/${rid}` });
      expect(res.statusCode, rid).toBe(404);
      expect(res.json(), rid).toEqual(NOT_FOUND);
      expect(res.body.toLowerCase()).not.toMatch(/phish|campaign|simulat|hookwise/);
    }
    expect((await fetchData(running.recipients[0]!.rid)).res.statusCode).toBe(200);
  });

  it('serves the template as its own sandboxed document with our interceptor first', async () => {
    const rid = demo.recipients[0]!.rid;
    const res = await get().app.inject({ method: 'GET', url: `/api/template/${rid}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain('sandbox allow-scripts allow-forms');
    expect(csp).toContain("frame-ancestors 'self'");
    expect(csp).toContain("form-action 'none'");
    expect(csp).not.toContain('allow-same-origin');
    expect(res.body.indexOf("addEventListener('submit'")).toBeLessThan(res.body.indexOf('<p>x</p>'));
    const none = await get().app.inject({
      method: 'GET',
      url: `/api/template/${minimal.recipients[0]!.rid}`,
    });
    expect(none.statusCode).toBe(404);
    expect(none.json()).toEqual(NOT_FOUND);
  });

  it('records visited when /phish?rid= is served, and nothing for other pages', async () => {
    const { db } = get().database;
    const { recipients } = await seedCampaign(db, MINIMAL_CAMPAIGN);
    const rid = recipients[0]!.rid;
    for (const url of [`/phish/awareness?rid=${rid}`, `/poll?rid=${rid}`, `/phish?rid=${newRid()}`]) {
      await get().app.inject({ method: 'GET', url });
    }
    const before = await db
      .selectFrom('events')
      .selectAll()
      .where('recipient_id', '=', recipients[0]!.id)
      .execute();
    expect(before).toEqual([]);
    const res = await get().app.inject({ method: 'GET', url: `/phish?rid=${rid}` });
    expect(res.statusCode).toBe(200);
    const events = await db
      .selectFrom('events')
      .selectAll()
      .where('recipient_id', '=', recipients[0]!.id)
      .execute();
    expect(events.map((e) => e.type)).toEqual(['visited']);
  });

  it("serves journey pages in the recipient's language, which beats lang and Accept-Language", async () => {
    const { db } = get().database;
    const { recipients } = await seedCampaign(
      db,
      { ...MINIMAL_CAMPAIGN, language_code: 'de' },
      { recipients: [{ email: 'a@example.com', language_code: 'ar' }, { email: 'b@example.com' }] },
    );
    const page = async (url: string) =>
      (await get().app.inject({ method: 'GET', url, headers: { 'accept-language': 'fr' } })).body;
    const arabic = await page(`/phish?rid=${recipients[0]!.rid}&lang=ja`);
    expect(arabic).toContain('<html lang="ar" dir="rtl">');
    expect(arabic).toContain('"language":"ar","fixed":true');
    expect(await page(`/phish/questionnaire?rid=${recipients[0]!.rid}`)).toContain(
      '<html lang="ar" dir="rtl">',
    );
    expect(await page(`/campaign/campaign-completed?rid=${recipients[1]!.rid}`)).toContain(
      '<html lang="de" dir="ltr">',
    );
    // No usable rid: the visitor's own choice, and nothing pins it.
    const unknown = await page(`/phish?rid=${newRid()}&lang=ja`);
    expect(unknown).toContain('<html lang="ja" dir="ltr">');
    expect(unknown).toContain('"fixed":false');
  });

  it("serves a not-running campaign's pages (the error page) in the recipient's language, recording nothing", async () => {
    const { db } = get().database;
    const { recipients } = await seedCampaign(db, MINIMAL_CAMPAIGN, {
      tenantId: demo.tenantId,
      starts_at: iso(24 * hour),
      recipients: [{ email: 'ja@example.com', language_code: 'ja' }],
    });
    const rid = recipients[0]!.rid;
    const res = await get().app.inject({
      method: 'GET',
      url: `/phish?rid=${rid}`,
      headers: { 'accept-language': 'en' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<html lang="ja" dir="ltr">');
    expect(res.body).toContain('"language":"ja","fixed":true');
    // The API still reveals nothing, and no visit is recorded for a campaign that is not running.
    expect((await fetchData(rid)).res.json()).toEqual(NOT_FOUND);
    const events = await db
      .selectFrom('events')
      .select('id')
      .where('recipient_id', '=', recipients[0]!.id)
      .execute();
    expect(events).toEqual([]);
  });

  it('sends awareness HTML already cleaned of script, handlers, styles and javascript: links', async () => {
    const { recipients } = await seedCampaign(get().database.db, {
      ...MINIMAL_CAMPAIGN,
      awareness: {
        typeHtml: true,
        content:
          '<h2 onclick="x()">Tips</h2><script>alert(1)</script><img src=x onerror=alert(1)><a href="javascript:alert(1)">a</a><p style="color:red">ok</p>',
      },
    });
    const res = await get().app.inject({ method: 'GET', url: `/api/campaign/${recipients[0]!.rid}` });
    const { awareness } = res.json<CampaignData>();
    expect(awareness.content).toBe(
      '<h2>Tips</h2><img src="x" /><a target="_blank" rel="noopener noreferrer">a</a><p>ok</p>',
    );
  });
});

describeEachDatabase('campaign content as recipients get it', (get) => {
  it('serves a changed campaign file at once, though the file read before is cached', async () => {
    const { db } = get().database;
    const seeded = await seedCampaign(db, MINIMAL_CAMPAIGN);
    const rid = seeded.recipients[0]!.rid;
    const read = async () =>
      (await get().app.inject({ method: 'GET', url: `/api/campaign/${rid}` })).json<CampaignData>();
    expect((await read()).awareness.content).toBe('Plain text awareness.');
    // Straight through the repository: the API allows this on drafts only, and drafts serve no one.
    await updateCampaignContent(
      db,
      seeded.tenantId,
      seeded.campaignId,
      campaignFileSchema.parse({ ...MINIMAL_CAMPAIGN, awareness: { content: 'Changed awareness.' } }),
    );
    expect((await read()).awareness.content).toBe('Changed awareness.');
  });
});
