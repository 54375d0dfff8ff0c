/**
 * What a month's plan is made from: the audience's active people (but those another automation of
 * the tenant already planned that month), their level last month in this
 * automation, what they did with every simulation they received (the results module), and the
 * scenarios they were sent (the programme module) or planned (any automation of the tenant).
 */
import type { AutomationRow, Db, PersonRow } from '@server/db/schema';
import type { LanguageCode } from '@shared/languages';
import { audienceSchema } from '@shared/people';
import { isTimeZone } from '@shared/time-zone';
import { audiencePeople } from '../people/people.service';
import { scenariosReceived } from '../programme/programme.service';
import { riskInputsSince } from '../results/person-results.service';
import { scenarioList } from '../scenarios/scenarios.service';
import type { Outcome } from './adaptive-level';
import { levelsBefore, monthMessages, plannedElsewhere, plannedScenarios } from './automations.repository';
import { planMonth, type PlanPerson, type PlannedMessage } from './month-plan';

/** Whose automations, with the scenario library at `root` (tests) or the one Hookwise ships. */
export interface AutomationScope {
  tenantId: string;
  root?: string | undefined;
}

/** YYYY-MM of `at`, in UTC. */
export function monthOf(at: Date): string {
  return at.toISOString().slice(0, 7);
}

/** The scenarios an automation chooses from: the library and the tenant's copies. */
export async function libraryOptions(db: Db, scope: AutomationScope, language: LanguageCode = 'en') {
  const list = await scenarioList(db, scope, { language });
  return list.map((s) => ({
    id: s.id,
    difficulty: s.difficulty,
    languages: s.languages,
    title: s.texts.title,
    lure: s.lure,
    /** The library scenario it is a copy of, else itself: a copy is the same simulation to a person. */
    family: s.copied_from ?? s.id,
  }));
}

/**
 * What a person received, widened to every option of the same family: someone sent a library
 * scenario is never sent the tenant's copy of it, nor the other way round.
 */
function withFamilies(
  received: ReadonlySet<string>,
  options: readonly { id: string; family: string }[],
): Set<string> {
  const familyOf = new Map(options.map((o) => [o.id, o.family]));
  const families = new Set([...received].map((id) => familyOf.get(id) ?? id));
  return new Set([...received, ...options.filter((o) => families.has(o.family)).map((o) => o.id)]);
}

const EVER = '0000-01-01T00:00:00.000Z';

async function chunked<T>(refs: readonly string[], read: (chunk: string[]) => Promise<T[]>): Promise<T[]> {
  const rows: T[] = [];
  for (let i = 0; i < refs.length; i += 500) rows.push(...(await read(refs.slice(i, i + 500))));
  return rows;
}

/**
 * The plan of `month` for the audience's people who have no message that month yet, as if made
 * at `now`: nothing is placed before the month begins, nor more than `graceMs` before `now` (the
 * planner's grace lets the plan it makes in a month's first minutes be the one shown before).
 */
export async function computePlan(
  db: Db,
  scope: AutomationScope,
  row: AutomationRow,
  month: string,
  now: Date,
  graceMs = 0,
): Promise<{ people: PersonRow[]; planned: PlannedMessage[] }> {
  const audience = await audiencePeople(db, scope.tenantId, audienceSchema.parse(JSON.parse(row.audience)));
  const existing = await monthMessages(db, row.id, month);
  const already = new Set(existing.map((m) => m.person_ref));
  const unplanned = audience.filter((p) => !already.has(p.id));
  // One simulation a person a month across the tenant's automations: the first to plan them sends it.
  const elsewhere = new Set(
    await chunked(
      unplanned.map((p) => p.id),
      (chunk) => plannedElsewhere(db, scope.tenantId, row.id, month, chunk),
    ),
  );
  const people = unplanned.filter((p) => !elsewhere.has(p.id));
  if (people.length === 0) return { people, planned: [] };
  const refs = people.map((p) => p.id);

  const levels = new Map<string, { month: string; level: number }>();
  for (const l of await levelsBefore(db, row.id, month)) {
    const known = levels.get(l.person_ref);
    if (!known || known.month < l.month) levels.set(l.person_ref, l);
  }
  const outcomes = await riskInputsSince(db, scope.tenantId, EVER, refs);
  const received = await scenariosReceived(db, scope.tenantId, refs);
  for (const p of await chunked(refs, (chunk) => plannedScenarios(db, scope.tenantId, chunk))) {
    if (!p.scenario_id) continue;
    const set = received.get(p.person_ref) ?? new Set<string>();
    set.add(p.scenario_id);
    received.set(p.person_ref, set);
  }

  const options = await libraryOptions(db, scope);
  const planPeople = people.map((p): PlanPerson => ({
    id: p.id,
    department: p.department,
    language: p.language_code ?? 'en',
    timeZone: p.time_zone && isTimeZone(p.time_zone) ? p.time_zone : row.time_zone,
    previousLevel: levels.get(p.id)?.level ?? null,
    outcomes: (outcomes.get(p.id) ?? []) satisfies Outcome[],
    received: withFamilies(received.get(p.id) ?? new Set(), options),
  }));
  const planned = planMonth(
    planPeople,
    options,
    {
      automationId: row.id,
      month,
      startingLevel: row.starting_level,
      hours: { start: row.window_start, end: row.window_end },
      after: Math.max(Date.parse(`${month}-01T00:00:00.000Z`), now.getTime() - graceMs),
    },
    existing.map((m) => ({ department: m.department, scenarioId: m.scenario_id })),
  );
  return { people, planned };
}
