/**
 * A campaign's results (/api/admin/campaigns/:id/results, `hookwise results --json`): the
 * funnel, verdicts, reporting and each recipient's status with times, optionally pseudonymised
 * (one file per area: see admin-api.ts). The CSV export has the recipients' columns.
 */
import { z } from 'zod';
import { queryFlag } from './admin-api';
import { CLICK_VERDICTS, CLICK_VIAS, type ClickVerdict } from './clicks';
import { EVENT_TYPES, RECIPIENT_STATUSES, type EventType } from './events';
import { AFTER_CLICK_STEPS, PEOPLE_STAGES } from './funnel';
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

const afterClickShape = Object.fromEntries(
  AFTER_CLICK_STEPS.map((step) => [
    step,
    z
      .number()
      .int()
      .nullable()
      .describe('people in the funnel (submitted: people who clicked and entered data); null: no such step'),
  ]),
) as Record<(typeof AFTER_CLICK_STEPS)[number], z.ZodNullable<z.ZodNumber>>;

/** Steps reached outside the people funnel (shared/funnel.ts), per step the campaign has. */
export const funnelOutsideSchema = z
  .array(
    z.object({
      step: z.enum(AFTER_CLICK_STEPS),
      not_counted: z
        .number()
        .int()
        .min(0)
        .describe('reached after a visit not counted as a click (automated, unverified)'),
      skipped_earlier: z.number().int().min(0).describe('reached by a person who skipped an earlier stage'),
    }),
  )
  .describe('activity outside the people funnel: never in its counts, the quiz statistics or the score');

/** The funnel's clicked, split by how each counted click came; the two add up to clicked. */
export const clickedViaSchema = z
  .object({ link: z.number().int(), qr: z.number().int() })
  .describe('clicked, split by source: the link itself, or the QR code (link?…&via=qr)');

/**
 * The people funnel (shared/funnel.ts): `stages` in order, each a subset of the one before, with
 * each stage's count; `visited` is apart from it (any visit, scanners included).
 */
export const funnelSchema = z.object({
  stages: z.array(z.enum(PEOPLE_STAGES)).describe('the funnel’s stages for this campaign, in order'),
  recipients: z.number().int(),
  sent: z
    .number()
    .int()
    .nullable()
    .describe('recorded sends (outbox, imported sent_at); null when not a funnel stage (see reporting.sent)'),
  visited: z
    .number()
    .int()
    .describe('link opened at all, scanners and previews included: not a funnel stage'),
  clicked: z.number().int().describe('people: human or likely_human'),
  ...afterClickShape,
  outside: funnelOutsideSchema,
  submit_attempted: z
    .number()
    .int()
    .describe('pressed the phishing page submit, also with every field empty; submitted counts entered data'),
  average_score: z
    .number()
    .nullable()
    .describe('mean questionnaire score of the people who clicked, null before any'),
  clicked_via: clickedViaSchema,
});

const timeShape = Object.fromEntries(
  EVENT_TYPES.map((type) => [`${type}_at`, z.string().nullable()]),
) as Record<`${EventType}_at`, z.ZodNullable<z.ZodString>>;

/** How a recipient's counted click came. */
export const clickViaSchema = z
  .enum(CLICK_VIAS)
  .nullable()
  .describe('how the counted click came: link, or qr (the QR code); null while not clicked');

export const recipientResultSchema = z.object({
  pseudonym: z.string().optional(),
  email: z.string().nullable().optional(),
  person_id: z.string().nullable().optional(),
  first_name: z.string().nullable().optional(),
  language_code: z.enum(LANGUAGE_CODES).nullable(),
  status: z
    .enum(RECIPIENT_STATUSES)
    .describe('furthest step reached in the people funnel (visited: any visit), or created'),
  ...timeShape,
  outside_funnel: z
    .array(z.enum(AFTER_CLICK_STEPS))
    .describe(
      'steps reached outside the people funnel (after a visit not counted as a click, or skipping an earlier step): their *_at are empty',
    ),
  score: z.number().nullable().describe('the latest questionnaire attempt'),
  sent_at: z.string().nullable().describe('when the message was sent, when known'),
  reported_at: z
    .string()
    .nullable()
    .describe('when the recipient reported the message (also after clicking)'),
  seconds_to_report: z.number().nullable().describe('from sent_at to reported_at, when both are known'),
  verdict: z.enum(CLICK_VERDICTS).nullable().describe('how the visits were judged; null before any visit'),
  click_via: clickViaSchema,
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
