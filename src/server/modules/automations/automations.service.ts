/**
 * Automations: a tenant's recurring simulations, created, changed, paused, resumed and removed
 * (each audited), and the plan of a month — stored once the month is planned, else what would be
 * planned from what people have done so far. The planner (automation-planner.service.ts) plans
 * and sends.
 */
import {
  ADAPTIVE_RULE,
  automationInputSchema,
  reasonWords,
  type Automation,
  type AutomationInput,
  type AutomationPlan,
  type AutomationUpdate,
  type PlanItem,
} from '@shared/automations';
import { audienceSchema } from '@shared/people';
import { isLanguageCode, type LanguageCode } from '@shared/languages';
import type { AutomationRow, Db } from '@server/db/schema';
import { conflict, notFound } from '@server/lib/errors';
import { newId, nowIso } from '@server/lib/ids';
import { audited } from '../audit/audited';
import { audiencePeople } from '../people/people.service';
import { trainedByPolicy } from '../training/training.service';
import { requireProfile } from '../sending/sending-profiles.service';
import { clockMinutes, minutesClock } from '../sending/schedule';
import {
  activeAutomations,
  deleteAutomation,
  findAutomation,
  insertAutomation,
  listAutomations,
  monthMessages,
  updateAutomation,
} from './automations.repository';
import { computePlan, libraryOptions, monthOf, type AutomationScope } from './plan-inputs';
import { localTime } from './time-placement';

export function automationView(row: AutomationRow): Automation {
  return {
    id: row.id,
    name: row.name,
    audience: audienceSchema.parse(JSON.parse(row.audience)),
    profile_id: row.profile_id,
    starting_level: row.starting_level,
    working_hours: { start: minutesClock(row.window_start), end: minutesClock(row.window_end) },
    time_zone: row.time_zone,
    state: row.state,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

export async function requireAutomation(db: Db, tenantId: string, id: string): Promise<AutomationRow> {
  const row = await findAutomation(db, tenantId, id);
  if (!row) throw notFound();
  return row;
}

export async function automationList(db: Db, tenantId: string): Promise<Automation[]> {
  return (await listAutomations(db, tenantId)).map(automationView);
}

/** The profile and the audience's group or filter must be the tenant's own: else a plain 404. */
async function checkReferences(db: Db, tenantId: string, input: Partial<AutomationInput>) {
  if (input.profile_id !== undefined) await requireProfile(db, tenantId, input.profile_id);
  if (input.audience !== undefined) await audiencePeople(db, tenantId, input.audience);
}

export async function createAutomation(
  db: Db,
  tenantId: string,
  input: AutomationInput,
): Promise<Automation> {
  const parsed = automationInputSchema.parse(input);
  await checkReferences(db, tenantId, parsed);
  const id = newId();
  const at = nowIso();
  await audited(
    db,
    { tenantId, action: 'automation.create', target: id, details: { name: parsed.name } },
    (trx) =>
      insertAutomation(trx, {
        id,
        tenant_id: tenantId,
        name: parsed.name,
        audience: JSON.stringify(parsed.audience),
        profile_id: parsed.profile_id,
        starting_level: parsed.starting_level,
        window_start: clockMinutes(parsed.working_hours.start),
        window_end: clockMinutes(parsed.working_hours.end),
        time_zone: parsed.time_zone,
        state: 'active',
        created_at: at,
        updated_at: at,
      }),
  );
  return automationView(await requireAutomation(db, tenantId, id));
}

export async function changeAutomation(
  db: Db,
  tenantId: string,
  id: string,
  update: AutomationUpdate,
): Promise<Automation> {
  const row = await requireAutomation(db, tenantId, id);
  await checkReferences(db, tenantId, update);
  await audited(
    db,
    { tenantId, action: 'automation.update', target: row.id, details: { fields: Object.keys(update) } },
    (trx) =>
      updateAutomation(trx, tenantId, row.id, {
        ...(update.name !== undefined ? { name: update.name } : {}),
        ...(update.audience !== undefined ? { audience: JSON.stringify(update.audience) } : {}),
        ...(update.profile_id !== undefined ? { profile_id: update.profile_id } : {}),
        ...(update.starting_level !== undefined ? { starting_level: update.starting_level } : {}),
        ...(update.working_hours !== undefined
          ? {
              window_start: clockMinutes(update.working_hours.start),
              window_end: clockMinutes(update.working_hours.end),
            }
          : {}),
        ...(update.time_zone !== undefined ? { time_zone: update.time_zone } : {}),
        updated_at: nowIso(),
      }),
  );
  return automationView(await requireAutomation(db, tenantId, row.id));
}

/** Paused: nothing more is planned or handed to the outbox until it is resumed. */
export async function setAutomationState(
  db: Db,
  tenantId: string,
  id: string,
  state: Automation['state'],
): Promise<Automation> {
  const row = await requireAutomation(db, tenantId, id);
  if (row.state === state) {
    throw conflict(state === 'paused' ? 'The automation is already paused' : 'The automation is not paused');
  }
  const action = state === 'paused' ? 'automation.pause' : 'automation.resume';
  await audited(db, { tenantId, action, target: row.id }, (trx) =>
    updateAutomation(trx, tenantId, row.id, { state, updated_at: nowIso() }),
  );
  return automationView(await requireAutomation(db, tenantId, row.id));
}

/** Removes the automation and what it has not sent; the campaigns it sent stay, with their results. */
export async function removeAutomation(db: Db, tenantId: string, id: string): Promise<void> {
  const row = await requireAutomation(db, tenantId, id);
  await audited(
    db,
    { tenantId, action: 'automation.delete', target: row.id, details: { name: row.name } },
    (trx) => deleteAutomation(trx, tenantId, row.id),
  );
}

/** The month after `now`'s (UTC). */
export function nextMonth(now: Date): string {
  return monthOf(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)));
}

const nameOf = (p: { first_name: string | null; last_name: string | null; display_name: string | null }) =>
  p.display_name ?? ([p.first_name, p.last_name].filter(Boolean).join(' ') || null);

/**
 * The plan of `month` (default: next month): as stored once planned, else provisional — what
 * the planner would plan now from what people have done so far.
 */
export async function automationPlan(
  db: Db,
  scope: AutomationScope,
  id: string,
  month: string | undefined,
  now: Date = new Date(),
  language: LanguageCode = 'en',
): Promise<AutomationPlan> {
  const row = await requireAutomation(db, scope.tenantId, id);
  const wanted = month ?? nextMonth(now);
  const options = await libraryOptions(db, scope, language);
  const scenario = (scenarioId: string | null) => {
    const found = scenarioId ? options.find((o) => o.id === scenarioId) : undefined;
    return found
      ? { id: found.id, title: found.title, difficulty: found.difficulty, lure: found.lure }
      : null;
  };
  // Training for a click goes out by itself only when the tenant's policy trains people who
  // click, for a click made since it was turned on.
  const trainingOf = async (needing: string[]) => {
    const trained = await trainedByPolicy(db, scope.tenantId, needing);
    return (needed: boolean, ref: string) => (!needed ? null : trained.has(ref) ? 'by_policy' : 'policy_off');
  };
  const stored = await monthMessages(db, row.id, wanted);
  if (stored.length > 0) {
    const training = await trainingOf(
      stored.filter((m) => Number(m.needs_training) === 1).map((m) => m.person_ref),
    );
    return {
      automation_id: row.id,
      month: wanted,
      provisional: false,
      rule: ADAPTIVE_RULE,
      items: stored.map((m) =>
        item({
          person: { id: m.person_ref, email: m.email, name: nameOf(m), department: m.department },
          time_zone: m.time_zone,
          language_code: isLanguageCode(m.language_code ?? '') ? (m.language_code ?? 'en') : 'en',
          level: m.level,
          previous_level: m.previous_level,
          reason: m.reason,
          needs_training: Number(m.needs_training) === 1,
          training: training(Number(m.needs_training) === 1, m.person_ref),
          scenario: scenario(m.scenario_id),
          planned_at: m.planned_at,
          state: m.state,
          skip_reason: m.skip_reason,
          campaign_id: m.campaign_id,
        }),
      ),
    };
  }
  const { people, planned } = await computePlan(db, scope, row, wanted, now);
  const byId = new Map(people.map((p) => [p.id, p]));
  const training = await trainingOf(planned.filter((m) => m.needsTraining).map((m) => m.personId));
  return {
    automation_id: row.id,
    month: wanted,
    provisional: true,
    rule: ADAPTIVE_RULE,
    items: planned
      .sort((a, b) => (a.plannedAt ?? Infinity) - (b.plannedAt ?? Infinity))
      .map((m) => {
        const p = byId.get(m.personId);
        return item({
          person: {
            id: m.personId,
            email: p?.email ?? null,
            name: p ? nameOf(p) : null,
            department: p?.department ?? null,
          },
          time_zone: m.timeZone,
          language_code: p?.language_code ?? 'en',
          level: m.level,
          previous_level: m.previousLevel,
          reason: m.reason,
          needs_training: m.needsTraining,
          training: training(m.needsTraining, m.personId),
          scenario: scenario(m.scenario?.id ?? null),
          planned_at: m.plannedAt === null ? null : new Date(m.plannedAt).toISOString(),
          state: m.skipReason ? 'skipped' : 'planned',
          skip_reason: m.skipReason,
          campaign_id: null,
        });
      }),
  };
}

function item(fields: Omit<PlanItem, 'why' | 'local_time'>): PlanItem {
  return {
    ...fields,
    local_time: fields.planned_at ? localTime(Date.parse(fields.planned_at), fields.time_zone) : null,
    why: reasonWords(fields),
  };
}

/** Every tenant's active automations, by id (the planner's round). */
export async function activeAutomationIds(db: Db): Promise<string[]> {
  return (await activeAutomations(db)).map((row) => row.id);
}
