/**
 * A campaign's results (/api/admin/campaigns/:id/results, `hookwise results --json`): the
 * funnel, verdicts, reporting and each recipient's status with times, optionally pseudonymised
 * (one file per area: see admin-api.ts). The CSV export has the recipients' columns.
 */
import { z } from 'zod';
import { queryFlag } from './admin-api';
import { CLICK_VERDICTS, type ClickVerdict } from './clicks';
import { EVENT_TYPES, RECIPIENT_STATUSES, type EventType } from './events';
import { LANGUAGE_CODES } from './languages';

/** results.csv?pseudonymise=true; the JSON results take it too, with paging. */
export const resultsCsvQuerySchema = z.object({
  pseudonymise: queryFlag.describe('true: no email, person_id or name; a stable pseudonym instead'),
});

/** results?pseudonymise=&limit=&offset=: the funnel always counts every recipient. */
export const resultsQuerySchema = resultsCsvQuerySchema.extend({
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(10_000)
    .optional()
    .describe('recipients per page; all when absent'),
  offset: z.coerce.number().int().min(0).default(0).describe('recipients to skip'),
});

const funnelShape = Object.fromEntries(EVENT_TYPES.map((type) => [type, z.number().int()])) as Record<
  EventType,
  z.ZodNumber
>;

export const funnelSchema = z.object({
  recipients: z.number().int(),
  ...funnelShape,
  submit_attempted: z
    .number()
    .int()
    .describe('pressed the phishing page submit, also with every field empty; submitted counts entered data'),
  average_score: z.number().nullable().describe('mean questionnaire score, null before any'),
});

const timeShape = Object.fromEntries(
  EVENT_TYPES.map((type) => [`${type}_at`, z.string().nullable()]),
) as Record<`${EventType}_at`, z.ZodNullable<z.ZodString>>;

export const recipientResultSchema = z.object({
  pseudonym: z.string().optional(),
  email: z.string().nullable().optional(),
  person_id: z.string().nullable().optional(),
  first_name: z.string().nullable().optional(),
  language_code: z.enum(LANGUAGE_CODES).nullable(),
  status: z.enum(RECIPIENT_STATUSES).describe('furthest step reached, or created'),
  ...timeShape,
  score: z.number().nullable().describe('the latest questionnaire attempt'),
  sent_at: z.string().nullable().describe('when the message was sent, when known'),
  reported_at: z
    .string()
    .nullable()
    .describe('when the recipient reported the message (also after clicking)'),
  seconds_to_report: z.number().nullable().describe('from sent_at to reported_at, when both are known'),
  verdict: z.enum(CLICK_VERDICTS).nullable().describe('how the visits were judged; null before any visit'),
  verdict_reasons: z.array(z.string()).describe('why, e.g. ["navigator.webdriver", "4.1 s after send"]'),
  questionnaire_attempts: z.number().int().describe('the first attempt and each retake'),
});

const verdictShape = Object.fromEntries(CLICK_VERDICTS.map((v) => [v, z.number().int()])) as Record<
  ClickVerdict,
  z.ZodNumber
>;

export const verdictsSchema = z.object({
  ...verdictShape,
  not_visited: z.number().int().describe('recipients with no visit judged'),
  filtered_visits: z.number().int().describe('visits judged automated, which clicked does not count'),
});

export const reportingSchema = z.object({
  sent: z.number().int().describe('recipients whose message was sent (sent_at known)'),
  reported: z.number().int().describe('recipients who reported the message, also after clicking'),
  report_rate: z.number().nullable().describe('reported / sent, 0–1; null before any message was sent'),
  median_seconds_to_report: z.number().nullable(),
});

export const resultsSchema = z.object({
  campaign_id: z.string(),
  campaign_name: z.string(),
  pseudonymised: z.boolean(),
  funnel: funnelSchema,
  verdicts: verdictsSchema.describe('clicked counts human and likely_human recipients only'),
  reporting: reportingSchema,
  recipients: z.array(recipientResultSchema),
});
export type Results = z.infer<typeof resultsSchema>;
export type RecipientResult = z.infer<typeof recipientResultSchema>;
