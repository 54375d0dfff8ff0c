/**
 * Judging one visit from its evidence, and a recipient from its visits. Any automation marker
 * makes a visit `automated`; otherwise a trusted gesture makes it `human`, a page visible long
 * enough with focus `likely_human`, and anything less `unverified`.
 */
import { CLICK_VERDICTS, type ClickVerdict } from '@shared/clicks';
import { REASON_KINDS, type ReasonKind } from '@shared/dashboard';
import type { ClickThresholds } from '@server/config';
import type { CatalogueMatch } from '@server/lib/scanner-catalogue';
import type { PageReport, StoredFacts } from './click-evidence';

export interface Judgement {
  verdict: ClickVerdict;
  reasons: string[];
}

export interface VisitEvidence {
  facts: StoredFacts;
  report: PageReport | null;
  catalogue: CatalogueMatch | null;
  /** Recipients opened from this visit's network within the window, this one included. */
  fanout: number;
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/**
 * Fan-out is counted up to this many recipients (or the threshold, if higher): past it the
 * verdict cannot change, and counting every recipient a network opened in the window made each
 * request of a scanner's burst slower than the last.
 */
export function fanoutCountLimit(t: ClickThresholds): number {
  return Math.max(100, t.fanoutRecipients);
}

export function fanoutReason(count: number, t: ClickThresholds): string {
  const limit = fanoutCountLimit(t);
  const recipients = count >= limit ? `${limit} or more` : String(count);
  return `fan-out: ${recipients} recipients from one network in ${t.fanoutWindowSeconds} s`;
}

export function catalogueReason(match: CatalogueMatch): string {
  return `catalogued ${match.by}: ${match.name} (${match.certainty})`;
}

function markers(visit: VisitEvidence, t: ClickThresholds): string[] {
  const { facts, report, catalogue } = visit;
  const found: string[] = [];
  if (facts.method === 'HEAD') found.push('HEAD request');
  if (facts.prefetch) found.push('prefetch');
  if (report?.evidence?.webdriver) found.push('navigator.webdriver');
  if (catalogue) found.push(catalogueReason(catalogue));
  if (facts.since_sent_ms !== null && facts.since_sent_ms <= t.afterSendSeconds * 1000) {
    found.push(`${seconds(facts.since_sent_ms)} after send`);
  }
  if (visit.fanout >= t.fanoutRecipients) found.push(fanoutReason(visit.fanout, t));
  return found;
}

export function judgeVisit(visit: VisitEvidence, t: ClickThresholds): Judgement {
  const automated = markers(visit, t);
  if (automated.length > 0) return { verdict: 'automated', reasons: automated };
  const { report } = visit;
  if (!report) return { verdict: 'unverified', reasons: ['plain GET'] };
  const { evidence, gesture } = report;
  if (!evidence) {
    // Pages built before evidence was kept: a reported gesture counts as before, weakly.
    return gesture
      ? { verdict: 'likely_human', reasons: [`${gesture} gesture reported, no evidence (older page)`] }
      : { verdict: 'unverified', reasons: ['page ran, no evidence (older page)'] };
  }
  // A pointer press counts only after the pointer moved: a synthetic click lands without moving.
  const trusted = evidence.trusted_gesture && gesture && (gesture !== 'pointer' || evidence.pointer_moved);
  if (trusted) return { verdict: 'human', reasons: [`trusted ${gesture} gesture`] };
  if (evidence.focused && evidence.visible_ms >= t.likelyHumanVisibleMs) {
    return { verdict: 'likely_human', reasons: [`visible ${seconds(evidence.visible_ms)} with focus`] };
  }
  return { verdict: 'unverified', reasons: ['page ran, no gesture'] };
}

/**
 * A recipient's verdict: the best of its visits' (human, likely_human, automated, unverified)
 * with their reasons,
 * so a later gesture upgrades; a visit downgraded by later fan-out no longer lifts it.
 */
export function recipientJudgement(visits: readonly Judgement[]): Judgement | null {
  const rank = (v: Judgement) => CLICK_VERDICTS.indexOf(v.verdict);
  const best = Math.min(...visits.map(rank));
  if (!Number.isFinite(best)) return null;
  // The reasons of every visit with that verdict, each once (a scanner often shows several).
  const reasons = [...new Set(visits.filter((v) => rank(v) === best).flatMap((v) => v.reasons))];
  return { verdict: CLICK_VERDICTS[best]!, reasons: reasons.slice(0, MAX_REASONS) };
}

const MAX_REASONS = 6;

/** How to tell each kind of reason made above (its numbers and names vary; its shape does not). */
const REASON_KIND_TESTS: Record<ReasonKind, (reason: string) => boolean> = {
  head_request: (r) => r === 'HEAD request',
  prefetch: (r) => r === 'prefetch',
  webdriver: (r) => r === 'navigator.webdriver',
  catalogued: (r) => r.startsWith('catalogued '),
  soon_after_send: (r) => r.endsWith(' after send'),
  fan_out: (r) => r.startsWith('fan-out: '),
  trusted_gesture: (r) => r.startsWith('trusted '),
  visible_with_focus: (r) => r.startsWith('visible ') && r.endsWith(' with focus'),
  older_page_gesture: (r) => r.includes(' gesture reported, no evidence'),
  plain_get: (r) => r === 'plain GET',
  no_gesture: (r) => r.startsWith('page ran, no '),
};

/**
 * The kinds of the reasons as bits (bit i: REASON_KINDS[i]), kept on the recipient with its
 * verdict so the dashboard counts reasons by kind from an index, never by matching text.
 */
export function reasonKindBits(reasons: readonly string[]): number {
  return REASON_KINDS.reduce(
    (bits, kind, i) => (reasons.some(REASON_KIND_TESTS[kind]) ? bits | (1 << i) : bits),
    0,
  );
}
