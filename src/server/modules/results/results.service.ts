/**
 * Campaign results: the funnel and each recipient's status with times, optionally
 * pseudonymised (no email, person id or name; a stable per-recipient pseudonym instead).
 * Results never include IP addresses or user agents.
 */
import { createHmac } from 'node:crypto';
import { CLICK_VERDICTS, type ClickVerdict } from '@shared/clicks';
import { EVENT_TYPES, furthestStatus, stepBit } from '@shared/events';
import {
  AFTER_CLICK_STEPS,
  campaignSteps,
  computeFunnel,
  type AfterClickStep,
  type PeopleStage,
} from '@shared/funnel';
import type { Results } from '@shared/results';
import { parseReasons } from '../clicks/click-verdict';
import { csvText } from '@server/lib/csv';
import type { Db } from '@server/db/schema';
import type { Campaign } from '@server/db/schema';
import { exportCampaign } from '../campaigns/campaigns.service';
import {
  automatedVisitCount,
  funnelGroups,
  reportTimes,
  questionnaireAttempts,
  recipientStatuses,
  submitAttemptCount,
  verdictCounts,
  type ResultsPage,
} from './results.repository';

export interface ResultsOptions {
  pseudonymise: boolean;
  /** Keys the pseudonyms (config PSEUDONYM_KEY): the same key gives the same pseudonym in every export. */
  pseudonymKey: string;
  /** Only these recipients (the funnel always counts all of them); all when absent. */
  page?: ResultsPage;
}

export async function campaignResults(db: Db, campaign: Campaign, options: ResultsOptions): Promise<Results> {
  const [groups, rows, submitAttempted, byVerdict, filtered, reports] = await Promise.all([
    funnelGroups(db, campaign.tenant_id, campaign.id),
    recipientStatuses(db, campaign.tenant_id, campaign.id, options.page),
    submitAttemptCount(db, campaign.tenant_id, campaign.id),
    verdictCounts(db, campaign.tenant_id, campaign.id),
    automatedVisitCount(db, campaign.tenant_id, campaign.id),
    reportTimes(db, campaign.tenant_id, campaign.id),
  ]);
  const verdicts = {
    ...(Object.fromEntries(CLICK_VERDICTS.map((v) => [v, byVerdict.get(v) ?? 0])) as Record<
      ClickVerdict,
      number
    >),
    not_visited: byVerdict.get(null) ?? 0,
    filtered_visits: filtered,
  };
  const attempts = await questionnaireAttempts(
    db,
    campaign.id,
    rows.map((row) => row.id),
  );
  const counts = computeFunnel(groups, campaignSteps(exportCampaign(campaign)));
  const stageCount = new Map(counts.stages.map((s) => [s.stage, s.count]));
  const clicked = stageCount.get('clicked') ?? 0;
  const clickedQr = groups.reduce((n, g) => n + g.clicked_qr, 0);
  const scored = groups.reduce((n, g) => n + g.scored, 0);
  const scoreSum = groups.reduce((n, g) => n + g.score_sum, 0);
  const funnel = {
    stages: counts.stages.map((s) => s.stage),
    recipients: stageCount.get('recipients') ?? 0,
    sent: stageCount.get('sent') ?? null,
    visited: counts.link_opened,
    clicked,
    ...(Object.fromEntries(
      AFTER_CLICK_STEPS.map((step) => [
        step,
        step === 'submitted' ? counts.entered_data : (stageCount.get(step as PeopleStage) ?? null),
      ]),
    ) as Record<AfterClickStep, number | null>),
    outside: counts.outside,
    submit_attempted: submitAttempted,
    average_score: scored === 0 ? null : Math.round((scoreSum / scored) * 10) / 10,
    clicked_via: { link: clicked - clickedQr, qr: clickedQr },
  };
  const pseudonymKey = createHmac('sha256', options.pseudonymKey)
    .update('hookwise-results-pseudonym')
    .digest();
  const results: Results = {
    campaign_id: campaign.id,
    campaign_name: campaign.name,
    pseudonymised: options.pseudonymise,
    funnel,
    verdicts,
    reporting: reporting(reports),
    recipients: rows.map(({ id, email, person_id, first_name, created_at: _created, steps, ...row }) => {
      // clicked_at only while the clicked step stands (a verdict that is no person's takes it off);
      // a later step's time only where it counts in the people funnel (shared/funnel.ts).
      const clicked = (Number(steps) & stepBit('clicked')) !== 0;
      const counted = counts.inFunnel({ steps: Number(steps), sent: row.sent_at !== null });
      const outside = AFTER_CLICK_STEPS.filter(
        (step) => row[`${step}_at`] !== null && !counted.includes(step),
      );
      const rest = {
        ...row,
        clicked_at: clicked ? row.clicked_at : null,
        ...Object.fromEntries(outside.map((step) => [`${step}_at`, null])),
        outside_funnel: outside,
        // Clicks counted before the source was kept all came through the link.
        click_via: clicked ? (row.click_via ?? 'link') : null,
        verdict_reasons: parseReasons(row.verdict_reasons),
        seconds_to_report: secondsBetween(row.sent_at, row.reported_at),
      };
      const identity = options.pseudonymise
        ? { pseudonym: pseudonym(pseudonymKey, id) }
        : { email, person_id, first_name };
      return {
        ...identity,
        ...rest,
        status: furthestStatus(EVENT_TYPES.filter((t) => rest[`${t}_at`] !== null)),
        // Recorded before attempts were kept: the one completion counts as one attempt.
        questionnaire_attempts: attempts.get(id) ?? (row.questionnaire_completed_at === null ? 0 : 1),
      };
    }),
  };
  return results;
}

function secondsBetween(from: string | null, to: string | null): number | null {
  if (!from || !to) return null;
  return Math.max(0, Math.round((Date.parse(to) - Date.parse(from)) / 1000));
}

/**
 * The median of the reports' whole seconds after their send (those with a known send): the
 * results API's figure, which the dashboard shows as well.
 */
export function medianSecondsToReport(
  times: readonly { sent_at: string | null; reported_at: string | null }[],
) {
  const seconds = times
    .map((t) => secondsBetween(t.sent_at, t.reported_at))
    .filter((s): s is number => s !== null)
    .sort((a, b) => a - b);
  const middle = seconds.length / 2;
  return seconds.length === 0
    ? null
    : seconds.length % 2
      ? (seconds[Math.floor(middle)] ?? null)
      : ((seconds[middle - 1] ?? 0) + (seconds[middle] ?? 0)) / 2;
}

function reporting(reports: Awaited<ReturnType<typeof reportTimes>>) {
  return {
    sent: reports.sent,
    reported: reports.reported,
    report_rate: reports.sent === 0 ? null : Math.round((reports.reported / reports.sent) * 1000) / 1000,
    median_seconds_to_report: medianSecondsToReport(reports.times),
  };
}

function pseudonym(key: Buffer, recipientId: string): string {
  return `p_${createHmac('sha256', key).update(recipientId).digest('base64url').slice(0, 16)}`;
}

export function resultsCsv(results: Results): string {
  const identity = results.pseudonymised ? ['pseudonym'] : ['email', 'person_id', 'first_name'];
  return csvText(results.recipients, [
    ...identity,
    'language_code',
    'status',
    ...EVENT_TYPES.map((t) => `${t}_at`),
    'score',
    'questionnaire_attempts',
    'sent_at',
    'reported_at',
    'seconds_to_report',
    'verdict',
    { key: 'verdict_reasons', header: 'verdict_reasons' },
    'click_via',
    'outside_funnel',
  ]);
}

/** How many recipients tried to submit the phishing page's form (also read by the dashboard). */
export function submitAttempts(db: Db, tenantId: string, campaignId: string): Promise<number> {
  return submitAttemptCount(db, tenantId, campaignId);
}
