/**
 * SQL for the programme: each campaign's library scenario, and the report's aggregates over a
 * tenant's sent messages (recipients with a `sent_at` in launched campaigns), read through the
 * (tenant_id, sent_at) index. Clicked and submitted are the recipient's steps as the results
 * count them: `clicked` stands only while a person's verdict does (a scanner's visit never sets
 * it, and fan-out found later takes it off).
 */
import { sql } from 'kysely';
import { stepBit } from '@shared/events';
import type { Db } from '@server/db/schema';
import type { ScenarioLure } from '@shared/scenarios';

export interface CampaignScenarioValues {
  tenant_id: string;
  campaign_id: string;
  scenario_id: string;
  difficulty: number;
  lure: ScenarioLure;
  created_at: string;
}

/** One row per campaign: a campaign started again from a scenario keeps the latest. */
export async function upsertCampaignScenario(db: Db, values: CampaignScenarioValues): Promise<void> {
  await db
    .insertInto('campaign_scenarios')
    .values(values)
    .onConflict((oc) =>
      oc.column('campaign_id').doUpdateSet({
        scenario_id: values.scenario_id,
        difficulty: values.difficulty,
        lure: values.lure,
      }),
    )
    .execute();
}

export function findCampaignScenario(db: Db, tenantId: string, campaignId: string) {
  return db
    .selectFrom('campaign_scenarios')
    .select(['scenario_id', 'difficulty', 'lure'])
    .where('tenant_id', '=', tenantId)
    .where('campaign_id', '=', campaignId)
    .executeTakeFirst();
}

/** The window of sends: `since` included, `until` excluded (ISO text compares in time order). */
export interface SentWindow {
  tenantId: string;
  since: string;
  until: string;
  department?: string | undefined;
}

const department = sql<string | null>`coalesce(p.department, r.department)`;
const month = sql<string>`substr(r.sent_at, 1, 7)`;

function sentMessages(db: Db, window: SentWindow) {
  let query = db
    .selectFrom('recipients as r')
    .innerJoin('campaigns as c', 'c.id', 'r.campaign_id')
    .leftJoin('people as p', 'p.id', 'r.person_ref')
    .where('r.tenant_id', '=', window.tenantId)
    .where('r.sent_at', '>=', window.since)
    .where('r.sent_at', '<', window.until)
    // A draft's recipients were never sent a live simulation; an ended campaign's were.
    .where('c.launched_at', 'is not', null);
  if (window.department !== undefined) query = query.where(department, '=', window.department);
  return query;
}

/** Counts per month, department and difficulty (null: not from the library). */
export async function sentGroups(db: Db, window: SentWindow) {
  const clicked = sql<number>`case when (r.steps & ${stepBit('clicked')}) <> 0 then 1 else 0 end`;
  const submitted = sql<number>`case when (r.steps & ${stepBit('clicked') | stepBit('submitted')}) = ${
    stepBit('clicked') | stepBit('submitted')
  } then 1 else 0 end`;
  const rows = await sentMessages(db, window)
    .leftJoin('campaign_scenarios as s', 's.campaign_id', 'r.campaign_id')
    .select((eb) => [
      month.as('month'),
      department.as('department'),
      's.difficulty',
      eb.fn.countAll<number | string>().as('sent'),
      sql<number | string>`sum(${clicked})`.as('clicked'),
      sql<number | string>`sum(${submitted})`.as('submitted'),
      eb.fn.count<number | string>('r.reported_at').as('reported'),
    ])
    .groupBy([month, department, 's.difficulty'])
    .execute();
  return rows.map((row) => ({
    month: row.month,
    department: row.department,
    difficulty: row.difficulty === null ? null : Number(row.difficulty),
    sent: Number(row.sent),
    clicked: Number(row.clicked),
    submitted: Number(row.submitted),
    reported: Number(row.reported),
  }));
}

/** Each person (else recipient) sent a message, once per department. */
export async function sentPeople(db: Db, window: SentWindow) {
  const who = sql<string>`coalesce(r.person_ref, r.id)`;
  return sentMessages(db, window)
    .select([department.as('department'), who.as('who')])
    .groupBy([department, who])
    .execute();
}

/** The reported messages' send and report times. */
export function reportedTimes(db: Db, window: SentWindow) {
  return sentMessages(db, window)
    .where('r.reported_at', 'is not', null)
    .select([month.as('month'), department.as('department'), 'r.sent_at', 'r.reported_at'])
    .execute();
}
