import { describe, expect, it } from 'vitest';
import { planMonth, type PlanPerson } from './month-plan';

const library = [1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 5, 5].map((difficulty, i) => ({
  id: `s${String(i).padStart(2, '0')}-l${difficulty}`,
  difficulty,
  languages: ['en', 'de'],
}));

const person = (id: string, more: Partial<PlanPerson> = {}): PlanPerson => ({
  id,
  department: 'Finance',
  language: 'en',
  timeZone: 'Europe/Berlin',
  previousLevel: null,
  outcomes: [],
  received: new Set(),
  ...more,
});

const settings = {
  automationId: 'a1',
  month: '2027-03',
  startingLevel: 2,
  hours: { start: 540, end: 1020 },
  after: Date.parse('2027-02-25T00:00:00Z'),
};

describe("a month's plan", () => {
  it('gives colleagues different scenarios of their level, then spreads the rest', () => {
    const plan = planMonth(
      ['a', 'b', 'c', 'd'].map((id) => person(id)),
      library,
      settings,
    );
    expect(plan.map((m) => m.scenario?.difficulty)).toEqual([2, 2, 2, 2]);
    // Three scenarios at level 2: the fourth colleague shares one, never all four the same.
    expect(new Set(plan.slice(0, 3).map((m) => m.scenario?.id)).size).toBe(3);
    expect(new Set(plan.map((m) => new Date(m.plannedAt!).toISOString().slice(0, 10))).size).toBe(4);
  });

  it('never repeats a scenario: the nearest level when none is left, nothing when all were sent', () => {
    const level2 = new Set(library.filter((s) => s.difficulty === 2).map((s) => s.id));
    const [near] = planMonth([person('a', { received: level2 })], library, settings);
    // Levels 1 and 3 are as near: the easier one.
    expect(near?.scenario?.difficulty).toBe(1);
    const [none] = planMonth(
      [person('a', { received: new Set(library.map((s) => s.id)) })],
      library,
      settings,
    );
    expect(none).toMatchObject({ scenario: null, plannedAt: null, skipReason: 'no_scenario_left' });
  });

  it('prefers a scenario in the person’s language', () => {
    const withJapanese = [...library, { id: 'ja-only', difficulty: 2, languages: ['ja'] }];
    const [m] = planMonth([person('a', { language: 'ja' })], withJapanese, settings);
    expect(m?.scenario?.id).toBe('ja-only');
  });

  it('plans the same again from the same inputs (the plan shown beforehand is the one made)', () => {
    const people = ['a', 'b', 'c'].map((id) => person(id, { department: id === 'c' ? 'Sales' : 'Finance' }));
    expect(planMonth(people, library, settings)).toEqual(planMonth(people, library, settings));
  });
});
