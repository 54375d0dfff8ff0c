/**
 * The console's words for the allow-listing assistant's values and checks, by the value they
 * stand for: every key written out, so the translation checks see each one used.
 */
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
