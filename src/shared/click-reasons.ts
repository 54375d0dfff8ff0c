/**
 * The kind of a click verdict's reason. The server writes reasons as short English sentences
 * with their numbers and names ("fan-out: 12 recipients from one network in 60 s"); their shape
 * tells the kind, which the dashboard counts and the console names in the operator's language.
 */
import { REASON_KINDS, type ReasonKind } from './dashboard';

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
  imported: (r) => r.startsWith('imported from '),
};

/** The kind of one reason, or undefined for a reason of no known shape. */
export function reasonKind(reason: string): ReasonKind | undefined {
  return REASON_KINDS.find((kind) => REASON_KIND_TESTS[kind](reason));
}

/** The kinds of a list of reasons, each once, in the order given. */
export function reasonKinds(reasons: readonly string[]): ReasonKind[] {
  return [...new Set(reasons.map(reasonKind).filter((k): k is ReasonKind => k !== undefined))];
}
