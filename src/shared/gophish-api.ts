/**
 * The GoPhish-compatible API on the admin listener (/api/campaigns/, /api/groups/, /api/templates/,
 * /api/pages/, /api/smtp/, /api/users/): GoPhish's own JSON shapes, re-declared here from its
 * models and API controllers, so a script written for GoPhish changes only its host and key. The
 * bodies GoPhish's clients send are read with the import's schemas (gophish.ts): one reading of
 * GoPhish's objects. Dates are RFC 3339; a date never set is Go's zero time, as GoPhish writes it.
 */
import { z } from 'zod';
import { gophishGroupSchema, gophishPageSchema, gophishSmtpSchema, gophishTemplateSchema } from './gophish';
import { SMTP_TLS } from './sending';

/** The kinds of object GoPhish's API gives an integer id. */
export const GOPHISH_OBJECT_KINDS = ['campaign', 'group', 'template', 'page', 'smtp', 'user'] as const;
export type GophishObjectKind = (typeof GOPHISH_OBJECT_KINDS)[number];

/** Go's zero time: what GoPhish writes for a date never set (a campaign not completed). */
export const GO_ZERO_TIME = '0001-01-01T00:00:00Z';

/** GoPhish's campaign statuses, as its models name them. */
export const GOPHISH_CAMPAIGN_STATUSES = ['Created', 'Queued', 'In progress', 'Completed'] as const;

/** GoPhish's result statuses (a recipient's furthest step), as its models name them. */
export const GOPHISH_RESULT_STATUSES = [
  'Scheduled',
  'Sending',
  'Email Sent',
  'Email Opened',
  'Clicked Link',
  'Submitted Data',
  'Email Reported',
  'Error',
] as const;
export type GophishResultStatus = (typeof GOPHISH_RESULT_STATUSES)[number];

/** GoPhish's timeline messages. */
export const GOPHISH_EVENT_MESSAGES = [
  'Campaign Created',
  'Email Sent',
  'Error Sending Email',
  'Email Opened',
  'Clicked Link',
  'Submitted Data',
  'Email Reported',
] as const;

/** GoPhish's answer to a failed call, and to DELETE and complete. */
export const gapiResponseSchema = z.object({
  message: z.string(),
  success: z.boolean(),
  data: z.null(),
});
export type GapiResponse = z.infer<typeof gapiResponseSchema>;

export const gapiErrors = {
  400: gapiResponseSchema,
  401: gapiResponseSchema,
  404: gapiResponseSchema,
} as const;

/** GoPhish's ids are integers in the path: anything else is GoPhish's 404. */
export const gapiIdParamsSchema = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });

/**
 * What Hookwise accepted but does differently, said per call (GoPhish's shapes have no such
 * field; its clients ignore fields they do not know).
 */
const warnings = z.array(z.string()).optional();

// Bodies: GoPhish's objects as its clients send them (name checked by the service, with GoPhish's words).

export const gapiTemplateInputSchema = gophishTemplateSchema.extend({
  name: z.string().trim().max(200).default(''),
});
export type GapiTemplateInput = z.infer<typeof gapiTemplateInputSchema>;

export const gapiPageInputSchema = gophishPageSchema.extend({ name: z.string().trim().max(200).default('') });
export type GapiPageInput = z.infer<typeof gapiPageInputSchema>;

export const gapiGroupInputSchema = gophishGroupSchema.extend({
  name: z.string().trim().max(200).default(''),
});
export type GapiGroupInput = z.infer<typeof gapiGroupInputSchema>;

export const gapiSmtpInputSchema = gophishSmtpSchema.extend({
  name: z.string().trim().max(200).default(''),
  tls: z
    .enum(SMTP_TLS)
    .optional()
    .describe('Hookwise only: implicit, starttls or none (default: implicit on port 465, else starttls)'),
});
export type GapiSmtpInput = z.infer<typeof gapiSmtpInputSchema>;

const named = z
  .object({ name: z.string().trim().max(200).default('') })
  .nullable()
  .optional();
const rfc3339 = z.union([z.iso.datetime({ offset: true }), z.literal(GO_ZERO_TIME)]).optional();

export const gapiCampaignInputSchema = z.object({
  name: z.string().trim().max(200).default(''),
  template: named,
  page: named,
  smtp: named,
  groups: z
    .array(z.object({ name: z.string().trim().max(200) }))
    .max(100)
    .default([]),
  url: z.string().max(2048).default(''),
  launch_date: rfc3339,
  send_by_date: rfc3339,
});
export type GapiCampaignInput = z.infer<typeof gapiCampaignInputSchema>;

export const gapiUserInputSchema = z.object({
  username: z.string().trim().max(320).default(''),
  password: z.string().max(1024).default(''),
  role: z.string().trim().max(40).default('').describe('admin or user; on PUT, left out keeps the role'),
});
export type GapiUserInput = z.infer<typeof gapiUserInputSchema>;

// Answers.

export const gapiTemplateSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  envelope_sender: z.string(),
  modified_date: z.string(),
  attachments: z.array(z.object({ name: z.string(), type: z.string(), content: z.string() })),
  warnings,
});
export type GapiTemplate = z.infer<typeof gapiTemplateSchema>;

export const gapiPageSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  html: z.string(),
  capture_credentials: z.boolean().describe('always false: Hookwise never captures what is typed'),
  capture_passwords: z.boolean(),
  redirect_url: z.string(),
  modified_date: z.string(),
  warnings,
});
export type GapiPage = z.infer<typeof gapiPageSchema>;

export const gapiTargetSchema = z.object({
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  position: z.string(),
});

export const gapiGroupSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  modified_date: z.string(),
  targets: z.array(gapiTargetSchema),
  warnings,
});
export type GapiGroup = z.infer<typeof gapiGroupSchema>;

export const gapiGroupSummarySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  modified_date: z.string(),
  num_targets: z.number().int(),
});

export const gapiGroupSummariesSchema = z.object({
  total: z.number().int(),
  groups: z.array(gapiGroupSummarySchema),
});
export type GapiGroupSummaries = z.infer<typeof gapiGroupSummariesSchema>;

export const gapiSmtpSchema = z.object({
  id: z.number().int(),
  interface_type: z.literal('SMTP'),
  name: z.string(),
  host: z.string(),
  username: z.string(),
  from_address: z.string(),
  ignore_cert_errors: z.boolean(),
  headers: z.array(z.object({ key: z.string(), value: z.string() })),
  modified_date: z.string(),
  warnings,
});
export type GapiSmtp = z.infer<typeof gapiSmtpSchema>;

export const gapiResultSchema = z.object({
  id: z.string().describe("the recipient's rid"),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  position: z.string(),
  status: z.enum(GOPHISH_RESULT_STATUSES),
  ip: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  send_date: z.string(),
  reported: z.boolean(),
  modified_date: z.string(),
});
export type GapiResult = z.infer<typeof gapiResultSchema>;

export const gapiEventSchema = z.object({
  email: z.string(),
  time: z.string(),
  message: z.enum(GOPHISH_EVENT_MESSAGES),
  details: z.string().describe('JSON text, or empty; never a value typed into a page'),
});
export type GapiEvent = z.infer<typeof gapiEventSchema>;

export const gapiStatsSchema = z.object({
  total: z.number().int(),
  sent: z.number().int(),
  opened: z.number().int(),
  clicked: z.number().int(),
  submitted_data: z.number().int(),
  email_reported: z.number().int(),
  error: z.number().int(),
});
export type GapiStats = z.infer<typeof gapiStatsSchema>;

const campaignDates = {
  id: z.number().int(),
  name: z.string(),
  created_date: z.string(),
  launch_date: z.string(),
  send_by_date: z.string(),
  completed_date: z.string(),
  status: z.enum(GOPHISH_CAMPAIGN_STATUSES),
};

export const gapiCampaignSummarySchema = z.object({ ...campaignDates, stats: gapiStatsSchema });
export type GapiCampaignSummary = z.infer<typeof gapiCampaignSummarySchema>;

export const gapiCampaignSummariesSchema = z.object({
  total: z.number().int(),
  campaigns: z.array(gapiCampaignSummarySchema),
});

export const gapiCampaignResultsSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  status: z.enum(GOPHISH_CAMPAIGN_STATUSES),
  results: z.array(gapiResultSchema),
  timeline: z.array(gapiEventSchema),
});
export type GapiCampaignResults = z.infer<typeof gapiCampaignResultsSchema>;

export const gapiCampaignSchema = z.object({
  ...campaignDates,
  url: z.string(),
  // Never null: GoPhish's clients read each as an object.
  template: gapiTemplateSchema,
  page: gapiPageSchema,
  smtp: gapiSmtpSchema,
  groups: z.array(gapiGroupSchema),
  results: z.array(gapiResultSchema),
  timeline: z.array(gapiEventSchema),
  warnings,
});
export type GapiCampaign = z.infer<typeof gapiCampaignSchema>;

export const gapiUserSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  role: z.object({ slug: z.string(), name: z.string(), description: z.string() }),
  password_change_required: z.boolean(),
  account_locked: z.boolean(),
  last_login: z.string(),
  modified_date: z.string(),
});
export type GapiUser = z.infer<typeof gapiUserSchema>;

/** GoPhish's list answers: each an array of its objects. */
export const gapiCampaignsSchema = z.array(gapiCampaignSchema);
export const gapiGroupsSchema = z.array(gapiGroupSchema);
export const gapiPagesSchema = z.array(gapiPageSchema);
export const gapiSmtpsSchema = z.array(gapiSmtpSchema);
export const gapiTemplatesSchema = z.array(gapiTemplateSchema);
export const gapiUsersSchema = z.array(gapiUserSchema);
