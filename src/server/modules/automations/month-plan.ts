/**
 * A month's plan for an automation's people, without the database: each person's level by the
 * adaptive rule, a scenario by scenario-choice.ts, a time by time-placement.ts. People of one
 * department are planned together, so that they get different days and different scenarios
 * where the month and the library allow.
 */
import type { LevelReason, SkipReason } from '@shared/automations';
import { nextLevel, type Outcome } from './adaptive-level';
import { chooseScenario, type ScenarioOption } from './scenario-choice';
import { seededRandom, shuffled } from './seeded-random';
import { placeMessage, workingDays, type WorkingHours } from './time-placement';

export interface PlanPerson {
  id: string;
  department: string | null;
  language: string;
  timeZone: string;
  /** Their level in the automation's last planned month; null: never planned. */
  previousLevel: number | null;
  outcomes: readonly Outcome[];
  /** Scenarios sent or planned to them already. */
  received: ReadonlySet<string>;
}

export interface PlanSettings {
  automationId: string;
  month: string;
  startingLevel: number;
  hours: WorkingHours;
  /** The moment the plan is made: nothing is placed before it. */
  after: number;
}

/** A message already planned this month (its department's counts start from it). */
export interface PlannedBefore {
  department: string | null;
  scenarioId: string | null;
}

export interface PlannedMessage {
  personId: string;
  level: number;
  previousLevel: number | null;
  reason: LevelReason;
  needsTraining: boolean;
  scenario: ScenarioOption | null;
  plannedAt: number | null;
  skipReason: SkipReason | null;
  timeZone: string;
}

const bump = (counts: Map<string, number>, id: string) => counts.set(id, (counts.get(id) ?? 0) + 1);
const departmentKey = (department: string | null) => (department ?? '').trim().toLowerCase();

export function planMonth(
  people: readonly PlanPerson[],
  scenarios: readonly ScenarioOption[],
  settings: PlanSettings,
  before: readonly PlannedBefore[] = [],
): PlannedMessage[] {
  const month = new Map<string, number>();
  const departments = new Map<string, { size: number; counts: Map<string, number> }>();
  const departmentOf = (key: string) => {
    let found = departments.get(key);
    if (!found) departments.set(key, (found = { size: 0, counts: new Map() }));
    return found;
  };
  for (const planned of before) {
    const department = departmentOf(departmentKey(planned.department));
    department.size += 1;
    if (planned.scenarioId) {
      bump(month, planned.scenarioId);
      bump(department.counts, planned.scenarioId);
    }
  }
  const days = workingDays(settings.month).length;
  const ordered = [...people].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return ordered.map((person): PlannedMessage => {
    const key = departmentKey(person.department);
    const department = departmentOf(key);
    const random = seededRandom(`${settings.automationId}|${settings.month}|${person.id}`);
    const dayOrder = shuffled(
      Array.from({ length: days }, (_, i) => i),
      seededRandom(`${settings.automationId}|${settings.month}|department|${key}`),
    );
    const choice = nextLevel(person.previousLevel, settings.startingLevel, person.outcomes);
    const scenario = chooseScenario(scenarios, {
      level: choice.level,
      received: person.received,
      language: person.language,
      department: department.counts,
      month,
      random,
    });
    const plannedAt = scenario
      ? placeMessage({
          month: settings.month,
          timeZone: person.timeZone,
          hours: settings.hours,
          slot: department.size,
          dayOrder,
          after: settings.after,
          random,
        })
      : null;
    department.size += 1;
    if (scenario && plannedAt !== null) {
      bump(month, scenario.id);
      bump(department.counts, scenario.id);
    }
    return {
      personId: person.id,
      level: choice.level,
      previousLevel: person.previousLevel,
      reason: choice.reason,
      needsTraining: choice.needs_training,
      scenario: plannedAt === null ? null : scenario,
      plannedAt,
      skipReason: !scenario ? 'no_scenario_left' : plannedAt === null ? 'no_working_time_left' : null,
      timeZone: person.timeZone,
    };
  });
}
