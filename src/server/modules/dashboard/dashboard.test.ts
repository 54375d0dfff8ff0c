import { expect, it } from 'vitest';
import type { Dashboard, RecipientActivity, RecipientTable, Trends } from '@shared/dashboard';
import {
  campaignFile,
  importCampaign,
  importCsv,
  newTenant,
  recordEvent,
  type TestTenant,
} from '@server/test/admin-fixtures';
import { PERSON } from '@server/test/click-fixtures';
import { describeEachDatabase, type Harness } from '@server/test/harness';

const file = campaignFile({
  questionnaire: {
    questions: [
      {
        id: 'q1',
        type: 'single',
        text: 'What should you do?',
        options: [
          { id: 'a', text: 'Report it' },
          { id: 'b', text: 'Reply' },
          { id: 'c', text: 'Forward it' },
        ],
        correct: ['a'],
      },
      {
        id: 'q2',
        type: 'multiple',
        text: 'Which are red flags?',
        options: [
          { id: 'x', text: 'Urgency' },
          { id: 'y', text: 'Unknown sender' },
          { id: 'z', text: 'Your own logo' },
        ],
        correct: ['x', 'y'],
      },
    ],
  },
  gamification: {
    pass_mark: 70,
    badges: [
      { id: 'gold', name: 'Gold', min_score: 100 },
      { id: 'bronze', name: 'Bronze', min_score: 50 },
    ],
  },
});

/**
 * Six people: Ann (en, Sales) clicks as a person, enters data, reads the lesson, passes with 100
 * and completes; Bob (de, Sales) clicks as a person and, without entering data or reading the
 * lesson, fails with 0; Cy (de, IT) is a sandbox (webdriver) that scores 50; Dee (fr, IT) only has her link fetched (plain GET); Eve (en, no department) and Fay (en,
 * IT, never sent) do nothing.
 */
async function seed(h: Harness, tenant: TestTenant) {
  const id = await importCampaign(h, tenant, file);
  const sent = new Date(Date.now() - 3600_000).toISOString();
  await importCsv(
    h,
    tenant,
    id,
    [
      'email,first_name,language,department,sent_at',
      `ann@example.com,Ann,en,Sales,${sent}`,
      `bob@example.com,Bob,de,Sales,${sent}`,
      `cy@example.com,Cy,de,IT,${sent}`,
      `dee@example.com,Dee,fr,IT,${sent}`,
      `eve@example.com,Eve,en,,${sent}`,
      'fay@example.com,Fay,en,IT,',
    ].join('\n'),
  );
  const links = (
    await h.admin.inject({ method: 'GET', url: `/api/admin/campaigns/${id}/links`, headers: tenant.headers })
  ).json<{ links: { email: string; rid: string }[] }>().links;
  const rid = (name: string) => links.find((l) => l.email === `${name}@example.com`)!.rid;
  const click = (name: string, ip: string, evidence: typeof PERSON) =>
    h.app.inject({
      method: 'POST',
      url: '/api/events',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({
        rid: rid(name),
        type: 'clicked',
        details: { reason: 'user_gesture', gesture: 'pointer', elapsed_ms: 10, evidence },
      }),
      remoteAddress: ip,
    });
  const open = (name: string, ip: string) =>
    h.app.inject({ method: 'GET', url: `/phish?rid=${rid(name)}`, remoteAddress: ip });
  // Each link is opened (a plain GET: unverified) before the page reports its click.
  await open('ann', '192.0.2.10');
  await open('bob', '192.0.3.10');
  await open('cy', '192.0.4.10');
  await click('ann', '192.0.2.10', PERSON);
  await click('bob', '192.0.3.10', PERSON);
  await click('cy', '192.0.4.10', { ...PERSON, webdriver: true });
  await open('dee', '192.0.5.10');
  await recordEvent(h, rid('ann'), 'submitted', { details: { fields: ['username'] } });
  await recordEvent(h, rid('ann'), 'awareness_viewed');
  const answer = (name: string, answers: Record<string, string[]>, score: number) =>
    recordEvent(h, rid(name), 'questionnaire_completed', { details: { answers, score } });
  await answer('ann', { q1: ['a'], q2: ['x', 'y'] }, 100);
  await answer('bob', { q1: ['b'], q2: ['x'] }, 0);
  await answer('cy', { q1: ['b'], q2: ['x', 'y'] }, 50);
  await recordEvent(h, rid('ann'), 'completed');
  return { id, sent };
}

describeEachDatabase('operator API: campaign dashboard', (get) => {
  it('gives every number of the dashboard from the seeded journeys, equal to the results API', async () => {
    const h = get();
    const tenant = await newTenant(h);
    const { id, sent } = await seed(h, tenant);
    const res = await h.admin.inject({
      method: 'GET',
      url: `/api/admin/campaigns/${id}/dashboard`,
      headers: tenant.headers,
    });
    expect(res.statusCode).toBe(200);
    const d = res.json<Dashboard>();
    const funnel = Object.fromEntries(d.funnel.map((s) => [s.stage, s.count]));
    // The people funnel: no PDF and no red flags in this campaign, so no such stages; Cy (a
    // sandbox) and Bob (who skipped steps) answered the questions outside it.
    expect(d.funnel.map((s) => s.stage)).toEqual([
      'recipients',
      'sent',
      'clicked',
      'awareness_viewed',
      'questionnaire_completed',
      'completed',
    ]);
    expect(funnel).toEqual({
      recipients: 6,
      sent: 5,
      clicked: 2,
      awareness_viewed: 1,
      questionnaire_completed: 1,
      completed: 1,
    });
    expect(d.entered_data).toBe(1);
    expect(d.link_opened).toBe(4);
    expect(d.outside).toEqual([
      { step: 'submitted', not_counted: 0, skipped_earlier: 0 },
      { step: 'awareness_viewed', not_counted: 0, skipped_earlier: 0 },
      { step: 'questionnaire_completed', not_counted: 1, skipped_earlier: 1 },
      { step: 'completed', not_counted: 0, skipped_earlier: 0 },
    ]);
    expect(d.funnel.find((s) => s.stage === 'clicked')?.rate).toBeCloseTo(2 / 6);
    const results = (
      await h.admin.inject({
        method: 'GET',
        url: `/api/admin/campaigns/${id}/results`,
        headers: tenant.headers,
      })
    ).json<{
      funnel: Record<string, number | null> & { stages: string[]; outside: unknown };
      verdicts: Record<string, number>;
    }>();
    expect(results.funnel.stages).toEqual(d.funnel.map((s) => s.stage));
    for (const stage of d.funnel) expect(results.funnel[stage.stage], stage.stage).toBe(stage.count);
    expect(results.funnel.visited).toBe(d.link_opened);
    expect(results.funnel.outside).toEqual(d.outside);
    expect(results.funnel.pdf_viewed).toBeNull();
    expect(results.funnel.submitted).toBe(d.entered_data);
    expect(d.submit_attempted).toBe(results.funnel.submit_attempted);
    expect({ ...d.verdicts.counts, filtered_visits: d.verdicts.filtered_visits }).toEqual(results.verdicts);
    expect(d.verdicts.counts).toEqual({
      human: 2,
      likely_human: 0,
      automated: 1,
      unverified: 1,
      not_visited: 2,
    });
    expect(d.verdicts.filtered_visits).toBe(1);
    expect(d.verdicts.reasons).toEqual([
      { verdict: 'human', reason: 'trusted_gesture', count: 2 },
      { verdict: 'automated', reason: 'webdriver', count: 1 },
      { verdict: 'unverified', reason: 'plain_get', count: 1 },
    ]);

    expect(d.timeline.clicks).toBe(2);
    expect(d.timeline.start).toBe(sent);
    expect(d.timeline.first_sent_at).toBe(sent);
    expect(d.timeline.bucket_seconds).toBe(60);
    expect(d.timeline.buckets.reduce((n, b) => n + b.clicks, 0)).toBe(2);
    const minutes =
      Math.floor(Date.parse(d.timeline.first_click_at!) / 60_000) - Math.floor(Date.parse(sent) / 60_000);
    expect(d.timeline.buckets).toHaveLength(minutes + 1);
    expect(d.timeline.buckets[0]?.at).toBe(
      new Date(Math.floor(Date.parse(sent) / 60_000) * 60_000).toISOString(),
    );
    // Both clicks came about an hour after sending.
    expect(d.timeline.median_seconds_to_click).toBeGreaterThan(3590);
    expect(d.timeline.median_seconds_to_click).toBeLessThan(3700);

    // The people who clicked only: Cy's (a sandbox's) answers and score are left out.
    expect(d.questions).toEqual([
      {
        id: 'q1',
        text: 'What should you do?',
        answered: 2,
        correct: 1,
        share_correct: 1 / 2,
        top_wrong: { option_id: 'b', text: 'Reply', count: 1 },
      },
      {
        id: 'q2',
        text: 'Which are red flags?',
        answered: 2,
        correct: 1,
        share_correct: 1 / 2,
        top_wrong: null,
      },
    ]);
    expect(d.breakdowns.language).toEqual([
      { key: 'en', recipients: 3, visited: 1, clicked: 1, submitted: 1, completed: 1, average_score: 100 },
      { key: 'de', recipients: 2, visited: 2, clicked: 1, submitted: 0, completed: 0, average_score: 0 },
      { key: 'fr', recipients: 1, visited: 1, clicked: 0, submitted: 0, completed: 0, average_score: null },
    ]);
    expect(d.breakdowns.department).toEqual([
      { key: 'IT', recipients: 3, visited: 2, clicked: 0, submitted: 0, completed: 0, average_score: null },
      { key: 'Sales', recipients: 2, visited: 2, clicked: 2, submitted: 1, completed: 1, average_score: 50 },
      { key: null, recipients: 1, visited: 0, clicked: 0, submitted: 0, completed: 0, average_score: null },
    ]);
    expect(d.score).toEqual({
      average: 50,
      pass_mark: 70,
      scored: 2,
      passed: 1,
      pass_rate: 1 / 2,
      badges: [
        { id: 'gold', name: 'Gold', min_score: 100, earned: 1 },
        { id: 'bronze', name: 'Bronze', min_score: 50, earned: 1 },
      ],
    });
    expect(d.score.average).toBe(results.funnel.average_score);
  });

  it('pages, sorts and filters the recipients table, and shows one recipient with evidence', async () => {
    const h = get();
    const tenant = await newTenant(h);
    const { id } = await seed(h, tenant);
    const table = async (query: string) =>
      (
        await h.admin.inject({
          method: 'GET',
          url: `/api/admin/campaigns/${id}/results/recipients?${query}`,
          headers: tenant.headers,
        })
      ).json<RecipientTable>();
    const emails = (t: RecipientTable) => t.items.map((r) => r.email);
    expect(emails(await table('verdict=automated'))).toEqual(['cy@example.com']);
    expect(emails(await table('verdict=human&sort=email&order=desc'))).toEqual([
      'bob@example.com',
      'ann@example.com',
    ]);
    expect(emails(await table('verdict=not_visited&sort=email'))).toEqual([
      'eve@example.com',
      'fay@example.com',
    ]);
    expect(emails(await table('language=de&sort=email'))).toEqual(['bob@example.com', 'cy@example.com']);
    expect(emails(await table('department=IT&sort=email'))).toEqual([
      'cy@example.com',
      'dee@example.com',
      'fay@example.com',
    ]);
    expect(emails(await table('department=&sort=email'))).toEqual(['eve@example.com']);
    expect(emails(await table('status=completed'))).toEqual(['ann@example.com']);
    expect(emails(await table('sort=score&order=desc'))).toEqual([
      'ann@example.com',
      'cy@example.com',
      'bob@example.com',
      expect.any(String),
      expect.any(String),
      expect.any(String),
    ]);
    const paged = await table('sort=email&limit=2&offset=2');
    expect(paged).toMatchObject({ total: 6, offset: 2, limit: 2 });
    expect(emails(paged)).toEqual(['cy@example.com', 'dee@example.com']);

    const cy = (await table('verdict=automated')).items[0]!;
    expect(cy.verdict_reasons).toEqual(['navigator.webdriver']);
    const activity = (
      await h.admin.inject({
        method: 'GET',
        url: `/api/admin/campaigns/${id}/results/recipients/${cy.id}`,
        headers: tenant.headers,
      })
    ).json<RecipientActivity>();
    expect(activity.recipient.email).toBe('cy@example.com');
    expect(activity.visits).toMatchObject([
      { source: 'page', verdict: 'unverified', reasons: ['plain GET'] },
      { source: 'event', verdict: 'automated', reasons: ['navigator.webdriver'] },
    ]);
    // The page reported a click, but the visit was a sandbox's: not the people funnel's.
    expect(activity.events.map((e) => [e.type, e.counted])).toEqual([
      ['visited', true],
      ['clicked', false],
      ['questionnaire_completed', false],
    ]);
    expect(JSON.stringify(activity)).not.toMatch(/192\.0\.4/);
    const other = await newTenant(h);
    const hidden = await h.admin.inject({
      method: 'GET',
      url: `/api/admin/campaigns/${id}/results/recipients/${cy.id}`,
      headers: other.headers,
    });
    expect(hidden.statusCode).toBe(404);
  });

  it('gives tenant-wide trends, one row per launched campaign', async () => {
    const h = get();
    const tenant = await newTenant(h);
    const { id } = await seed(h, tenant);
    const trends = (
      await h.admin.inject({ method: 'GET', url: '/api/admin/trends', headers: tenant.headers })
    ).json<Trends>();
    expect(trends.campaigns).toEqual([
      {
        id,
        name: 'Quarterly test',
        started_at: expect.any(String),
        recipients: 6,
        sent: 5,
        click_rate: 2 / 6,
        entered_data_rate: 1 / 6,
        completion_rate: 1 / 6,
        average_score: 50,
      },
    ]);
  });
});
