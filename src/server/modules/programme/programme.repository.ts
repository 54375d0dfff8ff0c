/**
 * SQL for the programme: each campaign's library scenario, and the report's aggregates over a
 * tenant's sent messages (recipients with a `sent_at` in launched campaigns), read in one walk of
 * the (tenant, month of send, campaign, department) index, and the people counted per department
 * person by person through the (tenant, person) one. Clicked and submitted are the recipient's
 * steps as the results count them: `clicked` stands only while a person's verdict does (a
 * scanner's visit never sets it, and fan-out found later takes it off).
 */
import { sql } from 'kysely';
import { stepBit } from '@shared/events';
import { dialectOf } from '@server/db/database';
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
  /** The window's first and last months (YYYY-MM): `since` is the first's start, `until` the end of the last. */
  from: string;
  to: string;
  since: string;
  until: string;
  department?: string | undefined;
  /** Draft campaigns of the tenant (never sent a live simulation) and imported ones (clicks never judged). */
  drafts: readonly string[];
}

const month = sql<string>`substr(r.sent_at, 1, 7)`;
const both = stepBit('clicked') | stepBit('submitted');
const counts = [
  sql<number | string>`count(*)`.as('sent'),
  sql<number | string>`sum(case when (r.steps & ${stepBit('clicked')}) <> 0 then 1 else 0 end)`.as('clicked'),
  sql<number | string>`sum(case when (r.steps & ${both}) = ${both} then 1 else 0 end)`.as('submitted'),
  sql<number | string>`count(r.reported_at)`.as('reported'),
];

interface CountRow {
  sent: number | string;
  clicked: number | string;
  submitted: number | string;
  reported: number | string;
}

const countsOf = (row: CountRow) => ({
  sent: Number(row.sent),
  clicked: Number(row.clicked),
  submitted: Number(row.submitted),
  reported: Number(row.reported),
});

/** The window's sends (of one department's when it names one), through the month index. */
function sent(db: Db, window: SentWindow) {
  let query = db
    .selectFrom('recipients as r')
    .where('r.tenant_id', '=', window.tenantId)
    .where('r.sent_at', 'is not', null)
    .where(month, '>=', window.from)
    .where(month, '<=', window.to);
  if (window.drafts.length > 0) query = query.where('r.campaign_id', 'not in', [...window.drafts]);
  if (window.department !== undefined) query = query.where('r.programme_department', '=', window.department);
  return query;
}

/**
 * Counts per month, campaign and department — a send's department is its person's, else the
 * recipient's (`programme_department`, kept by the database) — with each reported message's
 * milliseconds from send to report (`report_ms`, kept by the database), as one
 * comma-separated text per group: the medians need every report's time, and thousands travel
 * far faster as a few texts than as rows. One walk of the index in its order: nothing sorted.
 */
export async function sendGroups(db: Db, window: SentWindow) {
  const reports = (
    dialectOf(db) === 'postgres'
      ? sql<string | null>`string_agg(r.report_ms::text, ',')`
      : sql<string | null>`group_concat(r.report_ms, ',')`
  ).as('reports');
  const rows = await sent(db, window)
    .select([month.as('month'), 'r.campaign_id', 'r.programme_department as department', ...counts, reports])
    .groupBy([month, 'r.campaign_id', 'r.programme_department'])
    .execute();
  return rows.map((row) => ({
    month: row.month,
    campaign_id: row.campaign_id,
    department: row.department,
    ...countsOf(row),
    reports: row.reports ? row.reports.split(',').map(Number) : [],
  }));
}

/**
 * How many different people (else recipients) were sent a message in the window, per department:
 * people with a department, each found sent or not through the (tenant, person) index; people
 * without one, under each department their recipients name; recipients without a person, each
 * someone of their own. A department may come in more than one row, to be added up (their
 * people are distinct).
 */
export async function peoplePerDepartment(db: Db, window: SentWindow) {
  let withDepartment = db
    .selectFrom('people as p')
    .where('p.tenant_id', '=', window.tenantId)
    .where('p.department', 'is not', null)
    .where((eb) => {
      let sentThem = eb
        .selectFrom('recipients as r')
        .select(sql`1`.as('one'))
        .whereRef('r.tenant_id', '=', 'p.tenant_id')
        .whereRef('r.person_ref', '=', 'p.id')
        .where('r.sent_at', '>=', window.since)
        .where('r.sent_at', '<', window.until);
      if (window.drafts.length > 0) sentThem = sentThem.where('r.campaign_id', 'not in', [...window.drafts]);
      return eb.exists(sentThem);
    });
  let withoutDepartment = db
    .selectFrom('people as p')
    // A cross join with the join's terms in the where: SQLite then keeps people as the outer loop.
    .crossJoin('recipients as r')
    .whereRef('r.tenant_id', '=', 'p.tenant_id')
    .whereRef('r.person_ref', '=', 'p.id')
    .where('p.tenant_id', '=', window.tenantId)
    .where('p.department', 'is', null)
    .where('r.sent_at', '>=', window.since)
    .where('r.sent_at', '<', window.until);
  let noPerson = db
    .selectFrom('recipients as r')
    .where('r.tenant_id', '=', window.tenantId)
    .where('r.person_ref', 'is', null)
    .where('r.sent_at', '>=', window.since)
    .where('r.sent_at', '<', window.until);
  if (window.drafts.length > 0) {
    withoutDepartment = withoutDepartment.where('r.campaign_id', 'not in', [...window.drafts]);
    noPerson = noPerson.where('r.campaign_id', 'not in', [...window.drafts]);
  }
  if (window.department !== undefined) {
    withDepartment = withDepartment.where('p.department', '=', window.department);
    withoutDepartment = withoutDepartment.where('r.department', '=', window.department);
    noPerson = noPerson.where('r.department', '=', window.department);
  }
  const rows = await Promise.all([
    withDepartment
      .select(['p.department', sql<number | string>`count(*)`.as('people')])
      .groupBy('p.department')
      .execute(),
    withoutDepartment
      .select(['r.department', sql<number | string>`count(distinct r.person_ref)`.as('people')])
      .groupBy('r.department')
      .execute(),
    noPerson
      .select(['r.department', sql<number | string>`count(*)`.as('people')])
      .groupBy('r.department')
      .execute(),
  ]);
  return rows.flat().map((row) => ({ department: row.department, people: Number(row.people) }));
}
