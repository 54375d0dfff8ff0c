/**
 * A GoPhish campaign with its results, as GoPhish's API writes it (`GET /api/campaigns/:id`, the
 * list `GET /api/campaigns/`, or `GET /api/campaigns/:id/results`, which carries no template or
 * page), read field by field from GoPhish's models (campaign.go, result.go, event.go). It becomes
 * a finished Hookwise campaign marked as imported; what was typed into its pages (the `payload`
 * in a timeline entry's `details`) is never kept.
 */
import { z } from 'zod';
import { gophishPageSchema, gophishSmtpSchema, gophishTemplateSchema } from './gophish';
import { mailAddressSchema } from './recipients-csv';

/** Where an imported campaign came from (the campaign summary's `imported_from`). */
export const IMPORTED_FROM = ['gophish'] as const;
export type ImportedFrom = (typeof IMPORTED_FROM)[number];

/** GoPhish's timeline messages (models/campaign.go's Event* constants) as Hookwise keeps them. */
export const IMPORTED_EVENT_KINDS = [
  'sent',
  'opened',
  'clicked',
  'submitted',
  'reported',
  'send_error',
] as const;
export type ImportedEventKind = (typeof IMPORTED_EVENT_KINDS)[number];

export const GOPHISH_TIMELINE_MESSAGES: Readonly<Record<string, ImportedEventKind>> = {
  'Email Sent': 'sent',
  'Email Opened': 'opened',
  'Clicked Link': 'clicked',
  'Submitted Data': 'submitted',
  'Email Reported': 'reported',
  'Error Sending Email': 'send_error',
};

/** Go's zero time: GoPhish writes it for a date never set (send_by_date, completed_date). */
const GO_ZERO = /^0001-01-01T/;

/**
 * A time as Go writes it (RFC 3339, up to nanoseconds), as an ISO string in UTC; null for Go's
 * zero time or an empty string. JavaScript keeps milliseconds: the rest of the fraction is cut.
 */
export function goTime(value: string): string | null | undefined {
  const text = value.trim();
  if (!text || GO_ZERO.test(text)) return null;
  const match = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})(\.\d+)?(Z|[+-]\d{2}:\d{2})$/i.exec(text);
  if (!match) return undefined;
  const fraction = (match[2] ?? '').slice(0, 4);
  const at = Date.parse(`${match[1]}${fraction}${match[3]?.toUpperCase() ?? 'Z'}`);
  return Number.isNaN(at) ? undefined : new Date(at).toISOString();
}

const goTimeSchema = z
  .string()
  .max(64)
  .transform((value, ctx) => {
    const at = goTime(value);
    if (at === undefined) {
      ctx.addIssue({ code: 'custom', message: `"${value}" is not a date and time as GoPhish writes them` });
      return z.NEVER;
    }
    return at;
  });

const optionalTime = goTimeSchema.nullish().transform((value) => value ?? null);

/** One recipient's result (models/result.go): `id` is GoPhish's rid, never reused by Hookwise. */
export const gophishResultSchema = z.object({
  id: z.string().max(200).default(''),
  email: mailAddressSchema.transform((address, ctx) => {
    if (address !== null) return address;
    ctx.addIssue({ code: 'custom', message: 'an e-mail address is needed' });
    return z.NEVER;
  }),
  first_name: z.string().max(500).default(''),
  last_name: z.string().max(500).default(''),
  position: z.string().max(500).default(''),
  status: z.string().max(100).default(''),
  send_date: optionalTime,
  reported: z.boolean().default(false),
  modified_date: optionalTime,
});
export type GophishResult = z.infer<typeof gophishResultSchema>;

/** One timeline entry (models/event.go); `details` is JSON text with `payload` and `browser`. */
export const gophishTimelineEntrySchema = z.object({
  email: z.string().max(500).default(''),
  time: goTimeSchema,
  message: z.string().max(200),
  details: z.string().max(1_000_000).default(''),
});
export type GophishTimelineEntry = z.infer<typeof gophishTimelineEntrySchema>;

export const gophishCampaignSchema = z.object({
  id: z.number().int().optional(),
  name: z.string().trim().max(200).default('GoPhish campaign'),
  status: z.string().max(100).default(''),
  created_date: optionalTime,
  launch_date: optionalTime,
  completed_date: optionalTime,
  template: gophishTemplateSchema.nullish(),
  page: gophishPageSchema.nullish(),
  smtp: gophishSmtpSchema.nullish(),
  url: z.string().max(2048).default(''),
  results: z
    .array(gophishResultSchema)
    .max(100_000)
    .nullable()
    .transform((results) => results ?? []),
  timeline: z
    .array(gophishTimelineEntrySchema)
    .max(1_000_000)
    .nullish()
    .transform((timeline) => timeline ?? []),
});
export type GophishCampaign = z.infer<typeof gophishCampaignSchema>;

/** What each imported campaign brought: its recipients and how many of each timeline entry. */
export const importedCampaignCountsSchema = z.object({
  recipients: z.number().int(),
  timeline: z.record(z.enum(IMPORTED_EVENT_KINDS), z.number().int()),
});

/**
 * GET /api/admin/campaigns/:id/imported-timeline: the imported history, oldest first; for a
 * campaign Hookwise ran itself, `imported_from` null and no entries.
 */
export const importedTimelineSchema = z.object({
  imported_from: z.enum(IMPORTED_FROM).nullable(),
  timeline: z.array(
    z.object({
      /** Null for the campaign's own entries. */
      email: z.string().nullable(),
      kind: z.enum(IMPORTED_EVENT_KINDS),
      at: z.string(),
    }),
  ),
});
export type ImportedTimeline = z.infer<typeof importedTimelineSchema>;
