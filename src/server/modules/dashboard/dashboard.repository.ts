/**
 * Aggregate SQL for a campaign's dashboard. Every query reads one covering index (migration
 * 2026-11-30-0001), never a table row: the recipients grouped by language, department, verdict,
 * steps and reason kinds; their scores; the first send; standing clicks by minute and by delay
 * (the median is one offset read); reports with their send times; the first questionnaire
 * attempts grouped by their answers. A request stays fast at 100,000 recipients and 1,000,000
 * events, and the counts come from the same recipient columns as the results API.
 */
import { sql, type RawBuilder } from 'kysely';
import { REASON_KINDS, type ReasonKind } from '@shared/dashboard';
import { stepBit, type EventType } from '@shared/events';
import type { Db } from '@server/db/schema';

type Num = number | string | null;

const sumWhen = (condition: RawBuilder<unknown>) => sql<Num>`sum(case when ${condition} then 1 else 0 end)`;
const count = (value: Num | bigint | undefined) => Number(value ?? 0);
/** A click counts while its recipient keeps the clicked step (a later scanner verdict takes it off). */
const standing = sql<boolean>`(steps & ${stepBit('clicked')}) <> 0`;

/**
 * A campaign's recipients. By campaign alone: the service reads a campaign already found for its
 * tenant (requireCampaign), and the indexes leave tenant_id out to stay small.
 */
function campaignRecipients(db: Db, campaignId: string) {
  return db.selectFrom('recipients').where('campaign_id', '=', campaignId);
}

/**
 * The campaign's recipients grouped by language, department, verdict, steps reached and kinds of
 * reason (index recipients_campaign_groups): a few hundred groups at most, from which every
 * count of the funnel, the verdicts, their reasons and the breakdowns is summed.
 */
export async function recipientGroups(db: Db, campaignId: string) {
  const rows = await campaignRecipients(db, campaignId)
    .select(['language_code', 'department', 'verdict', 'steps', 'reason_kinds'])
    .select((eb) => [
      eb.fn.countAll<number | string>().as('recipients'),
      eb.fn.count<number | string>('score').as('scored'),
      eb.fn.sum<Num>('score').as('score_sum'),
    ])
    .groupBy(['language_code', 'department', 'verdict', 'steps', 'reason_kinds'])
    .execute();
  return rows.map((row) => {
    const steps = Number(row.steps);
    const kinds = Number(row.reason_kinds);
    return {
      language_code: row.language_code,
      department: row.department,
      verdict: row.verdict,
      recipients: count(row.recipients),
      scored: count(row.scored),
      score_sum: count(row.score_sum),
      reached: (type: EventType) => (steps & stepBit(type)) !== 0,
      hasReason: (kind: ReasonKind) => (kinds & (1 << REASON_KINDS.indexOf(kind))) !== 0,
    };
  });
}
export type RecipientGroup = Awaited<ReturnType<typeof recipientGroups>>[number];

/** How many recipients have each score (index recipients_campaign_score): passes and badges. */
export async function scoreCounts(db: Db, campaignId: string) {
  const rows = await campaignRecipients(db, campaignId)
    .select(['score', (eb) => eb.fn.countAll<number | string>().as('recipients')])
    .where('score', 'is not', null)
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
 * both databases), the first of each minute and how many of them are timed from a send or the
 * start (index recipients_campaign_click_minute, in the minute's order: no sort).
 */
export async function clicksByMinute(db: Db, campaignId: string) {
  const minute = sql<string>`substr(clicked_at, 1, 16)`;
  const rows = await campaignRecipients(db, campaignId)
    .select((eb) => [
      minute.as('minute'),
      eb.fn.countAll<number | string>().as('clicks'),
      eb.fn.count<number | string>('click_seconds').as('timed'),
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
 * The median of the standing clicks' delays from their send (or the campaign's start), given how
 * many are timed: the middle one or two read in order from index recipients_campaign_click_seconds.
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
    .where(standing)
    .orderBy('click_seconds')
    .limit(timed % 2 === 0 ? 2 : 1)
    .offset(Math.floor((timed - 1) / 2))
    .execute();
  const delays = middle.map((row) => Number(row.click_seconds));
  return delays.reduce((a, b) => a + b, 0) / delays.length;
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
 * Each first questionnaire attempt's stored answers (the step's one event per recipient), with
 * how many recipients gave exactly those: the partial index events_questionnaire_details holds
 * these events only, and identical answers group into one row.
 */
export async function firstQuestionnaireAnswers(db: Db, campaignId: string) {
  const rows = await db
    .selectFrom('events')
    .select(['details', (eb) => eb.fn.countAll<number | string>().as('recipients')])
    .where('campaign_id', '=', campaignId)
    // A literal, not a bound value: the planner proves the partial index's condition from it.
    .where('type', '=', sql.lit('questionnaire_completed'))
    .groupBy('details')
    .execute();
  return rows.map((row) => ({ details: row.details, recipients: count(row.recipients) }));
}

/** Per launched campaign of the tenant: recipients, clicked, entered data, completed, mean score. */
export async function campaignTrends(db: Db, tenantId: string) {
  const rows = await db
    .selectFrom('campaigns as c')
    .leftJoin('recipients as r', 'r.campaign_id', 'c.id')
    .select(['c.id', 'c.name', 'c.launched_at', 'c.starts_at', 'c.created_at'])
    .select((eb) => [
      eb.fn.count<number | string>('r.id').as('recipients'),
      eb.fn.avg<Num>('r.score').as('average_score'),
      sumWhen(sql`(r.steps & ${stepBit('clicked')}) <> 0`).as('clicked'),
      sumWhen(sql`(r.steps & ${stepBit('submitted')}) <> 0`).as('submitted'),
      sumWhen(sql`(r.steps & ${stepBit('completed')}) <> 0`).as('completed'),
    ])
    .where('c.tenant_id', '=', tenantId)
    .where('c.launched_at', 'is not', null)
    .groupBy(['c.id', 'c.name', 'c.launched_at', 'c.starts_at', 'c.created_at'])
    .execute();
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    started_at: row.starts_at ?? row.launched_at,
    created_at: row.created_at,
    recipients: Number(row.recipients ?? 0),
    clicked: Number(row.clicked ?? 0),
    submitted: Number(row.submitted ?? 0),
    completed: Number(row.completed ?? 0),
    average_score: row.average_score === null ? null : Number(row.average_score),
  }));
}
