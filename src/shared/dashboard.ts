/**
 * The results console's API answers: a campaign's dashboard in one request, the filtered
 * recipients table and one recipient's drill-down, tenant-wide trends, and reviewer links.
 * Shared by the server (which validates what it sends) and the console (which checks it); one
 * file per area: see admin-api.ts.
 */
import { z } from 'zod';
import { CLICK_VERDICTS, CLICK_VIAS } from './clicks';
import { EVENT_TYPES, RECIPIENT_STATUSES } from './events';
import { LANGUAGE_CODES } from './languages';
import { PEOPLE_STAGES } from './funnel';
import { clickedViaSchema, clickViaSchema, funnelOutsideSchema } from './results';
import { STORED_DECISIONS, POLL_DECISIONS } from './poll';

/**
 * Every stage the console names: the people funnel's (shared/funnel.ts) and each event type (a
 * recipient's activity lists `visited`, any visit, scanners included).
 */
export const FUNNEL_STAGES = ['recipients', 'sent', ...EVENT_TYPES] as const;
export type FunnelStage = (typeof FUNNEL_STAGES)[number];

/**
 * Kinds of verdict reason, counted per verdict (a reason's numbers vary; its kind does not).
 * Append only: a kind's position is its bit in the recipients' stored reason_kinds.
 */
export const REASON_KINDS = [
  'head_request',
  'prefetch',
  'webdriver',
  'catalogued',
  'soon_after_send',
  'fan_out',
  'trusted_gesture',
  'visible_with_focus',
  'older_page_gesture',
  'plain_get',
  'no_gesture',
  // A click imported from another tool (GoPhish), which judged no visit.
  'imported',
] as const;
export type ReasonKind = (typeof REASON_KINDS)[number];

const count = z.number().int().min(0);
const rate = z.number().min(0).max(1).describe('share of all recipients, 0..1');

export const groupStatsSchema = z.object({
  key: z.string().nullable().describe('the language or department; null: none given'),
  recipients: count,
  visited: count.describe('link opened at all: scanners included'),
  clicked: count.describe('people: human or likely_human'),
  submitted: count.describe('people who clicked and entered data'),
  completed: count.describe('people in the funnel who completed'),
  average_score: z.number().nullable().describe('of the people who clicked'),
});
export type GroupStats = z.infer<typeof groupStatsSchema>;

export const dashboardSchema = z.object({
  campaign: z.object({
    id: z.string(),
    name: z.string(),
    language_code: z.enum(LANGUAGE_CODES),
    launched_at: z.string().nullable(),
    starts_at: z.string().nullable(),
  }),
  generated_at: z.string(),
  funnel: z
    .array(z.object({ stage: z.enum(PEOPLE_STAGES), count, rate }))
    .describe(
      'the people funnel (shared/funnel.ts): each stage a subset of the one before; only the campaign’s steps',
    ),
  entered_data: count.describe('people who clicked and entered data (⊆ clicked; not a gate of the journey)'),
  link_opened: count.describe('recipients whose link was opened at all: scanners and previews included'),
  outside: funnelOutsideSchema,
  submit_attempted: count,
  clicked_via: clickedViaSchema,
  verdicts: z.object({
    counts: z.object({
      human: count,
      likely_human: count,
      automated: count,
      unverified: count,
      not_visited: count,
    }),
    filtered_visits: count.describe('visits judged automated, which clicked does not count'),
    reasons: z.array(z.object({ verdict: z.enum(CLICK_VERDICTS), reason: z.enum(REASON_KINDS), count })),
  }),
  timeline: z.object({
    start: z
      .string()
      .nullable()
      .describe('where the chart starts: first sent_at, else the launch, else the first click or report'),
    first_sent_at: z
      .string()
      .nullable()
      .describe('the first recorded send (outbox or imported sent_at); null when nothing was sent'),
    bucket_seconds: z.number().int().describe('60, 3600 or 86400: at most 180 buckets'),
    buckets: z.array(z.object({ at: z.string(), clicks: count, reports: count })),
    clicks: count,
    first_click_at: z.string().nullable(),
    median_seconds_to_click: z
      .number()
      .nullable()
      .describe('from the recipient’s recorded sent_at to the click; people with a recorded send only'),
    reports: count.describe('recipients who reported the message (the report button), also after clicking'),
    first_report_at: z.string().nullable(),
    median_seconds_to_report: z
      .number()
      .nullable()
      .describe('from sent_at to the report, in whole seconds, where both are known (as the results API)'),
  }),
  questions: z.array(
    z.object({
      id: z.string(),
      text: z.string(),
      answered: count.describe('first attempts of people who clicked that answered the question'),
      correct: count,
      share_correct: z.number().nullable(),
      top_wrong: z.object({ option_id: z.string(), text: z.string(), count }).nullable(),
    }),
  ),
  breakdowns: z.object({ language: z.array(groupStatsSchema), department: z.array(groupStatsSchema) }),
  score: z.object({
    average: z.number().nullable().describe('of the people who clicked (human, likely_human)'),
    pass_mark: z.number(),
    scored: count,
    passed: count,
    pass_rate: z.number().nullable().describe('passed / scored'),
    badges: z.array(z.object({ id: z.string(), name: z.string(), min_score: z.number(), earned: count })),
  }),
});
export type Dashboard = z.infer<typeof dashboardSchema>;

/** GET /api/admin/campaigns/:id/recipients/table: sorting and filters of the results table. */
export const RECIPIENT_SORTS = [
  'created_at',
  'email',
  'status',
  'verdict',
  'language',
  'department',
  'score',
] as const;
export type RecipientSort = (typeof RECIPIENT_SORTS)[number];

export const recipientTableQuerySchema = z.object({
  q: z.string().trim().max(200).optional(),
  status: z.enum(RECIPIENT_STATUSES).optional(),
  verdict: z.enum([...CLICK_VERDICTS, 'not_visited']).optional(),
  language: z.enum(LANGUAGE_CODES).optional(),
  department: z.string().max(200).optional(),
  sort: z.enum(RECIPIENT_SORTS).default('created_at'),
  order: z.enum(['asc', 'desc']).default('asc'),
  offset: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(500).default(50),
});
export type RecipientTableQuery = z.infer<typeof recipientTableQuerySchema>;

export const recipientRowSchema = z.object({
  id: z.string(),
  email: z.string().nullable(),
  first_name: z.string().nullable(),
  department: z.string().nullable(),
  language_code: z.enum(LANGUAGE_CODES).nullable(),
  status: z.enum(RECIPIENT_STATUSES),
  verdict: z.enum(CLICK_VERDICTS).nullable(),
  verdict_reasons: z.array(z.string()),
  click_via: clickViaSchema,
  score: z.number().nullable(),
  sent_at: z.string().nullable(),
  created_at: z.string(),
});
export type RecipientRow = z.infer<typeof recipientRowSchema>;

export const recipientTableSchema = z.object({
  total: count,
  offset: count,
  limit: count,
  items: z.array(recipientRowSchema),
});
export type RecipientTable = z.infer<typeof recipientTableSchema>;

/** GET /api/admin/campaigns/:id/recipients/:recipientId/activity: events and visits with evidence. */
export const recipientActivitySchema = z.object({
  recipient: recipientRowSchema,
  events: z.array(
    z.object({
      type: z.enum(EVENT_TYPES),
      at: z.string(),
      details: z.record(z.string(), z.unknown()),
      counted: z
        .boolean()
        .describe(
          'false: the click or a later step after a visit not counted as a click (automated, unverified)',
        ),
    }),
  ),
  visits: z.array(
    z.object({
      id: z.string(),
      at: z.string(),
      source: z.string(),
      via: z.enum(CLICK_VIAS).describe('followed through the link itself or the QR code'),
      verdict: z.enum(CLICK_VERDICTS),
      reasons: z.array(z.string()),
      catalogue_match: z.string().nullable(),
      fanout: count,
      facts: z.record(z.string(), z.unknown()),
    }),
  ),
  attempts: z.array(
    z.object({ kind: z.string(), at: z.string(), details: z.record(z.string(), z.unknown()) }),
  ),
});
export type RecipientActivity = z.infer<typeof recipientActivitySchema>;

/**
 * GET /api/admin/trends: one row per launched campaign, oldest first. A campaign without a recorded
 * send has no rates (null): a launch alone sends nothing.
 */
export const trendsSchema = z.object({
  campaigns: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      started_at: z.string().nullable(),
      recipients: count,
      sent: count.describe('recipients with a recorded send (outbox or imported sent_at)'),
      click_rate: z
        .number()
        .nullable()
        .describe('people who clicked / recipients; null when nothing was sent'),
      entered_data_rate: z.number().nullable(),
      completion_rate: z.number().nullable(),
      average_score: z.number().nullable(),
    }),
  ),
});
export type Trends = z.infer<typeof trendsSchema>;

/** Reviewer links: minting, the list, revocation. */
export const mintReviewerLinkSchema = z
  .object({
    urls: z.array(z.string().min(1).max(4096)).max(500).optional(),
    pending: z.boolean().optional().describe('true: every pending reported URL (at most 500)'),
    reviewer: z.string().trim().min(1).max(200),
    expires_in_hours: z
      .number()
      .int()
      .min(1)
      .max(24 * 90)
      .default(72),
  })
  .refine((b) => b.pending === true || (b.urls?.length ?? 0) > 0, 'give urls, or pending: true');
export type MintReviewerLinkInput = z.input<typeof mintReviewerLinkSchema>;

export const reviewerLinkSchema = z.object({
  id: z.string().describe('the token’s jti'),
  reviewer: z.string().nullable(),
  urls: z.array(z.string()),
  created_by: z.string().nullable(),
  created_at: z.string(),
  expires_at: z.string(),
  revoked_at: z.string().nullable(),
  state: z.enum(['active', 'expired', 'revoked']),
});
export type ReviewerLink = z.infer<typeof reviewerLinkSchema>;

export const mintedReviewerLinkSchema = reviewerLinkSchema.extend({
  url: z.string().describe('the link to send: shown once, never stored'),
});

export const reviewerLinksSchema = z.object({ links: z.array(reviewerLinkSchema) });

/** GET /api/admin/reports/history?url= */
export const decisionHistoryQuerySchema = z.object({ url: z.string().min(1).max(4096) });

/** One URL's decision history, oldest first (empty decisions are submissions without a choice). */
export const decisionHistorySchema = z.object({
  url: z.string(),
  current: z.enum(STORED_DECISIONS).nullable(),
  decisions: z.array(
    z.object({
      decision: z.enum(POLL_DECISIONS),
      reviewer: z.string().nullable(),
      at: z.string(),
      link: z.string(),
    }),
  ),
});
