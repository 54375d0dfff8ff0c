/**
 * Aggregate SQL for a campaign's dashboard. Each query is one pass over an index: the
 * recipients grouped by language, department and verdict (every count of the funnel, scores,
 * badges and reasons come out of that one scan); clicks by time from (campaign_id, type,
 * created_at); the first questionnaire attempt of each recipient from the same index. No event
 * row is loaded one by one, so a request stays fast at 100,000 recipients and 1,000,000 events.
 */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { ReasonKind } from '../../../shared/dashboard';
import { EVENT_TYPES, stepBit } from '../../../shared/events';
import type { Dialect } from '../../db/database';
import type { Database } from '../../db/schema';

type Db = Kysely<Database>;
type Num = number | string | null;

/** How each kind of reason appears in a recipient's verdict_reasons (a JSON array of strings). */
const REASON_PATTERNS: Record<ReasonKind, string> = {
  head_request: '%"HEAD request"%',
  prefetch: '%"prefetch"%',
  webdriver: '%"navigator.webdriver"%',
  catalogued: '%"catalogued %',
  soon_after_send: '% after send"%',
  fan_out: '%"fan-out: %',
  trusted_gesture: '%"trusted %',
  visible_with_focus: '%"visible % with focus"%',
  older_page_gesture: '% gesture reported, no evidence%',
  plain_get: '%"plain GET"%',
  no_gesture: '%"page ran, no %',
};
export const REASON_KIND_LIST = Object.keys(REASON_PATTERNS) as ReasonKind[];

const sumWhen = (condition: RawBuilder<unknown>) => sql<Num>`sum(case when ${condition} then 1 else 0 end)`;
const reached = (type: (typeof EVENT_TYPES)[number]) => sql`(steps & ${stepBit(type)}) <> 0`;

/**
 * The campaign's recipients grouped by language, department and verdict, each group with how
 * many reached every step, their scores, the passes and badges (by threshold) and the kinds of
 * reason their verdicts carry.
 */
export async function recipientGroups(
  db: Db,
  tenantId: string,
  campaignId: string,
  thresholds: { passMark: number; badges: readonly number[] },
) {
  const rows = await db
    .selectFrom('recipients')
    .select(['language_code', 'department', 'verdict'])
    .select((eb) => [
      eb.fn.countAll<number | string>().as('recipients'),
      eb.fn.count<number | string>('score').as('scored'),
      eb.fn.sum<Num>('score').as('score_sum'),
      eb.fn.min('sent_at').as('first_sent_at'),
      sumWhen(sql`score >= ${thresholds.passMark}`).as('passed'),
      ...EVENT_TYPES.map((type) => sumWhen(reached(type)).as(`step_${type}`)),
      ...thresholds.badges.map((min, i) => sumWhen(sql`score >= ${min}`).as(`badge_${i}`)),
      ...REASON_KIND_LIST.map((kind) =>
        sumWhen(sql`verdict_reasons like ${REASON_PATTERNS[kind]}`).as(`reason_${kind}`),
      ),
    ])
    .where('campaign_id', '=', campaignId)
    .where('tenant_id', '=', tenantId)
    .groupBy(['language_code', 'department', 'verdict'])
    .execute();
  return rows.map((row) => {
    const values = row as unknown as Record<string, Num>;
    const n = (key: string) => Number(values[key] ?? 0);
    return {
      language_code: row.language_code,
      department: row.department,
      verdict: row.verdict,
      first_sent_at: (values.first_sent_at as string | null) ?? null,
      recipients: n('recipients'),
      scored: n('scored'),
      score_sum: n('score_sum'),
      passed: n('passed'),
      steps: new Map(EVENT_TYPES.map((type) => [type, n(`step_${type}`)])),
      badges: thresholds.badges.map((_, i) => n(`badge_${i}`)),
      reasons: new Map(REASON_KIND_LIST.map((kind) => [kind, n(`reason_${kind}`)])),
    };
  });
}
export type RecipientGroup = Awaited<ReturnType<typeof recipientGroups>>[number];

/** Clicks that still stand (the recipient keeps its clicked bit): only people's. */
function standingClicks(db: Db, tenantId: string, campaignId: string) {
  return db
    .selectFrom('events as e')
    .innerJoin('recipients as r', 'r.id', 'e.recipient_id')
    .where('e.campaign_id', '=', campaignId)
    .where('e.tenant_id', '=', tenantId)
    .where('e.type', '=', 'clicked')
    .where(sql<boolean>`(r.steps & ${stepBit('clicked')}) <> 0`);
}

/**
 * Standing clicks per minute (ISO timestamps cut after the minute: text columns, so the same on
 * both databases) with the first click of each minute: one pass gives the count, the first click
 * and every coarser bucket.
 */
export async function clicksByMinute(db: Db, tenantId: string, campaignId: string) {
  const minute = sql<string>`substr(e.created_at, 1, 16)`;
  const rows = await standingClicks(db, tenantId, campaignId)
    .select((eb) => [
      minute.as('minute'),
      eb.fn.countAll<number | string>().as('clicks'),
      eb.fn.min('e.created_at').as('first'),
    ])
    .groupBy(minute)
    .orderBy(minute)
    .execute();
  return rows.map((row) => ({ minute: row.minute, clicks: Number(row.clicks ?? 0), first: row.first }));
}

/** Seconds from the recipient's sent_at (else `start`) to its click, per dialect. */
function secondsToClick(dialect: Dialect, start: string | null) {
  const base = sql`coalesce(r.sent_at, ${start})`;
  return dialect === 'postgres'
    ? sql<Num>`extract(epoch from (cast(e.created_at as timestamptz) - cast(${base} as timestamptz)))`
    : sql<Num>`(julianday(e.created_at) - julianday(${base})) * 86400.0`;
}

/** The median time to click, in seconds: the middle one or two delays, found by the database. */
export async function medianSecondsToClick(
  db: Db,
  dialect: Dialect,
  tenantId: string,
  campaignId: string,
  start: string | null,
  /** The number of standing clicks, when already known: with a start, every one is timed. */
  known?: number,
): Promise<number | null> {
  const delay = secondsToClick(dialect, start);
  const timed = standingClicks(db, tenantId, campaignId).where(
    sql<boolean>`coalesce(r.sent_at, ${start}) is not null`,
  );
  const total =
    start !== null && known !== undefined
      ? known
      : Number(
          (await timed.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow())
            .n ?? 0,
        );
  if (total === 0) return null;
  const middle = await timed
    .select(delay.as('delay'))
    .orderBy(delay)
    .limit(total % 2 === 0 ? 2 : 1)
    .offset(Math.floor((total - 1) / 2))
    .execute();
  const delays = middle.map((row) => Number(row.delay));
  return delays.reduce((a, b) => a + b, 0) / delays.length;
}

/** Each recipient's first questionnaire attempt as stored with the step's event (answers, score). */
export async function firstQuestionnaireAnswers(db: Db, tenantId: string, campaignId: string) {
  const rows = await db
    .selectFrom('events')
    .select('details')
    .where('campaign_id', '=', campaignId)
    .where('tenant_id', '=', tenantId)
    .where('type', '=', 'questionnaire_completed')
    .execute();
  return rows.map((row) => row.details);
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
