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

/** The scenarios each of these people was sent (a recipient of a campaign started from one). */
export function scenariosOfPeople(db: Db, tenantId: string, personRefs: readonly string[]) {
  return db
    .selectFrom('recipients as r')
    .innerJoin('campaign_scenarios as s', 's.campaign_id', 'r.campaign_id')
    .select(['r.person_ref', 's.scenario_id'])
    .distinct()
    .where('r.tenant_id', '=', tenantId)
    .where('r.person_ref', 'in', personRefs)
    .execute();
}

/** The tenant's campaigns: whether each was launched, and its scenario's difficulty when noted. */
export function campaignDifficulties(db: Db, tenantId: string) {
  return db
    .selectFrom('campaigns as c')
    .leftJoin('campaign_scenarios as s', 's.campaign_id', 'c.id')
    .select(['c.id', 'c.launched_at', 'c.imported_from', 's.difficulty'])
    .where('c.tenant_id', '=', tenantId)
    .execute();
}

/** The window of sends: `since` included, `until` excluded (ISO text compares in time order). */
export interface SentWindow {
  tenantId: string;
  since: string;
  until: string;
  department?: string | undefined;
  /** Draft campaigns of the tenant (never sent a live simulation) and imported ones (clicks never judged). */
  drafts: readonly string[];
}

const department = sql<string | null>`coalesce(p.department, r.department)`;
const month = sql<string>`substr(r.sent_at, 1, 7)`;

// Campaigns and scenarios are not joined per recipient: the few campaigns are read once
// (campaignDifficulties) and matched by id, which keeps the scan to the covering index and people.
function sentMessages(db: Db, window: SentWindow) {
  let query = db
    .selectFrom('recipients as r')
    .leftJoin('people as p', 'p.id', 'r.person_ref')
    .where('r.tenant_id', '=', window.tenantId)
    .where('r.sent_at', '>=', window.since)
    .where('r.sent_at', '<', window.until);
  if (window.drafts.length > 0) query = query.where('r.campaign_id', 'not in', [...window.drafts]);
  if (window.department !== undefined) query = query.where(department, '=', window.department);
  return query;
}

/** Counts per month, campaign and department. */
export async function sentGroups(db: Db, window: SentWindow) {
  const clicked = sql<number>`case when (r.steps & ${stepBit('clicked')}) <> 0 then 1 else 0 end`;
  const both = stepBit('clicked') | stepBit('submitted');
  const submitted = sql<number>`case when (r.steps & ${both}) = ${both} then 1 else 0 end`;
  const rows = await sentMessages(db, window)
    .select((eb) => [
      month.as('month'),
      'r.campaign_id',
      department.as('department'),
      eb.fn.countAll<number | string>().as('sent'),
      sql<number | string>`sum(${clicked})`.as('clicked'),
      sql<number | string>`sum(${submitted})`.as('submitted'),
      eb.fn.count<number | string>('r.reported_at').as('reported'),
    ])
    .groupBy([month, 'r.campaign_id', department])
    .execute();
  return rows.map((row) => ({
    month: row.month,
    campaign_id: row.campaign_id,
    department: row.department,
    sent: Number(row.sent),
    clicked: Number(row.clicked),
    submitted: Number(row.submitted),
    reported: Number(row.reported),
  }));
}

/** How many different people (else recipients) were sent a message, per department. */
export async function sentPeople(db: Db, window: SentWindow) {
  const rows = await sentMessages(db, window)
    .select([
      department.as('department'),
      sql<number | string>`count(distinct coalesce(r.person_ref, r.id))`.as('people'),
    ])
    .groupBy(department)
    .execute();
  return rows.map((row) => ({ department: row.department, people: Number(row.people) }));
}

/** The reported messages' send and report times. */
export function reportedTimes(db: Db, window: SentWindow) {
  return sentMessages(db, window)
    .where('r.reported_at', 'is not', null)
    .select([month.as('month'), department.as('department'), 'r.sent_at', 'r.reported_at'])
    .execute();
}
