/**
 * Results by person, across campaigns: each simulation a person received (a recipient row linked
 * to them whose message was sent, or whose campaign was launched), what they did with it, and the
 * figures per person that the lists and the risk score read. A click counts as the results page
 * counts it: the recipient's clicked step, which stands only while the clicks module judges the
 * visit a person's. Read through the (tenant, person) index of recipients.
 */
import { sql, type Expression, type SqlBool } from 'kysely';
import { stepBit } from '@shared/events';
import type { PeopleListName } from '@shared/person-history';
import type { Db } from '@server/db/schema';

const CLICKED = stepBit('clicked');
const SUBMITTED = stepBit('submitted');
const TRAINED = stepBit('questionnaire_completed') | stepBit('completed');

/** When the simulation reached the person: its send, else its campaign's launch. */
const receivedAt = sql<string>`coalesce(r.sent_at, c.launched_at)`;
const clicked = sql<SqlBool>`(r.steps & ${CLICKED}) <> 0`;
/** A press of the form's submit (kept as an attempt even when empty), or data entered, after a person's click. */
const submitted = sql<SqlBool>`(${clicked} and ((r.steps & ${SUBMITTED}) <> 0 or exists (
  select 1 from journey_attempts a where a.recipient_id = r.id and a.kind = 'submit')))`;
/**
 * The journey after the click finished, or the training assigned after this simulation (its own
 * recipient row in the training campaign) finished.
 */
const trained = sql<SqlBool>`((r.steps & ${TRAINED}) <> 0 or exists (
  select 1 from training_assignments ta inner join recipients tr on tr.id = ta.training_recipient_id
  where ta.source_recipient_id = r.id and (tr.steps & ${TRAINED}) <> 0))`;
const flag = (condition: Expression<SqlBool>) =>
  sql<number | string>`case when ${condition} then 1 else 0 end`;

function received(db: Db, tenantId: string) {
  return db
    .selectFrom('recipients as r')
    .innerJoin('campaigns as c', 'c.id', 'r.campaign_id')
    .where('r.tenant_id', '=', tenantId)
    .where(receivedAt, 'is not', null);
}

/** Every simulation one person received, newest first. */
export async function simulationsOfPerson(db: Db, tenantId: string, personRef: string) {
  const rows = await received(db, tenantId)
    .where('r.person_ref', '=', personRef)
    .select([
      'c.id as campaign_id',
      'c.name as campaign_name',
      sql<string>`coalesce(r.language_code, c.language_code)`.as('language_code'),
      receivedAt.as('sent_at'),
      flag(clicked).as('clicked'),
      'r.clicked_at',
      flag(submitted).as('submitted'),
      'r.reported_at',
      'r.score',
      flag(trained).as('trained'),
      'c.imported_from',
      'r.verdict',
      // Through the (tenant, person, simulation) unique index of assignments.
      (eb) =>
        eb
          .selectFrom('training_assignments as ta')
          .select('ta.assigned_at')
          .whereRef('ta.tenant_id', '=', 'r.tenant_id')
          .whereRef('ta.person_ref', '=', 'r.person_ref')
          .whereRef('ta.source_campaign_id', '=', 'r.campaign_id')
          .as('training_assigned_at'),
    ])
    .orderBy(receivedAt, 'desc')
    .orderBy('r.id')
    .execute();
  return rows.map((row) => ({
    ...row,
    clicked: Number(row.clicked) === 1,
    submitted: Number(row.submitted) === 1,
    trained: Number(row.trained) === 1,
    score: row.score === null ? null : Number(row.score),
  }));
}

/**
 * Each simulation sent since `since`, with its person and outcome (the risk score's input).
 * Imported campaigns' are left out: their clicks were never judged, so a person who clicked would
 * look as if they had not.
 */
export async function outcomesSince(db: Db, tenantId: string, since: string, personRefs?: readonly string[]) {
  let query = received(db, tenantId)
    .where(receivedAt, '>=', since)
    .where('r.person_ref', 'is not', null)
    .where('c.imported_from', 'is', null);
  if (personRefs) query = query.where('r.person_ref', 'in', personRefs);
  const rows = await query
    .select([
      'r.person_ref',
      receivedAt.as('sent_at'),
      flag(clicked).as('clicked'),
      flag(submitted).as('submitted'),
      flag(sql<SqlBool>`r.reported_at is not null`).as('reported'),
      flag(trained).as('trained'),
    ])
    .execute();
  return rows.map((row) => ({
    person_ref: row.person_ref ?? '',
    sent_at: row.sent_at,
    clicked: Number(row.clicked) === 1,
    submitted: Number(row.submitted) === 1,
    reported: Number(row.reported) === 1,
    training_completed: Number(row.trained) === 1,
  }));
}

/** The people who clicked (as a person) a simulation since `since`. */
export async function peopleClickedSince(db: Db, tenantId: string, since: string) {
  const rows = await db
    .selectFrom('recipients as r')
    .select('r.person_ref')
    .distinct()
    .where('r.tenant_id', '=', tenantId)
    .where('r.person_ref', 'is not', null)
    .where(clicked)
    .where('r.clicked_at', '>=', since)
    .execute();
  return rows.flatMap((r) => (r.person_ref ? [r.person_ref] : []));
}

/** The people who ever reported a simulation. */
export async function peopleWhoReported(db: Db, tenantId: string) {
  const rows = await db
    .selectFrom('recipients as r')
    .select('r.person_ref')
    .distinct()
    .where('r.tenant_id', '=', tenantId)
    .where('r.person_ref', 'is not', null)
    .where('r.reported_at', 'is not', null)
    .execute();
  return rows.flatMap((r) => (r.person_ref ? [r.person_ref] : []));
}

/**
 * One page of a list's people with their figures over the simulations sent since `since`, and how
 * many are on it, in one pass over the (tenant, person) index (the campaign is read only for a
 * recipient without a recorded send); only the page's rows leave the database.
 */
export async function listPage(
  db: Db,
  tenantId: string,
  list: PeopleListName,
  options: { since: string; clicks: number; offset: number; limit: number },
) {
  const sent = sql<string>`coalesce(r.sent_at, (select c.launched_at from campaigns c where c.id = r.campaign_id))`;
  const clicks = sql<number>`sum(${flag(clicked)})`;
  const reports = sql<number>`count(r.reported_at)`;
  const lastClick = sql<string | null>`max(case when ${clicked} then r.clicked_at end)`;
  const lastReport = sql<string | null>`max(r.reported_at)`;
  const grouped = db
    .selectFrom('recipients as r')
    .where('r.tenant_id', '=', tenantId)
    .where('r.person_ref', 'is not', null)
    .where(sent, '>=', options.since)
    .select((eb) => [
      'r.person_ref',
      eb.fn.countAll<number | string>().as('simulations'),
      clicks.as('clicks'),
      sql<number | string>`sum(${flag(submitted)})`.as('submissions'),
      reports.as('reports'),
      lastClick.as('last_clicked_at'),
      lastReport.as('last_reported_at'),
      sql<number | string>`count(*) over ()`.as('total'),
    ])
    .groupBy('r.person_ref');
  const ordered =
    list === 'repeat-offenders'
      ? grouped.having(clicks, '>=', options.clicks).orderBy(clicks, 'desc').orderBy(lastClick, 'desc')
      : list === 'never-reported'
        ? grouped
            .having(reports, '=', 0)
            .orderBy(sql`count(*)`, 'desc')
            .orderBy(clicks, 'desc')
        : grouped.having(reports, '>', 0).orderBy(reports, 'desc').orderBy(lastReport, 'desc');
  const rows = await ordered.orderBy('r.person_ref').limit(options.limit).offset(options.offset).execute();
  return {
    // Past the last page no row tells the count: the caller asks again from the start.
    total: rows[0] ? Number(rows[0].total) : null,
    items: rows.map((row) => ({
      person_ref: row.person_ref ?? '',
      simulations: Number(row.simulations),
      clicks: Number(row.clicks),
      submissions: Number(row.submissions),
      reports: Number(row.reports),
      last_clicked_at: row.last_clicked_at,
      last_reported_at: row.last_reported_at,
    })),
  };
}
