/**
 * A campaign's dashboard in one answer: the funnel with rates, click verdicts with the kinds of
 * reason and the filtered visits, clicks over time with the first click and the median time to
 * click, per-question statistics, breakdowns by language and department, pass rate and badges.
 * Counts come from the same recipient columns as the results API, so the two always agree.
 * Also tenant-wide trends (one row per launched campaign).
 */
import { CLICK_VERDICTS, type ClickVerdict } from '../../../shared/clicks';
import type { Dashboard, GroupStats, Trends } from '../../../shared/dashboard';
import { EVENT_TYPES } from '../../../shared/events';
import type { Db } from '../../db/database';
import type { Campaign } from '../../db/schema';
import { exportCampaign } from '../campaigns/campaigns.service';
import { automatedVisitCount, submitAttemptCount } from '../results/results.repository';
import {
  campaignTrends,
  clicksByMinute,
  firstQuestionnaireAnswers,
  medianSecondsToClick,
  recipientGroups,
  REASON_KIND_LIST,
  type RecipientGroup,
} from './dashboard.repository';
import { questionStats } from './question-stats';
import { clickSummary, timelineBuckets } from './timeline';

const round1 = (value: number) => Math.round(value * 10) / 10;
const share = (part: number, whole: number) => (whole === 0 ? 0 : part / whole);

export async function campaignDashboard(database: Db, campaign: Campaign): Promise<Dashboard> {
  const { db, dialect } = database;
  const file = exportCampaign(campaign);
  const { pass_mark: passMark, badges } = file.gamification;
  const start = campaign.starts_at ?? campaign.launched_at;
  const t = campaign.tenant_id;
  const [groups, submitAttempted, filtered, minutes, answers] = await Promise.all([
    recipientGroups(db, t, campaign.id, { passMark, badges: badges.map((b) => b.min_score) }),
    submitAttemptCount(db, t, campaign.id),
    automatedVisitCount(db, t, campaign.id),
    clicksByMinute(db, t, campaign.id),
    firstQuestionnaireAnswers(db, t, campaign.id),
  ]);
  const range = clickSummary(minutes);
  const median =
    range.clicks === 0 ? null : await medianSecondsToClick(db, dialect, t, campaign.id, start, range.clicks);
  const recipients = sum(groups, (g) => g.recipients);
  const firstSent = groups.reduce<string | null>(
    (first, g) =>
      g.first_sent_at !== null && (first === null || g.first_sent_at < first) ? g.first_sent_at : first,
    null,
  );
  const timelineStart = firstSent ?? start ?? range.first;
  const timeline = timelineBuckets(timelineStart, minutes);
  const scored = sum(groups, (g) => g.scored);
  const passed = sum(groups, (g) => g.passed);
  return {
    campaign: {
      id: campaign.id,
      name: campaign.name,
      language_code: campaign.language_code,
      launched_at: campaign.launched_at,
      starts_at: campaign.starts_at,
    },
    generated_at: new Date().toISOString(),
    funnel: [
      { stage: 'recipients', count: recipients, rate: recipients === 0 ? 0 : 1 },
      ...EVENT_TYPES.map((type) => {
        const count = sum(groups, (g) => g.steps.get(type) ?? 0);
        return { stage: type, count, rate: share(count, recipients) };
      }),
    ],
    submit_attempted: submitAttempted,
    verdicts: {
      counts: {
        ...(Object.fromEntries(
          CLICK_VERDICTS.map((v) => [v, sum(groups, (g) => (g.verdict === v ? g.recipients : 0))]),
        ) as Record<ClickVerdict, number>),
        not_visited: sum(groups, (g) => (g.verdict === null ? g.recipients : 0)),
      },
      filtered_visits: filtered,
      reasons: CLICK_VERDICTS.flatMap((verdict) =>
        REASON_KIND_LIST.map((reason) => ({
          verdict,
          reason,
          count: sum(groups, (g) => (g.verdict === verdict ? (g.reasons.get(reason) ?? 0) : 0)),
        })).filter((r) => r.count > 0),
      ),
    },
    timeline: {
      ...timeline,
      start: timelineStart,
      clicks: range.clicks,
      first_click_at: range.first,
      median_seconds_to_click: median === null ? null : round1(median),
    },
    questions: questionStats(file, answers),
    breakdowns: {
      language: breakdown(groups, (g) => g.language_code ?? campaign.language_code),
      department: breakdown(groups, (g) => g.department),
    },
    score: {
      average: scored === 0 ? null : round1(sum(groups, (g) => g.score_sum) / scored),
      pass_mark: passMark,
      scored,
      passed,
      pass_rate: scored === 0 ? null : passed / scored,
      badges: badges.map((badge, i) => ({ ...badge, earned: sum(groups, (g) => g.badges[i] ?? 0) })),
    },
  };
}

function sum<T>(items: readonly T[], pick: (item: T) => number): number {
  return items.reduce((total, item) => total + pick(item), 0);
}

/** The groups merged by one key (language or department), largest first, "none" (null) last. */
function breakdown(
  groups: readonly RecipientGroup[],
  keyOf: (g: RecipientGroup) => string | null,
): GroupStats[] {
  const merged = new Map<string | null, GroupStats & { score_sum: number; scored: number }>();
  for (const g of groups) {
    const key = keyOf(g);
    const into = merged.get(key) ?? {
      key,
      recipients: 0,
      visited: 0,
      clicked: 0,
      submitted: 0,
      completed: 0,
      average_score: null,
      score_sum: 0,
      scored: 0,
    };
    into.recipients += g.recipients;
    into.visited += g.steps.get('visited') ?? 0;
    into.clicked += g.steps.get('clicked') ?? 0;
    into.submitted += g.steps.get('submitted') ?? 0;
    into.completed += g.steps.get('completed') ?? 0;
    into.score_sum += g.score_sum;
    into.scored += g.scored;
    merged.set(key, into);
  }
  return [...merged.values()]
    .map(({ score_sum, scored, ...stats }) => ({
      ...stats,
      average_score: scored === 0 ? null : round1(score_sum / scored),
    }))
    .sort((a, b) =>
      a.key === null ? 1 : b.key === null ? -1 : b.recipients - a.recipients || a.key.localeCompare(b.key),
    );
}

/** One row per launched campaign, oldest first, with rates of its recipients. */
export async function trends(db: Db['db'], tenantId: string): Promise<Trends> {
  const rows = await campaignTrends(db, tenantId);
  const rate = (part: number, whole: number) => (whole === 0 ? null : part / whole);
  return {
    campaigns: rows
      .sort((a, b) => (a.started_at ?? a.created_at).localeCompare(b.started_at ?? b.created_at))
      .map((row) => ({
        id: row.id,
        name: row.name,
        started_at: row.started_at,
        recipients: row.recipients,
        click_rate: rate(row.clicked, row.recipients),
        entered_data_rate: rate(row.submitted, row.recipients),
        completion_rate: rate(row.completed, row.recipients),
        average_score: row.average_score === null ? null : round1(row.average_score),
      })),
  };
}
