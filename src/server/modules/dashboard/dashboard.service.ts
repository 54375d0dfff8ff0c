/**
 * A campaign's dashboard in one answer: the funnel with rates and clicks by source (link or QR
 * code), click verdicts with the kinds of
 * reason and the filtered visits, clicks and reports over time with the first click, the median
 * time to click and to report, per-question statistics, breakdowns by language and department,
 * pass rate and badges. Counts come from the same recipient columns as the results API, so the
 * two always agree. Also tenant-wide trends (one row per launched campaign).
 */
import { CLICK_VERDICTS, type ClickVerdict } from '@shared/clicks';
import { REASON_KINDS, type Dashboard, type GroupStats, type Trends } from '@shared/dashboard';
import { campaignSteps, clickedAsPerson, computeFunnel, type AfterClickStep } from '@shared/funnel';
import { dialectOf } from '@server/db/database';
import type { Db } from '@server/db/schema';
import type { Campaign } from '@server/db/schema';
import { inTurns } from '@server/db/turns';
import { exportCampaign, requireCampaign } from '../campaigns/campaigns.service';
import { medianSecondsToReport, submitAttempts } from '../results/results.service';
import {
  campaignTrendGroups,
  clicksByMinute,
  filteredVisitCount,
  firstQuestionnaireAnswers,
  firstSentAt,
  launchedCampaigns,
  medianSecondsToClick,
  qrClickCount,
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
  const [groups, scores, firstSent, submitAttempted, filtered, minutes, reported, answers, qrClicks] =
    await Promise.all([
      turn(() => recipientGroups(db, id)),
      turn(() => scoreCounts(db, id)),
      turn(() => firstSentAt(db, id)),
      turn(() => submitAttempts(db, campaign.tenant_id, id)),
      turn(() => filteredVisitCount(db, id)),
      turn(() => clicksByMinute(db, id)),
      turn(() => reports(db, id)),
      turn(() => firstQuestionnaireAnswers(db, id)),
      turn(() => qrClickCount(db, id)),
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
  const clicked = sum(groups, (g) => (g.reached('clicked') ? g.recipients : 0));
  const steps = campaignSteps(file);
  const funnel = computeFunnel(groups, steps);
  // Scores of the people who clicked only: a sandbox that answered the quiz is no learner.
  const people = groups.filter((g) => clickedAsPerson(g.steps));
  return {
    campaign: {
      id: campaign.id,
      name: campaign.name,
      language_code: campaign.language_code,
      launched_at: campaign.launched_at,
      starts_at: campaign.starts_at,
    },
    generated_at: new Date().toISOString(),
    funnel: funnel.stages.map((s) => ({ ...s, rate: share(s.count, recipients) })),
    entered_data: funnel.entered_data,
    link_opened: funnel.link_opened,
    outside: funnel.outside,
    submit_attempted: submitAttempted,
    clicked_via: { link: clicked - qrClicks, qr: qrClicks },
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
      first_sent_at: firstSent,
      clicks: clicks.clicks,
      first_click_at: clicks.first,
      median_seconds_to_click: median === null ? null : round1(median),
      reports: reported.length,
      first_report_at: firstReport,
      median_seconds_to_report: medianSecondsToReport(reported),
    },
    questions: questionStats(file, answers),
    breakdowns: {
      language: breakdown(groups, steps, (g) => g.language_code ?? campaign.language_code),
      department: breakdown(groups, steps, (g) => g.department),
    },
    score: {
      average: scored === 0 ? null : round1(sum(people, (g) => g.score_sum) / scored),
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

/**
 * The groups merged by one key (language or department), largest first, "none" (null) last; each
 * key's figures by the one funnel (shared/funnel.ts), its score of the people who clicked.
 */
function breakdown(
  groups: readonly RecipientGroup[],
  steps: readonly AfterClickStep[],
  keyOf: (g: RecipientGroup) => string | null,
): GroupStats[] {
  const byKey = new Map<string | null, RecipientGroup[]>();
  for (const g of groups) byKey.set(keyOf(g), [...(byKey.get(keyOf(g)) ?? []), g]);
  return [...byKey.entries()]
    .map(([key, members]): GroupStats => {
      const funnel = computeFunnel(members, steps);
      const stage = (name: 'clicked' | 'completed') =>
        funnel.stages.find((s) => s.stage === name)?.count ?? 0;
      const people = members.filter((g) => clickedAsPerson(g.steps));
      const scored = sum(people, (g) => g.scored);
      return {
        key,
        recipients: sum(members, (g) => g.recipients),
        visited: funnel.link_opened,
        clicked: stage('clicked'),
        submitted: funnel.entered_data,
        completed: stage('completed'),
        average_score: scored === 0 ? null : round1(sum(people, (g) => g.score_sum) / scored),
      };
    })
    .sort((a, b) =>
      a.key === null ? 1 : b.key === null ? -1 : b.recipients - a.recipients || a.key.localeCompare(b.key),
    );
}

/**
 * One row per launched campaign, oldest first, with rates of its recipients by the one funnel
 * (shared/funnel.ts). A campaign without a recorded send has no rates: a launch sends nothing.
 */
export async function trends(db: Db, tenantId: string): Promise<Trends> {
  const [campaigns, groups] = await Promise.all([
    launchedCampaigns(db, tenantId),
    campaignTrendGroups(db, tenantId),
  ]);
  const rows = await Promise.all(
    campaigns.map(async (c) => {
      const members = groups.filter((g) => g.campaign_id === c.id);
      const funnel = computeFunnel(
        members,
        campaignSteps(exportCampaign(await requireCampaign(db, tenantId, c.id))),
      );
      const recipients = sum(members, (g) => g.recipients);
      const stage = (name: 'clicked' | 'completed') =>
        funnel.stages.find((s) => s.stage === name)?.count ?? 0;
      const rate = (part: number) => (funnel.sent === 0 || recipients === 0 ? null : part / recipients);
      const scored = sum(members, (g) => g.scored);
      return {
        id: c.id,
        name: c.name,
        started_at: c.starts_at ?? c.launched_at,
        created_at: c.created_at,
        recipients,
        sent: funnel.sent,
        click_rate: rate(stage('clicked')),
        entered_data_rate: rate(funnel.entered_data),
        completion_rate: rate(stage('completed')),
        average_score: scored === 0 ? null : round1(sum(members, (g) => g.score_sum) / scored),
      };
    }),
  );
  return {
    campaigns: rows
      .sort((a, b) => (a.started_at ?? a.created_at).localeCompare(b.started_at ?? b.created_at))
      .map(({ created_at: _created, ...row }) => row),
  };
}
