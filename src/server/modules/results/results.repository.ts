/**
 * Aggregate SQL for campaign results. The funnel comes from the recipients (each keeps its steps
 * and score); a page's step times from the (recipient_id, type) index, so results stay fast at
 * 100k recipients and 1M events; no event row is ever loaded into memory one by one.
 */
import { sql } from 'kysely';
import { EVENT_TYPES, stepBit, type EventType } from '@shared/events';
import { RECIPIENT_ORDER } from '../recipients/recipient-order';
import type { Db } from '@server/db/schema';

/**
 * The funnel's groups in one pass over the campaign's recipients: how many reached each set of
 * steps (its bits in `steps`, set with the step's events) with or without a recorded send, how
 * many of the people's clicks came through the QR code, and the scores of the people who clicked
 * (shared/funnel.ts counts from these). Reading the recipients, not the events, keeps this to
 * one row per recipient at any event count.
 */
export async function funnelGroups(db: Db, tenantId: string, campaignId: string) {
  const clicked = sql<boolean>`(steps & ${stepBit('clicked')}) <> 0`;
  const sent = sql<number | string>`case when sent_at is null then 0 else 1 end`;
  const rows = await db
    .selectFrom('recipients')
    .select((eb) => [
      'steps',
      sent.as('sent'),
      eb.fn.countAll<number | string>().as('recipients'),
      sql<number | string | null>`count(case when ${clicked} then score end)`.as('scored'),
      sql<number | string | null>`sum(case when ${clicked} then score end)`.as('score_sum'),
      sql<number | string | null>`sum(case when ${clicked} and click_via = 'qr' then 1 else 0 end)`.as(
        'clicked_qr',
      ),
    ])
    .where('campaign_id', '=', campaignId)
    .where('tenant_id', '=', tenantId)
    .groupBy(['steps', sent])
    .execute();
  return rows.map((row) => ({
    steps: Number(row.steps),
    sent: Number(row.sent) === 1,
    recipients: Number(row.recipients),
    scored: Number(row.scored ?? 0),
    score_sum: Number(row.score_sum ?? 0),
    clicked_qr: Number(row.clicked_qr ?? 0),
  }));
}

/** A window of the recipients, in a stable order (created, email, person id, id). */
export interface ResultsPage {
  limit: number;
  offset: number;
}

export type EventTimes = Record<`${EventType}_at`, string | null>;

/** The page's recipient columns: selected, and grouped by, once each step's time is pivoted in. */
const PAGE_COLUMNS = [
  'r.id',
  'r.email',
  'r.person_id',
  'r.first_name',
  'r.language_code',
  'r.score',
  'r.created_at',
  'r.steps',
  'r.verdict',
  'r.verdict_reasons',
  'r.click_via',
  'r.sent_at',
  'r.reported_at',
] as const;

/** One row per recipient with the time of each step (null when not reached) and the score. */
export async function recipientStatuses(db: Db, tenantId: string, campaignId: string, page?: ResultsPage) {
  // The page is cut from the recipients alone (the order index serves it); only its recipients'
  // events are then joined and pivoted.
  let recipients = RECIPIENT_ORDER.reduce(
    (q, column) => q.orderBy(column),
    db
      .selectFrom('recipients')
      .select([
        'id',
        'email',
        'person_id',
        'first_name',
        'language_code',
        'score',
        'created_at',
        'steps',
        'verdict',
        'verdict_reasons',
        'click_via',
        'sent_at',
        'reported_at',
      ])
      .where('campaign_id', '=', campaignId)
      .where('tenant_id', '=', tenantId),
  );
  if (page) recipients = recipients.limit(page.limit).offset(page.offset);
  const pivoted = db
    .selectFrom(recipients.as('r'))
    .leftJoin('events as e', 'e.recipient_id', 'r.id')
    .select(PAGE_COLUMNS)
    .select((eb) =>
      EVENT_TYPES.map((type) =>
        eb.fn.min(eb.case().when('e.type', '=', type).then(eb.ref('e.created_at')).end()).as(`${type}_at`),
      ),
    )
    .groupBy(PAGE_COLUMNS);
  const rows = await RECIPIENT_ORDER.reduce((q, column) => q.orderBy(`r.${column}`), pivoted).execute();
  return rows.map((row) => ({
    ...(row as typeof row & EventTimes),
    score: row.score === null ? null : Number(row.score),
  }));
}

/** Recipients who pressed the phishing page's submit at all, with or without entering data. */
export async function submitAttemptCount(db: Db, tenantId: string, campaignId: string) {
  const row = await db
    .selectFrom('journey_attempts')
    .select((eb) => eb.fn.count<number | string>('recipient_id').distinct().as('count'))
    .where('campaign_id', '=', campaignId)
    .where('tenant_id', '=', tenantId)
    .where('kind', '=', 'submit')
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** How many questionnaire attempts (the first and each retake) these recipients made. */
export async function questionnaireAttempts(db: Db, campaignId: string, recipientIds: string[]) {
  const counts = new Map<string, number>();
  // Chunked: one statement's parameters stay well under SQLite's and PostgreSQL's limits.
  for (let i = 0; i < recipientIds.length; i += 500) {
    const rows = await db
      .selectFrom('journey_attempts')
      .select(['recipient_id', (eb) => eb.fn.countAll<number | string>().as('count')])
      .where('campaign_id', '=', campaignId)
      .where('kind', '=', 'questionnaire')
      .where('recipient_id', 'in', recipientIds.slice(i, i + 500))
      .groupBy('recipient_id')
      .execute();
    for (const row of rows) counts.set(row.recipient_id, Number(row.count));
  }
  return counts;
}

/** How many of the campaign's recipients have each verdict (null: no visit judged yet). */
export async function verdictCounts(db: Db, tenantId: string, campaignId: string) {
  const rows = await db
    .selectFrom('recipients')
    .select(['verdict', (eb) => eb.fn.countAll<number | string>().as('count')])
    .where('campaign_id', '=', campaignId)
    .where('tenant_id', '=', tenantId)
    .groupBy('verdict')
    .execute();
  return new Map(rows.map((row) => [row.verdict, Number(row.count)]));
}

/** Visits judged automated: what the funnel's clicked filtered out. */
export async function automatedVisitCount(db: Db, tenantId: string, campaignId: string) {
  const row = await db
    .selectFrom('visits')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('campaign_id', '=', campaignId)
    .where('tenant_id', '=', tenantId)
    .where('verdict', '=', 'automated')
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** The report button's figures: messages sent, reports, and each report's time after its send. */
export async function reportTimes(db: Db, tenantId: string, campaignId: string) {
  const counts = await db
    .selectFrom('recipients')
    .select((eb) => [
      eb.fn.count<number | string>('sent_at').as('sent'),
      eb.fn.count<number | string>('reported_at').as('reported'),
    ])
    .where('campaign_id', '=', campaignId)
    .where('tenant_id', '=', tenantId)
    .executeTakeFirstOrThrow();
  const times = await db
    .selectFrom('recipients')
    .select(['sent_at', 'reported_at'])
    .where('campaign_id', '=', campaignId)
    .where('tenant_id', '=', tenantId)
    .where('reported_at', 'is not', null)
    .where('sent_at', 'is not', null)
    .execute();
  return { sent: Number(counts.sent), reported: Number(counts.reported), times };
}
