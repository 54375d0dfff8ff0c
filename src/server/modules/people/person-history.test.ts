/**
 * A person's history and risk, and the lists, over a history seeded as real use makes one
 * (person-history-fixtures.ts): each expected figure below is worked out by hand from it.
 */
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import type { PeopleListPage, PersonHistory } from '@shared/person-history';
import { newTenant } from '@server/test/admin-fixtures';
import { describeEachDatabase } from '@server/test/harness';
import { seedHistory, type SeededHistory } from '@server/test/person-history-fixtures';

describeEachDatabase('a person’s history, risk and the lists', (get) => {
  let seeded: SeededHistory;
  beforeAll(async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    seeded = await seedHistory(get(), 'History');
  });
  afterAll(() => {
    vi.useRealTimers();
  });
  const call = (url: string, headers = seeded.tenant.headers) =>
    get().admin.inject({ method: 'GET', url, headers });
  const history = async (who: keyof SeededHistory['people']) => {
    const res = await call(`/api/admin/people/${seeded.people[who]}/history`);
    expect(res.statusCode).toBe(200);
    return res.json<PersonHistory>();
  };
  const list = async (path: string) => {
    const res = await call(`/api/admin/people/lists/${path}`);
    expect(res.statusCode).toBe(200);
    const page = res.json<PeopleListPage>();
    return {
      total: page.total,
      items: page.items.map(({ person, ...figures }) => ({ who: person.first_name, ...figures })),
    };
  };

  it('shows every simulation ana received, newest first, with what she did', async () => {
    const ana = await history('ana');
    expect(ana.person).toMatchObject({ email: 'ana@example.com', first_name: 'Ana' });
    expect(ana.simulations).toEqual([
      {
        campaign_id: expect.any(String),
        campaign_name: 'Parcel',
        language_code: 'de',
        sent_at: '2026-04-01T12:00:00.000Z',
        clicked: true,
        clicked_at: '2026-06-30T11:00:00.000Z',
        verdict: 'human',
        submitted: true,
        reported: false,
        reported_at: null,
        seconds_to_report: null,
        questionnaire_score: null,
        training_completed: false,
        training_assigned_at: null,
      },
      {
        campaign_id: expect.any(String),
        campaign_name: 'Payroll',
        language_code: 'de',
        sent_at: '2026-01-01T12:00:00.000Z',
        clicked: false,
        clicked_at: null,
        verdict: null,
        submitted: false,
        reported: true,
        reported_at: '2026-06-30T11:50:00.000Z',
        // 180 days less 10 minutes.
        seconds_to_report: 180 * 86_400 - 600,
        questionnaire_score: null,
        training_completed: false,
        training_assigned_at: null,
      },
      expect.objectContaining({ campaign_name: 'Invoice', clicked: true, training_completed: true }),
      expect.objectContaining({ campaign_name: 'Old', sent_at: '2025-04-06T12:00:00.000Z', clicked: true }),
    ]);
  });

  it('scores ana 41, medium: 20 + (30 + 20) × 0.5 - 25 × 0.25 + (30 - 10) × 0.125; the 450-day-old click is left out', async () => {
    // 20 + 25 - 6.25 + 2.5 = 41.25, rounded to 41: medium (30 to 59).
    expect((await history('ana')).risk).toEqual({
      score: 41,
      band: 'medium',
      baseline: 20,
      counted: 3,
      factors: [
        // 30 × 0.5 + 30 × 0.125 = 18.75, shown to one decimal.
        { factor: 'clicked', count: 2, points: 18.8 },
        { factor: 'submitted', count: 1, points: 10 },
        { factor: 'reported', count: 1, points: -6.3 },
        { factor: 'training_completed', count: 1, points: -1.3 },
      ],
    });
  });

  it('never counts a scanner’s visit: ben scores 20 - 25 × 0.5 + 30 × 0.25 = 15, low', async () => {
    const ben = await history('ben');
    expect(
      ben.simulations.map((s) => [s.campaign_name, s.language_code, s.clicked, s.verdict, s.reported]),
    ).toEqual([
      // The scanner's visit is said as such: the link was opened, by no person.
      ['Parcel', 'en', false, 'automated', true],
      ['Payroll', 'en', true, 'human', false],
    ]);
    expect(ben.risk).toEqual({
      score: 15,
      band: 'low',
      baseline: 20,
      counted: 2,
      factors: [
        { factor: 'reported', count: 1, points: -12.5 },
        { factor: 'clicked', count: 1, points: 7.5 },
      ],
    });
    expect((await history('cy')).risk).toEqual({
      score: 20,
      band: 'low',
      baseline: 20,
      counted: 1,
      factors: [],
    });
  });

  it('lists repeat offenders over the last 12 months: at least 2 clicks, then at least 1', async () => {
    const ana = {
      who: 'Ana',
      simulations: 3,
      clicks: 2,
      submissions: 1,
      reports: 1,
      last_clicked_at: '2026-06-30T11:00:00.000Z',
      last_reported_at: '2026-06-30T11:50:00.000Z',
    };
    expect(await list('repeat-offenders?clicks=2&months=12')).toEqual({ total: 1, items: [ana] });
    expect(await list('repeat-offenders?clicks=1')).toEqual({
      total: 2,
      items: [
        ana,
        {
          who: 'Ben',
          simulations: 2,
          clicks: 1,
          submissions: 0,
          reports: 1,
          last_clicked_at: '2026-06-30T11:00:00.000Z',
          last_reported_at: '2026-06-30T11:30:00.000Z',
        },
      ],
    });
    // Over 15 months, ana's click on Old (sent almost 15 months ago) counts too.
    expect((await list('repeat-offenders?clicks=3&months=15')).items).toMatchObject([
      { who: 'Ana', clicks: 3 },
    ]);
  });

  it('lists who never reported and the top reporters, a page at a time', async () => {
    expect(await list('never-reported')).toEqual({
      total: 1,
      items: [
        {
          who: 'Cy',
          simulations: 1,
          clicks: 0,
          submissions: 0,
          reports: 0,
          last_clicked_at: null,
          last_reported_at: null,
        },
      ],
    });
    const top = await list('top-reporters');
    expect(top.items.map((i) => [i.who, i.reports])).toEqual([
      ['Ana', 1],
      ['Ben', 1],
    ]);
    expect(await list('top-reporters?limit=1&offset=1')).toMatchObject({ total: 2, items: [{ who: 'Ben' }] });
    expect(await list('top-reporters?offset=5')).toEqual({ total: 2, items: [] });
  });

  it('lists the people of a risk band, highest first', async () => {
    const band = async (name: string) =>
      (await call(`/api/admin/people/risky?band=${name}`))
        .json<{ items: { person: { first_name: string }; risk: { score: number } }[] }>()
        .items.map((i) => [i.person.first_name, i.risk.score]);
    expect(await band('high')).toEqual([]);
    expect(await band('medium')).toEqual([['Ana', 41]]);
    expect(await band('low')).toEqual([
      ['Cy', 20],
      ['Ben', 15],
    ]);
  });

  it("gives another tenant a plain 404 for a person's history, and lists without them", async () => {
    const other = await newTenant(get(), 'Other');
    const res = await call(`/api/admin/people/${seeded.people.ana}/history`, other.headers);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: { code: 'not_found', message: 'Not found' } });
    const lists = await call('/api/admin/people/lists/top-reporters', other.headers);
    expect(lists.json()).toMatchObject({ total: 0, items: [] });
    const bad = await call('/api/admin/people/lists/top-reporters?months=99');
    expect(bad.statusCode).toBe(400);
  });
});
