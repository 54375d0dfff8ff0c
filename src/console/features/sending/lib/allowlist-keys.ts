/**
 * The console's words for the allow-listing assistant's values and checks, by the value they
 * stand for: every key written out, so the translation checks see each one used.
 */
import type { ReasonKind } from '@shared/dashboard';
import type { AllowlistCheckOutcome, AllowlistField, AllowlistVendor } from '@shared/sending';

export const VENDOR_KEYS = {
  microsoft: { name: 'allowlist.vendor.microsoft', why: 'allowlist.why.microsoft' },
  google: { name: 'allowlist.vendor.google', why: 'allowlist.why.google' },
} as const satisfies Record<AllowlistVendor, { name: string; why: string }>;

export const FIELD_KEYS = {
  microsoft_domains: {
    name: 'allowlist.field.microsoft_domains',
    why: 'allowlist.fieldWhy.microsoft_domains',
  },
  microsoft_sending_ips: {
    name: 'allowlist.field.microsoft_sending_ips',
    why: 'allowlist.fieldWhy.microsoft_sending_ips',
  },
  microsoft_simulation_urls: {
    name: 'allowlist.field.microsoft_simulation_urls',
    why: 'allowlist.fieldWhy.microsoft_simulation_urls',
  },
  google_email_allowlist: {
    name: 'allowlist.field.google_email_allowlist',
    why: 'allowlist.fieldWhy.google_email_allowlist',
  },
  google_approved_senders: {
    name: 'allowlist.field.google_approved_senders',
    why: 'allowlist.fieldWhy.google_approved_senders',
  },
} as const satisfies Record<AllowlistField, { name: string; why: string }>;

export const OUTCOME_KEYS = {
  waiting: 'allowlist.outcome.waiting',
  scanner: 'allowlist.outcome.scanner',
  visited: 'allowlist.outcome.visited',
  no_visit: 'allowlist.outcome.no_visit',
} as const satisfies Record<AllowlistCheckOutcome, string>;

/** The results console's names of the verdict reasons (its own namespace). */
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
} as const satisfies Record<ReasonKind, string>;
