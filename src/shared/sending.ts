/**
 * Sending: SMTP profiles, a campaign's sending plan and its progress, and the email preview, as
 * the operator API and the console see them (one file per area: see admin-api.ts). One schema
 * gives validation, the types and the documented shape.
 */
import { z } from 'zod';
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
      }),
    )
    .describe('failed messages with the SMTP reply (the first 100)'),
});
export type SendingProgress = z.infer<typeof sendingProgressSchema>;

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
