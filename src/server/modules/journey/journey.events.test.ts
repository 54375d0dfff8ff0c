import { beforeAll, describe, expect, it } from 'vitest';
import type { EventResponse } from '@shared/journey';
import { buildApp } from '@server/app';
import { openDatabase } from '@server/db/database';
import { migrateToLatest } from '@server/db/migrate';
import { describeEachDatabase, testConfig, type Harness } from '@server/test/harness';
import { demoCampaign } from '../demo/demo-campaign';
import { MINIMAL_CAMPAIGN, seedCampaign } from '@server/test/campaign-fixtures';

function post(h: Harness, payload: unknown, headers: Record<string, string> = {}) {
  return h.app.inject({
    method: 'POST',
    url: '/api/events',
    headers: { 'content-type': 'application/json', ...headers },
    payload: JSON.stringify(payload),
    remoteAddress: headers['x-test-ip'] ?? '198.51.100.23',
  });
}

const ALL_RIGHT = { q1: ['a'], q2: ['a', 'b'], q3: ['b'] };

describeEachDatabase('POST /api/events', (get) => {
  let tenantId = '';
  const fresh = async () => {
    const seeded = await seedCampaign(get().database.db, demoCampaign('https://cdn.example'), { tenantId });
    return seeded.recipients[0]!;
  };
  const events = (recipientId: string) =>
    get().database.db.selectFrom('events').selectAll().where('recipient_id', '=', recipientId).execute();
  const status = async (recipientId: string) =>
    (
      await get()
        .database.db.selectFrom('recipients')
        .selectAll()
        .where('id', '=', recipientId)
        .executeTakeFirstOrThrow()
    ).status;

  beforeAll(async () => {
    ({ tenantId } = await seedCampaign(get().database.db, MINIMAL_CAMPAIGN));
  });

  it('records clicked with the evidence: reason, timing, user agent, truncated address', async () => {
    const r = await fresh();
    const res = await post(
      get(),
      {
        rid: r.rid,
        type: 'clicked',
        details: { reason: 'user_gesture', elapsed_ms: 1234, gesture: 'pointer' },
      },
      { 'user-agent': 'Mozilla/5.0 TestBrowser', 'x-test-ip': '203.0.113.77' },
    );
    expect(res.statusCode).toBe(200);
    expect(res.json<EventResponse>()).toMatchObject({
      type: 'clicked',
      recorded: true,
      progress: { status: 'clicked' },
    });
    const [event] = await events(r.id);
    expect(event).toMatchObject({
      type: 'clicked',
      ip: '203.0.113.0',
      user_agent: 'Mozilla/5.0 TestBrowser',
    });
    const details = JSON.parse(event!.details) as Record<string, unknown>;
    expect(details).toMatchObject({ reason: 'user_gesture', elapsed_ms: 1234, gesture: 'pointer' });
    expect(details.since_link_created_ms).toEqual(expect.any(Number));
  });

  it('truncates IPv6 addresses to /48', async () => {
    const r = await fresh();
    await post(
      get(),
      { rid: r.rid, type: 'awareness_viewed' },
      { 'x-test-ip': '2001:db8:85a3:8d3:1319:8a2e:370:7348' },
    );
    expect((await events(r.id))[0]?.ip).toBe('2001:db8:85a3::');
  });

  it('records each step once however often it is sent, and keeps the first', async () => {
    const r = await fresh();
    const first = await post(get(), { rid: r.rid, type: 'submitted', details: { fields: ['username'] } });
    const again = await post(get(), {
      rid: r.rid,
      type: 'submitted',
      details: { fields: ['username', 'password'] },
    });
    expect(first.json<EventResponse>().recorded).toBe(true);
    expect(again.statusCode).toBe(200);
    expect(again.json<EventResponse>().recorded).toBe(false);
    const rows = await events(r.id);
    expect(rows).toHaveLength(1);
    expect(JSON.parse(rows[0]!.details)).toEqual({ fields: ['username'] });
  });

  it('only ever moves the status forward', async () => {
    const r = await fresh();
    await post(get(), { rid: r.rid, type: 'sei_viewed' });
    expect(await status(r.id)).toBe('sei_viewed');
    await post(get(), { rid: r.rid, type: 'awareness_viewed' });
    await post(get(), { rid: r.rid, type: 'clicked', details: { reason: 'render_beacon', elapsed_ms: 10 } });
    await get().app.inject({ method: 'GET', url: `/phish?rid=${r.rid}` });
    expect(await status(r.id)).toBe('sei_viewed');
    const types = (await events(r.id)).map((e) => e.type).sort();
    expect(types).toEqual(['awareness_viewed', 'clicked', 'sei_viewed', 'visited']);
    await post(get(), { rid: r.rid, type: 'questionnaire_completed', details: { answers: ALL_RIGHT } });
    const done = await post(get(), { rid: r.rid, type: 'completed' });
    expect(done.json<EventResponse>().progress).toMatchObject({ status: 'completed', score: 100 });
    expect(await status(r.id)).toBe('completed');
  });

  it('scores the questionnaire on the server and returns feedback', async () => {
    const r = await fresh();
    const res = await post(get(), {
      rid: r.rid,
      type: 'questionnaire_completed',
      details: { answers: { q1: ['a'], q2: ['a'], q3: ['b'] } },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json<EventResponse>();
    expect(body.result).toMatchObject({ score: 67, correct_count: 2, total: 3, passed: false });
    expect(body.result?.questions[1]).toMatchObject({
      id: 'q2',
      correct: false,
      selected: ['a'],
      correct_options: ['a', 'b'],
      explanation: 'Urgency and requests for credentials are classic signs.',
    });
    expect(body.progress.score).toBe(67);
    const stored = JSON.parse((await events(r.id))[0]!.details) as Record<string, unknown>;
    expect(stored).toEqual({ answers: { q1: ['a'], q2: ['a'], q3: ['b'] }, score: 67, passed: false });
    // A second submission changes nothing and gets the recorded result back.
    const again = await post(get(), {
      rid: r.rid,
      type: 'questionnaire_completed',
      details: { answers: ALL_RIGHT },
    });
    expect(again.json<EventResponse>()).toMatchObject({ recorded: false, result: { score: 67 } });
  });

  const attempts = (recipientId: string) =>
    get()
      .database.db.selectFrom('journey_attempts')
      .select(['kind', 'details'])
      .where('recipient_id', '=', recipientId)
      .orderBy('created_at')
      .execute();
  const score = async (recipientId: string) =>
    (
      await get()
        .database.db.selectFrom('recipients')
        .select('score')
        .where('id', '=', recipientId)
        .executeTakeFirstOrThrow()
    ).score;

  it('keeps an empty submit as an attempt only; a later submit with data is the funnel’s submitted', async () => {
    const r = await fresh();
    const empty = await post(get(), { rid: r.rid, type: 'submitted', details: { fields: [] } });
    expect(empty.statusCode).toBe(200);
    expect(empty.json<EventResponse>()).toMatchObject({ recorded: false, progress: { completed_steps: [] } });
    expect(await events(r.id)).toEqual([]);
    const real = await post(get(), { rid: r.rid, type: 'submitted', details: { fields: ['username'] } });
    expect(real.json<EventResponse>()).toMatchObject({
      recorded: true,
      progress: { status: 'submitted', completed_steps: ['submitted'] },
    });
    expect((await events(r.id)).map((e) => e.type)).toEqual(['submitted']);
    expect((await attempts(r.id)).map((a) => [a.kind, JSON.parse(a.details) as unknown])).toEqual([
      ['submit', { fields: [] }],
      ['submit', { fields: ['username'] }],
    ]);
  });

  it('lets a failed questionnaire be retaken: every attempt kept, the event the first, the score the latest', async () => {
    const r = await fresh();
    const failing = { q1: ['b'], q2: ['a'], q3: ['b'] };
    const first = await post(get(), {
      rid: r.rid,
      type: 'questionnaire_completed',
      details: { answers: failing },
    });
    expect(first.json<EventResponse>()).toMatchObject({
      recorded: true,
      result: { score: 33, passed: false },
    });
    // A replay (no retake flag) records nothing and answers with the latest attempt.
    const replay = await post(get(), {
      rid: r.rid,
      type: 'questionnaire_completed',
      details: { answers: ALL_RIGHT },
    });
    expect(replay.json<EventResponse>()).toMatchObject({ recorded: false, result: { score: 33 } });
    const retake = await post(get(), {
      rid: r.rid,
      type: 'questionnaire_completed',
      details: { answers: ALL_RIGHT, retake: true },
    });
    expect(retake.statusCode).toBe(200);
    expect(retake.json<EventResponse>()).toMatchObject({
      recorded: true,
      result: { score: 100, passed: true },
      progress: { score: 100 },
    });
    expect(await score(r.id)).toBe(100);
    const stored = await events(r.id);
    expect(stored).toHaveLength(1);
    expect(JSON.parse(stored[0]!.details)).toMatchObject({ score: 33, passed: false });
    expect((await attempts(r.id)).map((a) => JSON.parse(a.details) as unknown)).toEqual([
      { answers: failing, score: 33, passed: false, retake: false },
      { answers: ALL_RIGHT, score: 100, passed: true, retake: true },
    ]);
    // Passed: no further retake.
    const again = await post(get(), {
      rid: r.rid,
      type: 'questionnaire_completed',
      details: { answers: failing, retake: true },
    });
    expect(again.statusCode).toBe(409);
    expect(await score(r.id)).toBe(100);
  });

  it('refuses a retake when the campaign sets questionnaire.allow_retake false', async () => {
    const file = demoCampaign('https://cdn.example');
    const { recipients } = await seedCampaign(
      get().database.db,
      { ...file, questionnaire: { ...file.questionnaire!, allow_retake: false } },
      { tenantId },
    );
    const r = recipients[0]!;
    await post(get(), {
      rid: r.rid,
      type: 'questionnaire_completed',
      details: { answers: { q1: ['b'], q2: ['a'], q3: ['a'] } },
    });
    const retake = await post(get(), {
      rid: r.rid,
      type: 'questionnaire_completed',
      details: { answers: ALL_RIGHT, retake: true },
    });
    expect(retake.statusCode).toBe(409);
    expect(await score(r.id)).toBe(0);
    expect(await attempts(r.id)).toHaveLength(1);
  });

  it('passes a fully correct questionnaire', async () => {
    const r = await fresh();
    const res = await post(get(), {
      rid: r.rid,
      type: 'questionnaire_completed',
      details: { answers: ALL_RIGHT },
    });
    expect(res.json<EventResponse>().result).toMatchObject({ score: 100, passed: true, correct_count: 3 });
  });

  it('rejects invalid events with a 400 and stores nothing', async () => {
    const r = await fresh();
    const bad: unknown[] = [
      { rid: r.rid, type: 'visited' },
      { rid: r.rid, type: 'bogus' },
      { rid: r.rid, type: 'submitted', details: { fields: ['password'], values: { password: 'x' } } },
      { rid: r.rid, type: 'submitted', details: { fields: ['p'.repeat(65)] } },
      { rid: r.rid, type: 'submitted', details: { fields: Array.from({ length: 21 }, (_, i) => `f${i}`) } },
      { rid: r.rid, type: 'submitted', details: { fields: 'password' } },
      { rid: r.rid, type: 'clicked', details: { reason: 'scanner', elapsed_ms: 1 } },
      { rid: r.rid, type: 'clicked', details: { reason: 'render_beacon', elapsed_ms: 1, extra: 1 } },
      { rid: r.rid, type: 'awareness_viewed', details: { note: 'x' } },
      { rid: r.rid, type: 'awareness_viewed', extra: true },
      { rid: r.rid, type: 'questionnaire_completed', details: { answers: { q9: ['a'] } } },
      {
        rid: r.rid,
        type: 'questionnaire_completed',
        details: { answers: { q1: ['z'], q2: ['a'], q3: ['b'] } },
      },
      {
        rid: r.rid,
        type: 'questionnaire_completed',
        details: { answers: { q1: ['a', 'b'], q2: ['a'], q3: ['b'] } },
      },
      { rid: r.rid, type: 'questionnaire_completed', details: { answers: { q1: ['a'] } } },
      { type: 'awareness_viewed' },
    ];
    for (const payload of bad) {
      const res = await post(get(), payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json<{ error: { code: string } }>().error.code).toMatch(/validation_failed|bad_request/);
    }
    expect(await events(r.id)).toEqual([]);
    expect(await status(r.id)).toBe('created');
  });

  it('will not record completed before a required questionnaire', async () => {
    const r = await fresh();
    const res = await post(get(), { rid: r.rid, type: 'completed' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      error: { code: 'questionnaire_required', message: 'Complete the questionnaire first' },
    });
    expect(await events(r.id)).toEqual([]);
  });

  it('answers 404 for an unknown or ended rid', async () => {
    const { recipients } = await seedCampaign(get().database.db, MINIMAL_CAMPAIGN, {
      tenantId,
      ended_at: new Date().toISOString(),
    });
    for (const rid of ['A'.repeat(32), recipients[0]!.rid]) {
      const res = await post(get(), { rid, type: 'awareness_viewed' });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: { code: 'not_found', message: 'Not found' } });
    }
  });
});

describe('journey rate limit', () => {
  it('limits each client per minute on the public journey routes', async () => {
    const database = openDatabase('sqlite::memory:');
    await migrateToLatest(database.db);
    const app = await buildApp(
      { config: testConfig({ RATE_LIMIT_PER_MINUTE: '3' }), database },
      { logger: { level: 'silent' } },
    );
    const codes: number[] = [];
    for (let i = 0; i < 5; i++) {
      codes.push((await app.inject({ method: 'GET', url: `/api/campaign/${'A'.repeat(32)}` })).statusCode);
    }
    expect(codes).toEqual([404, 404, 404, 429, 429]);
    await app.close();
    await database.close();
  });

  it('limits the journey pages per client exactly like the campaign data API', async () => {
    const database = openDatabase('sqlite::memory:');
    await migrateToLatest(database.db);
    const { recipients } = await seedCampaign(database.db, MINIMAL_CAMPAIGN);
    const rid = recipients[0]!.rid;
    const app = await buildApp(
      { config: testConfig({ RATE_LIMIT_PER_MINUTE: '3' }), database },
      { logger: { level: 'silent' } },
    );
    const outcomes = async (url: string) => {
      const seen: { status: number; body: unknown }[] = [];
      for (let i = 0; i < 4; i++) {
        const res = await app.inject({ method: 'GET', url, remoteAddress: '198.51.100.7' });
        seen.push({ status: res.statusCode, body: res.statusCode === 429 ? res.json() : undefined });
      }
      // Another client keeps its own budget.
      const other = await app.inject({ method: 'GET', url, remoteAddress: '198.51.100.99' });
      return { seen, other: other.statusCode };
    };
    const limited = {
      status: 429,
      body: { error: { code: 'rate_limited', message: expect.stringMatching(/^Too many requests/) } },
    };
    for (const url of [
      `/phish?rid=${rid}`,
      `/phish/awareness?rid=${rid}`,
      `/campaign/campaign-completed?rid=${rid}`,
    ]) {
      expect(await outcomes(url), url).toEqual({
        seen: [{ status: 200 }, { status: 200 }, { status: 200 }, limited].map((o) => ({
          body: undefined,
          ...o,
        })),
        other: 200,
      });
    }
    expect(await outcomes(`/api/campaign/${rid}`)).toEqual({
      seen: [{ status: 200 }, { status: 200 }, { status: 200 }, limited].map((o) => ({
        body: undefined,
        ...o,
      })),
      other: 200,
    });
    await app.close();
    await database.close();
  });
});
