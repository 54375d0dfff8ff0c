/**
 * A funnel that adds up (issue 26): a sandbox that walks the whole journey stays out of the
 * people funnel, the quiz statistics and the score in the dashboard, the results API, its CSV and
 * Trends; a campaign whose messages were never sent shows no send, no time to click, and Trends
 * gives it no rates; a stage the campaign does not have is not shown.
 */
import { parse } from 'csv-parse/sync';
import { expect, it } from 'vitest';
import type { Dashboard, Trends } from '@shared/dashboard';
import type { Results } from '@shared/results';
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

const questionnaire = {
  questions: [
    {
      id: 'q1',
      type: 'single' as const,
      text: 'What should you do?',
      options: [
        { id: 'a', text: 'Report it' },
        { id: 'b', text: 'Reply' },
      ],
      correct: ['a'],
    },
  ],
};

async function campaignWith(h: Harness, tenant: TestTenant, name: string, csv: string, pdf = false) {
  const file = campaignFile({
    name,
    questionnaire,
    ...(pdf ? { pdf: { url: 'https://cdn.example/lesson.pdf' } } : {}),
  });
  const id = await importCampaign(h, tenant, file);
  await importCsv(h, tenant, id, csv);
  const links = (
    await h.admin.inject({ method: 'GET', url: `/api/admin/campaigns/${id}/links`, headers: tenant.headers })
  ).json<{ links: { email: string; rid: string }[] }>().links;
  const rid = (who: string) => links.find((l) => l.email === `${who}@example.com`)!.rid;
  const click = async (who: string, ip: string, evidence: typeof PERSON) => {
    await h.app.inject({ method: 'GET', url: `/phish?rid=${rid(who)}`, remoteAddress: ip });
    await h.app.inject({
      method: 'POST',
      url: '/api/events',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({
        rid: rid(who),
        type: 'clicked',
        details: { reason: 'user_gesture', gesture: 'pointer', elapsed_ms: 10, evidence },
      }),
      remoteAddress: ip,
    });
  };
  /** The rest of the journey, as the pages record it. */
  const journey = async (who: string, answer: string, score: number) => {
    await recordEvent(h, rid(who), 'submitted', { details: { fields: ['username', 'password'] } });
    await recordEvent(h, rid(who), 'awareness_viewed');
    await recordEvent(h, rid(who), 'questionnaire_completed', {
      details: { answers: { q1: [answer] }, score },
    });
    await recordEvent(h, rid(who), 'completed');
  };
  return { id, click, journey, rid };
}

async function read<T>(h: Harness, tenant: TestTenant, url: string): Promise<T> {
  const res = await h.admin.inject({ method: 'GET', url, headers: tenant.headers });
  expect(res.statusCode, url).toBe(200);
  return res.json<T>();
}

const nonIncreasing = (counts: readonly number[]) => counts.every((c, i) => i === 0 || c <= counts[i - 1]!);

describeEachDatabase('a funnel that adds up', (get) => {
  it('keeps a sandbox that walks the whole journey out of the people funnel, everywhere', async () => {
    const h = get();
    const tenant = await newTenant(h);
    const sent = new Date(Date.now() - 3600_000).toISOString();
    const { id, click, journey } = await campaignWith(
      h,
      tenant,
      'Sandbox walks',
      ['email,sent_at', `ann@example.com,${sent}`, `bot@example.com,${sent}`, `eve@example.com,${sent}`].join(
        '\n',
      ),
    );
    await click('ann', '192.0.2.10', PERSON);
    await click('bot', '192.0.4.10', { ...PERSON, webdriver: true });
    await journey('ann', 'a', 100);
    // The sandbox fills in the form, reads, answers (wrongly) and completes.
    await journey('bot', 'b', 0);

    const d = await read<Dashboard>(h, tenant, `/api/admin/campaigns/${id}/dashboard`);
    expect(d.funnel.map((s) => [s.stage, s.count])).toEqual([
      ['recipients', 3],
      ['sent', 3],
      ['clicked', 1],
      ['awareness_viewed', 1],
      ['questionnaire_completed', 1],
      ['completed', 1],
    ]);
    expect(nonIncreasing(d.funnel.map((s) => s.count))).toBe(true);
    expect(d.entered_data).toBe(1);
    expect(d.link_opened).toBe(2);
    expect(d.outside.map((o) => [o.step, o.not_counted])).toEqual([
      ['submitted', 1],
      ['awareness_viewed', 1],
      ['questionnaire_completed', 1],
      ['completed', 1],
    ]);
    // The sandbox's wrong answer and its 0 are in neither the question statistics nor the score.
    expect(d.questions[0]).toMatchObject({ answered: 1, correct: 1, top_wrong: null });
    expect(d.score).toMatchObject({ average: 100, scored: 1, passed: 1 });

    const results = await read<Results>(h, tenant, `/api/admin/campaigns/${id}/results`);
    expect(results.funnel.stages).toEqual(d.funnel.map((s) => s.stage));
    const apiCounts = results.funnel.stages.map((stage) => results.funnel[stage] ?? -1);
    expect(apiCounts).toEqual(d.funnel.map((s) => s.count));
    expect(results.funnel.average_score).toBe(100);
    expect(results.funnel.outside).toEqual(d.outside);

    // The CSV: counting each step's filled times gives the same funnel; the sandbox's steps are
    // named apart, their times empty.
    const csv = await h.admin.inject({
      method: 'GET',
      url: `/api/admin/campaigns/${id}/results.csv`,
      headers: tenant.headers,
    });
    const rows = parse<Record<string, string>>(csv.body, { columns: true });
    const filled = (column: string) => rows.filter((r) => r[column] !== '').length;
    const csvCounts = [
      'clicked',
      'submitted',
      'awareness_viewed',
      'questionnaire_completed',
      'completed',
    ].map((step) => filled(`${step}_at`));
    expect(csvCounts).toEqual([1, 1, 1, 1, 1]);
    const bot = rows.find((r) => r.email === 'bot@example.com')!;
    expect(bot).toMatchObject({
      status: 'visited',
      verdict: 'automated',
      submitted_at: '',
      completed_at: '',
      outside_funnel: 'submitted; awareness_viewed; questionnaire_completed; completed',
    });

    const trends = await read<Trends>(h, tenant, '/api/admin/trends');
    const row = trends.campaigns.find((c) => c.id === id)!;
    expect(row).toMatchObject({ recipients: 3, sent: 3, click_rate: 1 / 3, average_score: 100 });
    expect(row.entered_data_rate).toBe(1 / 3);
    expect(row.completion_rate).toBe(1 / 3);

    // The console's recipients table: the sandbox stands at "visited", and is not "completed".
    const table = await read<{ items: { id: string; email: string; status: string }[] }>(
      h,
      tenant,
      `/api/admin/campaigns/${id}/results/recipients?verdict=automated`,
    );
    expect(table.items.map((r) => [r.email, r.status])).toEqual([['bot@example.com', 'visited']]);
    const byStatus = async (status: string) =>
      (
        await read<{ items: { email: string }[] }>(
          h,
          tenant,
          `/api/admin/campaigns/${id}/results/recipients?status=${status}&sort=email`,
        )
      ).items.map((r) => r.email);
    expect(await byStatus('completed')).toEqual(['ann@example.com']);
    expect(await byStatus('visited')).toEqual(['bot@example.com']);
    // The recipient's activity says the sandbox's click was not counted.
    const activity = await read<{ events: { type: string; counted: boolean }[] }>(
      h,
      tenant,
      `/api/admin/campaigns/${id}/results/recipients/${table.items[0]!.id}`,
    );
    expect(activity.events.filter((e) => e.type === 'clicked')).toEqual([
      expect.objectContaining({ counted: false }),
    ]);
  });

  it('shows no send and no time to click for a campaign never sent, and Trends gives it no rates', async () => {
    const h = get();
    const tenant = await newTenant(h);
    // Launched (imported live), but no message went out: no recorded send at all.
    const { id, click } = await campaignWith(
      h,
      tenant,
      'Never sent',
      'email\nann@example.com\nbob@example.com\n',
    );
    await click('ann', '192.0.2.20', PERSON);
    const d = await read<Dashboard>(h, tenant, `/api/admin/campaigns/${id}/dashboard`);
    expect(d.timeline.first_sent_at).toBeNull();
    expect(d.timeline.clicks).toBe(1);
    expect(d.timeline.median_seconds_to_click).toBeNull();
    expect(d.funnel.map((s) => s.stage)).not.toContain('sent');
    const results = await read<Results>(h, tenant, `/api/admin/campaigns/${id}/results`);
    expect(results.funnel.sent).toBeNull();
    expect(results.reporting.sent).toBe(0);
    const row = (await read<Trends>(h, tenant, '/api/admin/trends')).campaigns.find((c) => c.id === id)!;
    expect(row).toMatchObject({
      sent: 0,
      click_rate: null,
      entered_data_rate: null,
      completion_rate: null,
    });
  });

  it('counts a person who signs in with every field empty and goes on through to completed', async () => {
    const h = get();
    const tenant = await newTenant(h);
    const { id, click, rid } = await campaignWith(h, tenant, 'Empty sign-in', 'email\nann@example.com\n');
    await click('ann', '192.0.2.30', PERSON);
    // The sign-in pressed with nothing typed: no data entered; the journey goes on to the lesson.
    await h.app.inject({
      method: 'POST',
      url: '/api/events',
      payload: { rid: rid('ann'), type: 'submitted', details: { fields: [] } },
    });
    await recordEvent(h, rid('ann'), 'awareness_viewed');
    await recordEvent(h, rid('ann'), 'questionnaire_completed', {
      details: { answers: { q1: ['a'] }, score: 100 },
    });
    await recordEvent(h, rid('ann'), 'completed');
    const d = await read<Dashboard>(h, tenant, `/api/admin/campaigns/${id}/dashboard`);
    expect(d.funnel.map((s) => [s.stage, s.count])).toEqual([
      ['recipients', 1],
      ['clicked', 1],
      ['awareness_viewed', 1],
      ['questionnaire_completed', 1],
      ['completed', 1],
    ]);
    expect(d.entered_data).toBe(0);
    expect(d.submit_attempted).toBe(1);
  });

  it('shows the PDF stage only for a campaign with a PDF', async () => {
    const h = get();
    const tenant = await newTenant(h);
    const without = await campaignWith(h, tenant, 'No PDF', 'email\nann@example.com\n');
    const withPdf = await campaignWith(h, tenant, 'With PDF', 'email\nann@example.com\n', true);
    const stages = async (id: string) =>
      (await read<Dashboard>(h, tenant, `/api/admin/campaigns/${id}/dashboard`)).funnel.map((s) => s.stage);
    expect(await stages(without.id)).not.toContain('pdf_viewed');
    // The campaign has no red flags either: no such stage.
    expect(await stages(without.id)).not.toContain('sei_viewed');
    expect(await stages(withPdf.id)).toContain('pdf_viewed');
    const results = await read<Results>(h, tenant, `/api/admin/campaigns/${without.id}/results`);
    expect(results.funnel.pdf_viewed).toBeNull();
    expect(results.funnel.stages).not.toContain('pdf_viewed');
  });
});
