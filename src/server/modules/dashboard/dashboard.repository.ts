/**
 * Aggregate SQL for a campaign's dashboard. Every query reads one covering index (migration
 * 2026-11-30-0001), never a table row: the recipients grouped by language, department, verdict,
 * steps and reason kinds; their scores; the first send; standing clicks by minute, by delay
 * and through the QR code
 * (the median is one offset read); reports with their send times; the first questionnaire
 * attempts grouped by their answers. A request stays fast at 100,000 recipients and 1,000,000
 * events, and the counts come from the same recipient columns as the results API.
 */
import { sql } from 'kysely';
import { REASON_KINDS, type ReasonKind } from '@shared/dashboard';
import { stepBit, type EventType } from '@shared/events';
import type { Db } from '@server/db/schema';

type Num = number | string | null;

const count = (value: Num | bigint | undefined) => Number(value ?? 0);
/** A click counts while its recipient keeps the clicked step (a later scanner verdict takes it off). */
const standing = sql<boolean>`(steps & ${stepBit('clicked')}) <> 0`;
/** Whether the recipient's message has a recorded send (the outbox's or an imported sent_at). */
const sentFlag = sql<number | string>`case when sent_at is null then 0 else 1 end`;

/**
 * A campaign's recipients. By campaign alone: the service reads a campaign already found for its
 * tenant (requireCampaign), and the indexes leave tenant_id out to stay small.
 */
function campaignRecipients(db: Db, campaignId: string) {
  return db.selectFrom('recipients').where('campaign_id', '=', campaignId);
}

/**
 * The campaign's recipients grouped by language, department, verdict, steps reached, kinds of
 * reason and whether their message was sent: a few hundred groups at most, from which every
 * count of the funnel (shared/funnel.ts), the verdicts, their reasons and the breakdowns is summed.
 */
export async function recipientGroups(db: Db, campaignId: string) {
  const rows = await campaignRecipients(db, campaignId)
    .select(['language_code', 'department', 'verdict', 'steps', 'reason_kinds'])
    .select((eb) => [
      sentFlag.as('sent'),
      eb.fn.countAll<number | string>().as('recipients'),
      eb.fn.count<number | string>('score').as('scored'),
      eb.fn.sum<Num>('score').as('score_sum'),
    ])
    .groupBy(['language_code', 'department', 'verdict', 'steps', 'reason_kinds', sentFlag])
    .execute();
  return rows.map((row) => {
    const steps = Number(row.steps);
    const kinds = Number(row.reason_kinds);
    return {
      language_code: row.language_code,
      department: row.department,
      verdict: row.verdict,
      steps,
      sent: Number(row.sent) === 1,
      recipients: count(row.recipients),
      scored: count(row.scored),
      score_sum: count(row.score_sum),
      reached: (type: EventType) => (steps & stepBit(type)) !== 0,
      hasReason: (kind: ReasonKind) => (kinds & (1 << REASON_KINDS.indexOf(kind))) !== 0,
    };
  });
}
export type RecipientGroup = Awaited<ReturnType<typeof recipientGroups>>[number];

/**
 * How many people who clicked have each score: passes and badges. A score after a visit not
 * counted as a click (a sandbox answering the quiz) is left out.
 */
export async function scoreCounts(db: Db, campaignId: string) {
  const rows = await campaignRecipients(db, campaignId)
    .select(['score', (eb) => eb.fn.countAll<number | string>().as('recipients')])
    .where('score', 'is not', null)
    .where(standing)
    .groupBy('score')
    .execute();
  return rows.map((row) => ({ score: Number(row.score), recipients: count(row.recipients) }));
}

/** The first message sent (index recipients_campaign_sent). */
export async function firstSentAt(db: Db, campaignId: string) {
  const row = await campaignRecipients(db, campaignId)
    .select('sent_at')
    .where('sent_at', 'is not', null)
    .orderBy('sent_at')
    .limit(1)
    .executeTakeFirst();
  return row?.sent_at ?? null;
}

/**
 * Standing clicks per minute (ISO timestamps cut after the minute: text columns, so the same on
 * both databases), the first of each minute and how many of them are timed from a recorded send
 * (a launch sends nothing: a click is never timed from it).
 */
export async function clicksByMinute(db: Db, campaignId: string) {
  const minute = sql<string>`substr(clicked_at, 1, 16)`;
  const rows = await campaignRecipients(db, campaignId)
    .select((eb) => [
      minute.as('minute'),
      eb.fn.countAll<number | string>().as('clicks'),
      sql<Num>`count(case when sent_at is not null then click_seconds end)`.as('timed'),
      eb.fn.min('clicked_at').as('first'),
    ])
    .where('clicked_at', 'is not', null)
    .where(standing)
    .groupBy(minute)
    .orderBy(minute)
    .execute();
  return rows.map((row) => ({
    minute: row.minute,
    clicks: count(row.clicks),
    timed: count(row.timed),
    first: row.first,
  }));
}

/**
 * The median of the standing clicks' delays from their recorded send, given how many are timed:
 * the middle one or two read in order. A click_seconds measured from the campaign's start (no
 * recorded send) is left out.
 */
export async function medianSecondsToClick(
  db: Db,
  campaignId: string,
  timed: number,
): Promise<number | null> {
  if (timed === 0) return null;
  const middle = await campaignRecipients(db, campaignId)
    .select('click_seconds')
    .where('click_seconds', 'is not', null)
    .where('sent_at', 'is not', null)
    .where(standing)
    .orderBy('click_seconds')
    .limit(timed % 2 === 0 ? 2 : 1)
    .offset(Math.floor((timed - 1) / 2))
    .execute();
  const delays = middle.map((row) => Number(row.click_seconds));
  return delays.reduce((a, b) => a + b, 0) / delays.length;
}

/**
 * Standing clicks that came through the message's QR code (partial index
 * recipients_campaign_qr_clicks). The source is a literal, as the index states it: a bound value
 * would not prove the query stays inside the index.
 */
export async function qrClickCount(db: Db, campaignId: string) {
  const row = await campaignRecipients(db, campaignId)
    .select((eb) => eb.fn.countAll<number | string>().as('clicks'))
    .where('click_via', '=', sql.lit('qr'))
    .where(standing)
    .executeTakeFirstOrThrow();
  return count(row.clicks);
}

/** Every report with its message's send time, when known (index recipients_campaign_reported). */
export function reports(db: Db, campaignId: string) {
  return campaignRecipients(db, campaignId)
    .select(['reported_at', 'sent_at'])
    .where('reported_at', 'is not', null)
    .$narrowType<{ reported_at: string }>()
    .execute();
}

/** Visits judged automated: what the funnel's clicked filtered out (index visits_campaign). */
export async function filteredVisitCount(db: Db, campaignId: string) {
  const row = await db
    .selectFrom('visits')
    .select((eb) => eb.fn.countAll<number | string>().as('visits'))
    .where('campaign_id', '=', campaignId)
    .where('verdict', '=', 'automated')
    .executeTakeFirstOrThrow();
  return count(row.visits);
}

/**
 * Each first questionnaire attempt's stored answers (the step's one event per recipient) of the
 * people who clicked, with how many gave exactly those: identical answers group into one row. A
 * sandbox's answers (a visit not counted as a click) are left out of the statistics.
 */
export async function firstQuestionnaireAnswers(db: Db, campaignId: string) {
  const rows = await db
    .selectFrom('events')
    .select(['details', (eb) => eb.fn.countAll<number | string>().as('recipients')])
    .where('campaign_id', '=', campaignId)
    // A literal, not a bound value: the planner proves the partial index's condition from it.
    .where('type', '=', sql.lit('questionnaire_completed'))
    .where('recipient_id', 'in', campaignRecipients(db, campaignId).select('id').where(standing))
    .groupBy('details')
    .execute();
  return rows.map((row) => ({ details: row.details, recipients: count(row.recipients) }));
}

/** The tenant's launched campaigns (ids, names, dates), for Trends. */
export function launchedCampaigns(db: Db, tenantId: string) {
  return (
    db
      .selectFrom('campaigns')
      .select(['id', 'name', 'launched_at', 'starts_at', 'created_at'])
      .where('tenant_id', '=', tenantId)
      .where('launched_at', 'is not', null)
      // An imported campaign's clicks were never judged: its click rate is not comparable.
      .where('imported_from', 'is', null)
      .where('kind', '=', 'simulation')
      .execute()
  );
}

/**
 * Per launched campaign of the tenant: its recipients grouped by steps reached and whether their
 * message was sent (what shared/funnel.ts counts from), with the scores of the people who clicked.
 */
export async function campaignTrendGroups(db: Db, tenantId: string) {
  const rows = await db
    .selectFrom('recipients as r')
    .innerJoin('campaigns as c', 'c.id', 'r.campaign_id')
    .select(['r.campaign_id', 'r.steps'])
    .select((eb) => [
      sql<Num>`case when r.sent_at is null then 0 else 1 end`.as('sent'),
      eb.fn.countAll<number | string>().as('recipients'),
      sql<Num>`count(case when (r.steps & ${stepBit('clicked')}) <> 0 then r.score end)`.as('scored'),
      sql<Num>`sum(case when (r.steps & ${stepBit('clicked')}) <> 0 then r.score end)`.as('score_sum'),
    ])
    .where('c.tenant_id', '=', tenantId)
    .where('c.launched_at', 'is not', null)
    .where('c.kind', '=', 'simulation')
    .where('c.imported_from', 'is', null)
    .groupBy(['r.campaign_id', 'r.steps', sql`case when r.sent_at is null then 0 else 1 end`])
    .execute();
  return rows.map((row) => ({
    campaign_id: row.campaign_id,
    steps: Number(row.steps),
    sent: Number(row.sent) === 1,
    recipients: count(row.recipients),
    scored: count(row.scored),
    score_sum: count(row.score_sum),
  }));
}
