/**
 * Sending: SMTP profiles, a campaign's sending plan and its progress, and the email preview, as
 * the operator API and the console see them (one file per area: see admin-api.ts). One schema
 * gives validation, the types and the documented shape.
 */
import { z } from 'zod';
import { launchedCampaignSchema, launchSchema } from './admin-api';
import { CLICK_VERDICTS } from './clicks';
import { REASON_KINDS } from './dashboard';
import { LANGUAGE_CODES } from './languages';

export const SMTP_TLS = ['implicit', 'starttls', 'none'] as const;
export type SmtpTls = (typeof SMTP_TLS)[number];

export const SENDING_STATES = ['running', 'paused', 'cancelled'] as const;
export type SendingState = (typeof SENDING_STATES)[number];

export const OUTBOX_STATES = ['queued', 'sending', 'sent', 'failed', 'cancelled'] as const;
export type OutboxState = (typeof OUTBOX_STATES)[number];

/** A header name as RFC 5322 allows it, minus the ones Hookwise writes itself. */
const headerName = z
  .string()
  .regex(/^[!-9;-~]{1,76}$/, 'a header name')
  .refine((name) => !RESERVED_HEADERS.has(name.toLowerCase()), 'set by Hookwise');
const RESERVED_HEADERS = new Set([
  'from',
  'to',
  'subject',
  'message-id',
  'date',
  'content-type',
  'mime-version',
]);
const headerValue = z
  .string()
  .max(998)
  .regex(/^[^\r\n]*$/, 'one line');

export const sendingProfileInputSchema = z.object({
  name: z.string().trim().min(1).max(200),
  host: z.string().trim().min(1).max(253),
  port: z.number().int().min(1).max(65535),
  tls: z.enum(SMTP_TLS).describe('implicit (SMTPS, usually 465), starttls (587) or none (a local relay)'),
  username: z.string().max(500).nullable().optional(),
  /** Write-only: answers only say whether one is set. Omitted on update: the stored one is kept. */
  password: z.string().max(1000).nullable().optional(),
  envelope_from: z.email().describe('MAIL FROM (bounces go here)'),
  header_from: z
    .string()
    .trim()
    .max(300)
    .nullable()
    .optional()
    .describe("the From header when the campaign's email sets none"),
  headers: z
    .record(headerName, headerValue)
    .default({})
    .describe('custom headers, e.g. an allow-list header'),
});
export type SendingProfileInput = z.infer<typeof sendingProfileInputSchema>;

export const sendingProfileSchema = sendingProfileInputSchema.omit({ password: true }).extend({
  id: z.string(),
  username: z.string().nullable(),
  header_from: z.string().nullable(),
  has_password: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type SendingProfile = z.infer<typeof sendingProfileSchema>;

/** GET /api/admin/sending-profiles */
export const sendingProfilesSchema = z.object({ profiles: z.array(sendingProfileSchema) });

/** POST /api/admin/sending-profiles/:id/test: a test message to this address, and the relay's reply. */
export const testMessageSchema = z.object({ to: z.email() });
export const testMessageReplySchema = z.object({ reply: z.string() });

const clock = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'HH:MM');

export const sendingPlanSchema = z
  .object({
    profile_id: z.string(),
    starts_at: z.iso.datetime().optional().describe('default: now'),
    rate_per_minute: z.number().int().min(1).max(100_000).default(60),
    spread_minutes: z
      .number()
      .int()
      .min(0)
      .max(60 * 24 * 30)
      .default(0)
      .describe('spread the messages evenly over this long (0: as fast as the rate allows)'),
    window: z
      .object({ start: clock, end: clock })
      .optional()
      .describe('send only between these local times (in time_zone), e.g. 09:00–17:00'),
    time_zone: z.string().optional().describe("IANA zone of the window; default: the campaign's"),
  })
  .refine((p) => !p.window || p.window.start !== p.window.end, {
    message: 'the window must not be empty',
    path: ['window'],
  });
export type SendingPlan = z.infer<typeof sendingPlanSchema>;

/**
 * Why a message did not go out, in plain words (the raw error code stays in the server's log):
 * name_not_resolved (the relay's name does not resolve), connection_refused, timed_out,
 * tls_failed, auth_failed (the relay refused the user name and password), relay_refused (the
 * relay answered with a refusal: `detail` is its reply, code and text), no_address (the
 * recipient has none), other.
 */
export const SEND_FAILURE_CAUSES = [
  'name_not_resolved',
  'connection_refused',
  'timed_out',
  'tls_failed',
  'auth_failed',
  'relay_refused',
  'no_address',
  'other',
] as const;
export type SendFailureCause = (typeof SEND_FAILURE_CAUSES)[number];

export const sendFailureSchema = z.object({
  cause: z.enum(SEND_FAILURE_CAUSES),
  detail: z
    .string()
    .nullable()
    .describe("the relay's host:port (name, connection, time-out, TLS) or its reply (refusals)"),
});
export type SendFailure = z.infer<typeof sendFailureSchema>;

/**
 * A campaign's sending health, for the campaign, the campaign list and the home page: ok; failing
 * (the last messages tried failed, since `since`); paused (paused by Hookwise after repeated
 * failures, since `since`: resume once the cause is fixed).
 */
export const SENDING_HEALTH_STATES = ['ok', 'failing', 'paused'] as const;
export type SendingHealthState = (typeof SENDING_HEALTH_STATES)[number];

export const sendingHealthSchema = z.object({
  state: z.enum(SENDING_HEALTH_STATES),
  failure: sendFailureSchema.nullable().describe('why, while failing or paused'),
  since: z.string().nullable(),
});
export type SendingHealth = z.infer<typeof sendingHealthSchema>;

/** GET /api/admin/sending-health: every campaign of the tenant that has a sending. */
export const sendingHealthListSchema = z.object({
  campaigns: z.array(sendingHealthSchema.extend({ campaign_id: z.string() })),
});
export type SendingHealthList = z.infer<typeof sendingHealthListSchema>;

export const sendingProgressSchema = z.object({
  state: z.enum(SENDING_STATES).nullable().describe('null: not sending'),
  profile_id: z.string().nullable(),
  starts_at: z.string().nullable(),
  rate_per_minute: z.number().nullable(),
  counts: z.object(
    Object.fromEntries(OUTBOX_STATES.map((s) => [s, z.number().int()])) as Record<OutboxState, z.ZodNumber>,
  ),
  /** The next message's planned time, while some are queued. */
  next_due_at: z.string().nullable(),
  failures: z
    .array(
      z.object({
        recipient_id: z.string(),
        email: z.string().nullable(),
        attempts: z.number().int(),
        reply: z.string().nullable(),
        cause: z.enum(SEND_FAILURE_CAUSES).nullable(),
      }),
    )
    .describe('failed messages with the SMTP reply (the first 100)'),
  health: sendingHealthSchema,
});
export type SendingProgress = z.infer<typeof sendingProgressSchema>;

/**
 * POST /api/admin/campaigns/:id/launch: the launch (admin-api.ts) and, in the same step, its
 * sending. `sending` null or left out: no e-mail goes out, the operator sends the links themselves.
 */
export const launchRequestSchema = launchSchema.extend({ sending: sendingPlanSchema.nullable().optional() });
export type LaunchRequest = z.infer<typeof launchRequestSchema>;
export const launchAnswerSchema = launchedCampaignSchema.extend({
  sending: sendingProgressSchema.nullable().describe('the sending started with the launch, if any'),
});
export type LaunchAnswer = z.infer<typeof launchAnswerSchema>;

/**
 * POST /api/admin/campaigns/:id/sending/summary: what a plan would do, computed from the real
 * recipients and the pace (the console words it in the operator's language and time zone).
 */
export const sendingSummaryRequestSchema = z.object({
  starts_at: z.iso.datetime().optional(),
  rate_per_minute: z.number().int().min(1).max(100_000).default(60),
  spread_minutes: z
    .number()
    .int()
    .min(0)
    .max(60 * 24 * 30)
    .default(0),
  window: z.object({ start: clock, end: clock }).optional(),
  time_zone: z.string().optional(),
});
export const sendingSummarySchema = z.object({
  messages: z
    .number()
    .int()
    .describe('messages that will go out (recipients with an address not yet sent one)'),
  without_address: z.number().int(),
  first_at: z.string().nullable(),
  last_at: z.string().nullable(),
  per_hour: z.number().describe('the pace, in messages per hour'),
  time_zone: z.string(),
});
export type SendingSummary = z.infer<typeof sendingSummarySchema>;

/** POST /api/admin/campaigns/:id/email-test: the campaign's email, in one language, to the operator. */
export const emailTestSchema = z.object({
  profile_id: z.string(),
  to: z.email(),
  language: z.enum(LANGUAGE_CODES),
});
export const emailTestResultSchema = z.object({
  sent: z.boolean(),
  reply: z.string().nullable().describe("the relay's reply when it accepted the message"),
  failure: sendFailureSchema.nullable(),
});
export type EmailTestResult = z.infer<typeof emailTestResultSchema>;

/** The campaign's email as one recipient gets it: the stored file, or an unsaved one, in one language. */
export const emailPreviewRequestSchema = z.object({
  language: z.enum(LANGUAGE_CODES),
  /** Unsaved campaign file to render instead of the stored one (validated like an import). */
  content: z.unknown().optional(),
  recipient_id: z
    .string()
    .max(100)
    .optional()
    .describe("whose variables to fill; default: the campaign's first recipient, else a sample person"),
});
export type EmailPreviewRequest = z.infer<typeof emailPreviewRequestSchema>;

export const emailPreviewSchema = z.object({
  /** The content language rendered: the one asked for, or the campaign's when it lacks it. */
  language: z.enum(LANGUAGE_CODES),
  recipient: z
    .object({
      id: z.string().nullable().describe('null: a sample person (the campaign has no recipients)'),
      email: z.string(),
      first_name: z.string(),
      last_name: z.string(),
      department: z.string(),
    })
    .describe('whose variables were filled in'),
  email: z
    .object({
      from: z.string().describe('the From header as sent (through the sending profile, once sending)'),
      subject: z.string(),
      text: z.string(),
      html: z.string(),
    })
    .nullable()
    .describe('null: the campaign file has no email'),
  document: z
    .string()
    .nullable()
    .describe(
      'the HTML part as its own document on the admin listener, open for an hour: sandboxed by its policy, no script runs',
    ),
});
export type EmailPreview = z.infer<typeof emailPreviewSchema>;

/** GET /preview/email?rid=&recipient=: the preview's HTML part as its own document (`document` above). */
export const emailDocumentQuerySchema = z.object({
  rid: z.string().max(100),
  recipient: z.string().max(100).optional(),
});

/**
 * The allow-listing assistant (per profile): the values a mail admin enters so the gateway
 * delivers the simulation and leaves its links alone, and a check that sends a message with a
 * watched link and reports what visited it. See docs/sending.md, "Allow-listing".
 */
export const ALLOWLIST_VENDORS = ['microsoft', 'google'] as const;
export type AllowlistVendor = (typeof ALLOWLIST_VENDORS)[number];

/** Each value list the assistant fills, named for the vendor and its setting. */
export const ALLOWLIST_FIELDS = [
  'microsoft_domains',
  'microsoft_sending_ips',
  'microsoft_simulation_urls',
  'google_email_allowlist',
  'google_approved_senders',
] as const;
export type AllowlistField = (typeof ALLOWLIST_FIELDS)[number];

/** GET /api/admin/sending-profiles/:id/allowlist?sending_ips=… */
export const allowlistQuerySchema = z.object({
  sending_ips: z
    .string()
    .max(2000)
    .optional()
    .describe("the relay's outbound addresses (Hookwise cannot know them), separated by commas or spaces"),
});

export const allowlistSchema = z.object({
  profile: z.object({ id: z.string(), name: z.string(), relay: z.string().describe('host:port') }),
  sending_ips: z.array(z.string()).describe('the addresses given with ?sending_ips='),
  vendors: z.array(
    z.object({
      vendor: z.enum(ALLOWLIST_VENDORS),
      product: z.string(),
      where: z.string().describe("where the settings are, in the vendor's own words"),
      portal: z.string().nullable().describe('the page to open, when the vendor has one'),
      docs: z.string(),
      fields: z.array(
        z.object({
          field: z.enum(ALLOWLIST_FIELDS),
          setting: z.string().describe("the setting's name in the vendor's console"),
          values: z.array(z.string()),
          needs_sending_ips: z
            .boolean()
            .describe("the values are the relay's outbound addresses, still to be given"),
          left_out: z.array(z.string()).describe('given addresses this setting does not take (IPv6 here)'),
          limit: z.number().int().nullable().describe('the most entries the setting takes'),
          docs: z.string(),
        }),
      ),
    }),
  ),
});
export type Allowlist = z.infer<typeof allowlistSchema>;

/** How long after sending a check watches its link (the report is final then). */
export const ALLOWLIST_CHECK_WINDOW_SECONDS = 300;

/**
 * waiting: within the window, no visit yet; scanner: something automated opened the link
 * (allow-listing not yet effective); visited: something opened it without showing itself as a
 * scanner; no_visit: the window ended with no visit.
 */
export const ALLOWLIST_CHECK_OUTCOMES = ['waiting', 'scanner', 'visited', 'no_visit'] as const;
export type AllowlistCheckOutcome = (typeof ALLOWLIST_CHECK_OUTCOMES)[number];

/** One visit to a check's link: coarse facts only (never the address or the user agent). */
export const allowlistCheckVisitSchema = z.object({
  at: z.string(),
  seconds_after_send: z.number().int().nullable(),
  verdict: z.enum(CLICK_VERDICTS),
  reasons: z.array(z.enum(REASON_KINDS)),
  scanner: z
    .string()
    .nullable()
    .describe("the scanner catalogue's name, e.g. Microsoft Exchange Online Protection"),
  scanner_by: z.enum(['network', 'agent']).nullable(),
});
export type AllowlistCheckVisit = z.infer<typeof allowlistCheckVisitSchema>;

/** POST (body: testMessageSchema) and GET /api/admin/sending-profiles/:id/allowlist-checks */
export const allowlistCheckSchema = z.object({
  id: z.string(),
  to: z.string(),
  created_at: z.string(),
  sent_at: z.string().nullable(),
  window_ends_at: z.string().nullable(),
  outcome: z.enum(ALLOWLIST_CHECK_OUTCOMES),
  visits: z.array(allowlistCheckVisitSchema),
});
export type AllowlistCheck = z.infer<typeof allowlistCheckSchema>;

export const allowlistChecksSchema = z.object({
  checks: z.array(allowlistCheckSchema).describe("the profile's latest checks, newest first"),
});

/** The check's link on the public listener, /go/:token. */
export const allowlistCheckParamsSchema = z.object({ token: z.string().max(200) });
