/**
 * The results namespace's names of the click verdicts' reasons, by kind: every key written out,
 * so the translation checks see each one used.
 */
import type { ReasonKind } from '@shared/dashboard';

export const REASON_KEYS = {
  head_request: 'reason.head_request',
  prefetch: 'reason.prefetch',
  webdriver: 'reason.webdriver',
  catalogued: 'reason.catalogued',
  soon_after_send: 'reason.soon_after_send',
  fan_out: 'reason.fan_out',
  trusted_gesture: 'reason.trusted_gesture',
  visible_with_focus: 'reason.visible_with_focus',
  older_page_gesture: 'reason.older_page_gesture',
  plain_get: 'reason.plain_get',
  no_gesture: 'reason.no_gesture',
  imported: 'reason.imported',
} as const satisfies Record<ReasonKind, string>;
