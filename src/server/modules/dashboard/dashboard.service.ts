/**
 * A campaign's dashboard in one answer: the funnel with rates, click verdicts with the kinds of
 * reason and the filtered visits, clicks and reports over time with the first click, the median
 * time to click and to report, per-question statistics, breakdowns by language and department,
 * pass rate and badges. Counts come from the same recipient columns as the results API, so the
 * two always agree. Also tenant-wide trends (one row per launched campaign).
 */
import { CLICK_VERDICTS, type ClickVerdict } from '@shared/clicks';
import { REASON_KINDS, type Dashboard, type GroupStats, type Trends } from '@shared/dashboard';
import { EVENT_TYPES } from '@shared/events';
import { dialectOf } from '@server/db/database';
import type { Db } from '@server/db/schema';
import type { Campaign } from '@server/db/schema';
import { inTurns } from '@server/db/turns';
import { exportCampaign } from '../campaigns/campaigns.service';
import { medianSecondsToReport, submitAttempts } from '../results/results.service';
import {
  campaignTrends,
  clicksByMinute,
  filteredVisitCount,
  firstQuestionnaireAnswers,
  firstSentAt,
  medianSecondsToClick,
  recipientGroups,
  reports,
  scoreCounts,
  type RecipientGroup,
} from './dashboard.repository';
import { questionStats } from './question-stats';
import { clickSummary, reportsByMinute, timelineBuckets } from './timeline';

const round1 = (value: number) => Math.round(value * 10) / 10;
const share = (part: number, whole: number) => (whole === 0 ? 0 : part / whole);

export async function campaignDashboard(db: Db, campaign: Campaign): Promise<Dashboard> {
  const file = exportCampaign(campaign);
  const { pass_mark: passMark, badges } = file.gamification;
  const start = campaign.starts_at ?? campaign.launched_at;
  const { id } = campaign;
  // On SQLite one at a time, letting waiting requests go between them (db/turns.ts).
  const turn = inTurns(dialectOf(db));
  const [groups, scores, firstSent, submitAttempted, filtered, minutes, reported, answers] =
    await Promise.all([
      turn(() => recipientGroups(db, id)),
      turn(() => scoreCounts(db, id)),
      turn(() => firstSentAt(db, id)),
      turn(() => submitAttempts(db, campaign.tenant_id, id)),
      turn(() => filteredVisitCount(db, id)),
      turn(() => clicksByMinute(db, id)),
      turn(() => reports(db, id)),
      turn(() => firstQuestionnaireAnswers(db, id)),
    ]);
  const clicks = clickSummary(minutes);
  const median = await turn(() => medianSecondsToClick(db, id, clicks.timed));
  const reportMinutes = reportsByMinute(reported);
  const firstReport = reportMinutes[0]?.first ?? null;
  const recipients = sum(groups, (g) => g.recipients);
  const earliest = [clicks.first, firstReport].filter((at) => at !== null).sort()[0] ?? null;
  const timelineStart = firstSent ?? start ?? earliest;
  const scored = sum(scores, (s) => s.recipients);
  const atLeast = (min: number) => sum(scores, (s) => (s.score >= min ? s.recipients : 0));
  const passed = atLeast(passMark);
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
        const count = sum(groups, (g) => (g.reached(type) ? g.recipients : 0));
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
        REASON_KINDS.map((reason) => ({
          verdict,
          reason,
          count: sum(groups, (g) => (g.verdict === verdict && g.hasReason(reason) ? g.recipients : 0)),
        })).filter((r) => r.count > 0),
      ),
    },
    timeline: {
      ...timelineBuckets(timelineStart, minutes, reportMinutes),
      start: timelineStart,
      clicks: clicks.clicks,
      first_click_at: clicks.first,
      median_seconds_to_click: median === null ? null : round1(median),
      reports: reported.length,
      first_report_at: firstReport,
      median_seconds_to_report: medianSecondsToReport(reported),
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
      badges: badges.map((badge) => ({ ...badge, earned: atLeast(badge.min_score) })),
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
    const reached = (type: 'visited' | 'clicked' | 'submitted' | 'completed') =>
      g.reached(type) ? g.recipients : 0;
    into.recipients += g.recipients;
    into.visited += reached('visited');
    into.clicked += reached('clicked');
    into.submitted += reached('submitted');
    into.completed += reached('completed');
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
export async function trends(db: Db, tenantId: string): Promise<Trends> {
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
