/** An allow-listing check in plain English for the CLI: each visit, and what the check found. */
import type { ReasonKind } from '@shared/dashboard';
import {
  ALLOWLIST_CHECK_WINDOW_SECONDS,
  type AllowlistCheck,
  type AllowlistCheckVisit,
} from '@shared/sending';

const REASON_WORDS: Record<ReasonKind, string> = {
  head_request: 'a HEAD request',
  prefetch: 'a prefetch',
  webdriver: 'a browser driven by automation',
  catalogued: 'a known scanner',
  soon_after_send: 'seconds after sending',
  fan_out: 'many links from one network',
  trusted_gesture: 'a real gesture',
  visible_with_focus: 'page visible with focus',
  older_page_gesture: 'a gesture from an older page',
  plain_get: 'the link fetched only',
  imported: 'imported from another tool',
  no_gesture: 'no gesture',
};

const after = (visit: AllowlistCheckVisit) =>
  visit.seconds_after_send === null
    ? 'before delivery was confirmed'
    : `${visit.seconds_after_send} s after delivery`;

/** "A scanner in the network of Microsoft Exchange Online Protection opened it 4 s after delivery." */
export function visitLine(visit: AllowlistCheckVisit): string {
  if (visit.scanner && visit.scanner_by === 'network')
    return `A scanner in the network of ${visit.scanner} opened it ${after(visit)}.`;
  if (visit.scanner) return `A scanner (${visit.scanner}, by its user agent) opened it ${after(visit)}.`;
  const why = visit.reasons.map((r) => REASON_WORDS[r]).join(', ');
  if (visit.verdict === 'automated') return `Something automated opened it ${after(visit)} (${why}).`;
  return `Something opened it ${after(visit)} without showing itself as a scanner (${why}).`;
}

export function checkSummary(check: AllowlistCheck): string {
  const minutes = ALLOWLIST_CHECK_WINDOW_SECONDS / 60;
  switch (check.outcome) {
    case 'scanner':
      return 'Allow-listing not yet effective: a scanner opened the link.';
    case 'visited':
      return 'Something opened the link: if it was not you, a scanner still opens it.';
    case 'no_visit':
      return `No visit in ${minutes} minutes: nothing detonated the link.`;
    case 'waiting':
      return `No visit yet; the check watches its link until ${check.window_ends_at ?? 'its window ends'}.`;
  }
}

export function checkLines(check: AllowlistCheck): string[] {
  return [
    `Check sent to ${check.to} at ${check.sent_at ?? check.created_at}`,
    ...check.visits.map((v) => `  ${visitLine(v)}`),
    `  ${checkSummary(check)}`,
  ];
}
