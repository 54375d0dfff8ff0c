/**
 * Aggregate SQL for campaign results. Counts come from the (campaign_id, type) index and the
 * per-recipient pivot from the (recipient_id, type) index, so results stay fast at 100k
 * recipients and 1M events; no event row is ever loaded into memory one by one.
 */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import { EVENT_TYPES, type EventType } from '../../../shared/events';
import type { Dialect } from '../../db/database';
import type { Database } from '../../db/schema';

/** details.score as a number, or null when absent or not a number. */
function scoreOf(dialect: Dialect): RawBuilder<number | null> {
  return dialect === 'postgres'
    ? sql`case when jsonb_typeof(e.details::jsonb -> 'score') = 'number' then (e.details::jsonb ->> 'score')::float8 end`
    : sql`case when json_valid(e.details) and json_type(e.details, '$.score') in ('integer', 'real') then json_extract(e.details, '$.score') end`;
}

/** Recipients per event type (one event of a type per recipient, so rows = recipients). */
export async function countEventsByType(db: Kysely<Database>, tenantId: string, campaignId: string) {
  const rows = await db
    .selectFrom('events as e')
    // Joined to the campaign so the tenant filter holds without reading each event row.
    .innerJoin('campaigns as c', (join) =>
      join.onRef('c.id', '=', 'e.campaign_id').on('c.tenant_id', '=', tenantId),
    )
    .select(['e.type', (eb) => eb.fn.countAll<number>().as('n')])
    .where('e.campaign_id', '=', campaignId)
    .groupBy('e.type')
    .execute();
  return new Map(rows.map((row) => [row.type, Number(row.n)]));
}

export async function countRecipients(db: Kysely<Database>, tenantId: string, campaignId: string) {
  const row = await db
    .selectFrom('recipients')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('campaign_id', '=', campaignId)
    .where('tenant_id', '=', tenantId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function averageScore(
  db: Kysely<Database>,
  dialect: Dialect,
  tenantId: string,
  campaignId: string,
) {
  const row = await db
    .selectFrom('events as e')
    .innerJoin('campaigns as c', (join) =>
      join.onRef('c.id', '=', 'e.campaign_id').on('c.tenant_id', '=', tenantId),
    )
    .select(sql<number | string | null>`avg(${scoreOf(dialect)})`.as('average'))
    .where('e.campaign_id', '=', campaignId)
    .where('e.type', '=', 'questionnaire_completed')
    .executeTakeFirst();
  return row?.average === null || row?.average === undefined ? null : Number(row.average);
}

/** A window of the recipients, in a stable order (created, email, person id, id). */
export interface ResultsPage {
  limit: number;
  offset: number;
}

export type EventTimes = Record<`${EventType}_at`, string | null>;

/** One row per recipient with the time of each step (null when not reached) and the score. */
export async function recipientStatuses(
  db: Kysely<Database>,
  dialect: Dialect,
  tenantId: string,
  campaignId: string,
  page?: ResultsPage,
) {
  // The page is cut from the recipients alone (the order index serves it); only its recipients'
  // events are then joined and pivoted.
  let recipients = db
    .selectFrom('recipients')
    .select(['id', 'email', 'person_id', 'first_name', 'language_code', 'created_at'])
    .where('campaign_id', '=', campaignId)
    .where('tenant_id', '=', tenantId)
    .orderBy('created_at')
    .orderBy('email')
    .orderBy('person_id')
    .orderBy('id');
  if (page) recipients = recipients.limit(page.limit).offset(page.offset);
  const rows = await db
    .selectFrom(recipients.as('r'))
    .leftJoin('events as e', 'e.recipient_id', 'r.id')
    .select(['r.id', 'r.email', 'r.person_id', 'r.first_name', 'r.language_code', 'r.created_at'])
    .select((eb) =>
      EVENT_TYPES.map((type) =>
        eb.fn.min(eb.case().when('e.type', '=', type).then(eb.ref('e.created_at')).end()).as(`${type}_at`),
      ),
    )
    .select(
      sql<
        number | string | null
      >`max(case when e.type = 'questionnaire_completed' then ${scoreOf(dialect)} end)`.as('score'),
    )
    .groupBy(['r.id', 'r.email', 'r.person_id', 'r.first_name', 'r.language_code', 'r.created_at'])
    .orderBy('r.created_at')
    .orderBy('r.email')
    .orderBy('r.person_id')
    .orderBy('r.id')
    .execute();
  return rows.map((row) => ({
    ...(row as typeof row & EventTimes),
    score: row.score === null ? null : Number(row.score),
  }));
}
