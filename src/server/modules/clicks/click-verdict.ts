/**
 * Judging one visit from its evidence, and a recipient from its visits. Any automation marker
 * makes a visit `automated`; otherwise a trusted gesture makes it `human`, a page visible long
 * enough with focus `likely_human`, and anything less `unverified`.
 */
import { CLICK_VERDICTS, type ClickVerdict, type Gesture } from '@shared/clicks';
import { reasonKinds } from '@shared/click-reasons';
import { REASON_KINDS } from '@shared/dashboard';
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
  /**
   * Recipients of this network whose visits in the window carried this visit's gesture shape,
   * this one included (1 without a gesture): a fleet replaying one input on many links.
   */
  replays: number;
  /** The network is one the operator declared as its own offices and gateways. */
  declared: boolean;
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

export function replayReason(count: number, t: ClickThresholds): string {
  return `fan-out: ${count} recipients from one network with the same gesture in ${t.fanoutWindowSeconds} s`;
}

/**
 * The person's own evidence: a trusted (isTrusted) gesture the page saw, or null. A mouse press
 * counts only after the pointer moved (a synthetic click lands without moving); a finger or pen
 * has no hover before its tap, so a trusted tap counts as it is; a trusted key press counts
 * (keyboard and screen-reader users are people). Pages that kept no evidence have none.
 */
export function humanGesture(report: PageReport | null): Gesture | null {
  const evidence = report?.evidence;
  const gesture = report?.gesture;
  if (!evidence?.trusted_gesture || !gesture) return null;
  const tap = gesture === 'touch' || evidence.pointer_type === 'touch' || evidence.pointer_type === 'pen';
  if (gesture === 'pointer' && !tap && !evidence.pointer_moved) return null;
  return gesture;
}

/** How long the page was visible before a key gesture, in steps of this many ms, for its shape. */
const SHAPE_TIME_STEP_MS = 250;

/**
 * A trusted gesture's shape: its kind, pointer type, pointer moves and keys, and for a press or
 * tap the pixel it landed on (for a key, how long the page was visible before it, in 250 ms
 * steps). People never act alike to this degree — not even ten phones in one office tapping one
 * field; a fleet replaying one recorded input on every link does, to the pixel. Null without a
 * gesture or without the counts (pages built before they were kept).
 */
export function gestureShape(report: PageReport | null): string | null {
  const gesture = humanGesture(report);
  const e = report?.evidence;
  if (!gesture || !e || e.moves === undefined || e.keys === undefined) return null;
  const pressed = e.press_x !== undefined && e.press_y !== undefined;
  let where: string;
  if (gesture !== 'key' && pressed) where = `@${e.press_x},${e.press_y}`;
  else if (e.gesture_after_ms !== undefined)
    where = `t${Math.floor(e.gesture_after_ms / SHAPE_TIME_STEP_MS)}`;
  else return null;
  return `${gesture}/${e.pointer_type ?? '-'}/${e.moves}/${e.keys}/${where}`;
}

export function catalogueReason(match: CatalogueMatch): string {
  return `catalogued ${match.by}: ${match.name} (${match.certainty})`;
}

/**
 * What marks a visit automated. Request facts, the catalogue, navigator.webdriver and the time
 * since sending mark any visit. Fan-out judges only visits without the person's own evidence: a
 * visit with a trusted gesture from a network that fans out (an office behind one address) is
 * judged on what it did, and never from a network the operator declared as its own. A fleet that
 * replays input is still caught by fan-out of its gesture's shape (replays).
 */
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
  const person = humanGesture(report) !== null;
  if (!person && !visit.declared && visit.fanout >= t.fanoutRecipients) {
    found.push(fanoutReason(visit.fanout, t));
  }
  if (person && visit.replays >= t.fanoutRecipients) found.push(replayReason(visit.replays, t));
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
  const person = humanGesture(report);
  if (person) return { verdict: 'human', reasons: [`trusted ${person} gesture`] };
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

/**
 * The kinds of the reasons as bits (bit i: REASON_KINDS[i]), kept on the recipient with its
 * verdict so the dashboard counts reasons by kind from an index, never by matching text.
 */
export function reasonKindBits(reasons: readonly string[]): number {
  const kinds = reasonKinds(reasons);
  return REASON_KINDS.reduce((bits, kind, i) => (kinds.includes(kind) ? bits | (1 << i) : bits), 0);
}

/** A stored JSON array of reasons, read leniently. */
export function parseReasons(text: string | null): string[] {
  if (!text) return [];
  try {
    const parsed: unknown = JSON.parse(text);
    return Array.isArray(parsed) ? parsed.filter((r): r is string => typeof r === 'string') : [];
  } catch {
    return [];
  }
}
