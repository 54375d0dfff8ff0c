/**
 * The operator API (/api/admin/* on the admin listener): the pieces every route shares (the error
 * answer, path parameters, query flags), and the shapes of sign-in, users,
 * campaigns, recipients and previews.
 *
 * Every shape that crosses a boundary (HTTP, the CLI's --json, a file format) is declared once,
 * in src/shared/<area>.ts, one file per area: this file, audit.ts (the audit log), campaign.ts (the campaign file, the
 * recipient's campaign data), dashboard.ts (results console, reviewer links), demo.ts, gophish.ts,
 * health.ts, journey.ts (events, beacon), malicious-urls.ts, poll.ts (reviewer decisions, token),
 * recipients-csv.ts, report-button.ts, reported-urls.ts, results.ts, sending.ts and tenants.ts
 * (API keys). The route passes the schema to Fastify (params, querystring, body, response), the
 * service takes its types (z.infer), the console passes it to api() to check the answer, and the
 * recipient pages import its types only (`import type`: their first load carries no zod; what
 * they need at runtime is in zod-free modules: errors.ts, events.ts, api-client.ts…).
 * src/server/api-shapes.test.ts fails on a shape declared anywhere else.
 */
import { z } from 'zod';
import { storedCampaignFileSchema } from './campaign';
import { ERROR_CODES } from './errors';
import { RECIPIENT_STATUSES } from './events';
import { LANGUAGE_CODES } from './languages';
import { PHISH_STEPS } from './routes';
import { IMPORTED_FROM } from './gophish-campaign';

/** `{ error: { code, message } }` (errors.ts): the code is one of the closed list, never any string. */
export const errorSchema = z.object({ error: z.object({ code: z.enum(ERROR_CODES), message: z.string() }) });

/** Error answers every authenticated route can give, for the OpenAPI document. */
export const adminErrors = { 400: errorSchema, 401: errorSchema, 404: errorSchema } as const;

/** The empty answer of a 204. */
export const noContentSchema = z.null();

/** A text answer (a CSV, a URL list), as is. */
export const textSchema = z.string();

/** `/:id` of a campaign, a user, a reported URL, a reviewer link or a sending profile. */
export const idParamsSchema = z.object({ id: z.string().min(1).max(100) });

/** `/api/admin/campaigns/:id/…/:recipientId` */
export const campaignRecipientParamsSchema = idParamsSchema.extend({
  recipientId: z.string().min(1).max(100),
});

/** Query-string booleans: `?pseudonymise=true`, `?pending=1`. */
export const queryFlag = z
  .enum(['true', 'false', '1', '0'])
  .optional()
  .transform((value) => value === 'true' || value === '1');

export const ROLES = ['owner', 'operator', 'viewer'] as const;
export type Role = (typeof ROLES)[number];

/** What each role may do: viewer reads; operator also changes campaigns; owner also users and keys. */
export const ROLE_RANK: Record<Role, number> = { viewer: 0, operator: 1, owner: 2 };

export const CAMPAIGN_STATUSES = ['draft', 'scheduled', 'running', 'ended'] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

export const userSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  role: z.enum(ROLES),
  disabled: z.boolean(),
  created_at: z.string(),
  last_sign_in_at: z.string().nullable(),
  /** Two-step sign-in (TOTP) is on for this user. */
  mfa_enabled: z.boolean(),
});
export type User = z.infer<typeof userSchema>;

/** GET/POST /api/admin/session: who is signed in, and the CSRF token for their changes. */
export const sessionSchema = z.object({
  user: userSchema,
  tenant: z.object({ id: z.string(), name: z.string() }),
  csrf_token: z.string(),
  expires_at: z.string(),
  /**
   * The tenant requires two-step sign-in and this user has not set it up: until they do, every
   * other operator API call answers 403 `mfa_enrolment_required`.
   */
  mfa_enrolment_required: z.boolean(),
});
export type Session = z.infer<typeof sessionSchema>;

/** GET /api/admin/users */
export const usersSchema = z.object({ users: z.array(userSchema) });

/** `hookwise user create --json`: the user, and the password when it was generated (shown once). */
export const createdUserSchema = userSchema.extend({ password: z.string().optional() });
export type CreatedUser = z.infer<typeof createdUserSchema>;

export const signInSchema = z.object({
  email: z.string().trim().toLowerCase().email().max(320),
  password: z.string().min(1).max(1024),
  /**
   * The current code of the user's authenticator app, or one of their unused recovery codes:
   * needed when two-step sign-in is on (without it the answer is 401 `mfa_required`).
   */
  code: z.string().trim().min(1).max(64).optional(),
});
export type SignIn = z.input<typeof signInSchema>;

/** At least 12 characters: long passwords beat composition rules. */
export const passwordSchema = z.string().min(12, 'at least 12 characters').max(1024);

export const newUserSchema = z.object({
  email: z.string().trim().toLowerCase().email().max(320),
  name: z.string().trim().min(1).max(200),
  role: z.enum(ROLES),
  password: passwordSchema,
});
export type NewUserBody = z.infer<typeof newUserSchema>;
export type NewUserInput = z.input<typeof newUserSchema>;

/** POST /api/admin/users/:id/password */
export const passwordResetSchema = z.object({ password: passwordSchema });

export const userChangeSchema = z
  .object({
    name: z.string().trim().min(1).max(200).optional(),
    role: z.enum(ROLES).optional(),
    disabled: z.boolean().optional(),
  })
  .refine((c) => Object.keys(c).length > 0, 'give name, role and/or disabled');
export type UserChange = z.infer<typeof userChangeSchema>;
export type UserChangeInput = z.input<typeof userChangeSchema>;

/* The audit log's shapes are in audit.ts. */

export const campaignSummarySchema = z.object({
  id: z.string(),
  tenant_id: z.string(),
  name: z.string(),
  language_code: z.enum(LANGUAGE_CODES),
  status: z.enum(CAMPAIGN_STATUSES),
  starts_at: z.string().nullable(),
  ends_at: z.string().nullable(),
  ended_at: z.string().nullable(),
  launched_at: z.string().nullable(),
  /** IANA zone the operator planned the dates in (they are stored in UTC). */
  time_zone: z.string(),
  created_at: z.string(),
  recipients: z.number().int(),
  /** 'gophish': a finished campaign imported with its results (its clicks unverified); null otherwise. */
  imported_from: z.enum(IMPORTED_FROM).nullish(),
});
export type CampaignSummary = z.infer<typeof campaignSummarySchema>;

/** GET /api/admin/campaigns; `hookwise campaign list --json` prints the array. */
export const campaignListSchema = z.object({ campaigns: z.array(campaignSummarySchema) });

/** GET /api/admin/campaigns/:id, `hookwise campaign export --json`: the summary and the file. */
export const campaignDetailSchema = z.object({
  campaign: campaignSummarySchema,
  file: storedCampaignFileSchema,
});
export type CampaignDetail = z.infer<typeof campaignDetailSchema>;

/** POST /api/admin/campaigns?draft=true: a draft is not live until launched. */
export const campaignImportQuerySchema = z.object({ draft: queryFlag });

/** POST /api/admin/campaigns, `hookwise campaign import --json`. */
export const importedCampaignSchema = campaignSummarySchema.extend({
  warnings: z
    .array(z.string())
    .describe('why the campaign is not running now (starts later, already over); empty when it is'),
});
export type ImportedCampaign = z.infer<typeof importedCampaignSchema>;

/** PATCH /api/admin/campaigns/:id (and `hookwise campaign set-dates`): null clears a date. */
export const campaignDatesSchema = z
  .object({
    starts_at: z.iso.datetime().nullable().optional(),
    ends_at: z.iso.datetime().nullable().optional(),
  })
  .refine((d) => d.starts_at !== undefined || d.ends_at !== undefined, 'give starts_at and/or ends_at');
export type CampaignDates = z.infer<typeof campaignDatesSchema>;

/** POST /api/admin/campaigns/:id/launch */
export const launchSchema = z.object({
  starts_at: z.iso.datetime().nullable().optional(),
  ends_at: z.iso.datetime().nullable().optional(),
  time_zone: z.string().min(1).max(64).optional(),
});
export type Launch = z.infer<typeof launchSchema>;

/** One recipient language of a campaign, and how much of the campaign's text it has. */
export const languageCoverageSchema = z.object({
  language: z.enum(LANGUAGE_CODES),
  recipients: z.number().int(),
  translated: z.number().int(),
  total: z.number().int(),
});
export type LanguageCoverage = z.infer<typeof languageCoverageSchema>;

/** GET /api/admin/campaigns/:id/languages; also `warnings` of a launch. */
export const campaignLanguagesSchema = z.object({
  default_language: z.enum(LANGUAGE_CODES),
  languages: z.array(languageCoverageSchema),
});
export type CampaignLanguages = z.infer<typeof campaignLanguagesSchema>;

/** The launch's answer: `warnings` are the recipients' languages that lack some of the text. */
export const launchedCampaignSchema = z.object({
  campaign: campaignSummarySchema,
  warnings: z.array(languageCoverageSchema),
});
export type LaunchedCampaign = z.infer<typeof launchedCampaignSchema>;

export const recipientListItemSchema = z.object({
  id: z.string(),
  /** The personal link's token: null for a viewer, who may not open or hand out links. */
  rid: z.string().nullable(),
  email: z.string().nullable(),
  first_name: z.string().nullable(),
  department: z.string().nullable(),
  language_code: z.enum(LANGUAGE_CODES).nullable(),
  status: z.enum(RECIPIENT_STATUSES),
  created_at: z.string(),
});

/** GET /api/admin/campaigns/:id/recipients?q=&offset=&limit=: searched by email, name, person id or department. */
export const recipientsQuerySchema = z.object({
  q: z.string().trim().max(200).optional(),
  offset: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(500).default(50),
});
export type RecipientsQuery = z.infer<typeof recipientsQuerySchema>;

export const recipientPageSchema = z.object({
  total: z.number().int(),
  offset: z.number().int(),
  limit: z.number().int(),
  items: z.array(recipientListItemSchema),
});
export type RecipientPage = z.infer<typeof recipientPageSchema>;

/** POST /api/admin/campaigns/:id/recipients takes the CSV itself (text/csv). */
export const recipientsCsvSchema = z.string().min(1, 'the CSV is empty');

/** POST /api/admin/campaigns/:id/recipients: the CSV import's row-by-row answer. */
export const importReportSchema = z.object({
  rows: z.number().int().describe('data rows read from the CSV'),
  accepted: z.number().int(),
  rejected: z.array(z.object({ line: z.number().int(), reason: z.string() })),
});
export type ImportReport = z.infer<typeof importReportSchema>;

/** GET /api/admin/campaigns/:id/links: one recipient's link. */
export const linkSchema = z.object({
  email: z.string().nullable(),
  person_id: z.string().nullable(),
  first_name: z.string().nullable(),
  language_code: z.enum(LANGUAGE_CODES).nullable(),
  rid: z.string(),
  link: z.string(),
});
export type RecipientLink = z.infer<typeof linkSchema>;
export const recipientLinksSchema = z.object({ links: z.array(linkSchema) });

/** POST /api/admin/campaigns/:id/preview { language, content? } */
export const previewRequestSchema = z.object({
  language: z.enum(LANGUAGE_CODES),
  /** Unsaved campaign file to preview instead of the stored one (validated like an import). */
  content: z.unknown().optional(),
});
export type PreviewRequest = z.infer<typeof previewRequestSchema>;

/** A scenario's preview: the scenario as it is stored, in one language. */
export const scenarioPreviewRequestSchema = z.strictObject({ language: z.enum(LANGUAGE_CODES) });

/** The recipient pages a preview shows, in the journey's order. */
export const PREVIEW_PAGES = ['phish', ...PHISH_STEPS, 'campaign-completed'] as const;
export type PreviewPage = (typeof PREVIEW_PAGES)[number];

export const previewSchema = z.object({
  rid: z.string(),
  expires_at: z.string(),
  /** Each recipient page of the preview, as a path on the admin listener. */
  pages: z.record(z.enum(PREVIEW_PAGES), z.string()),
});
export type Preview = z.infer<typeof previewSchema>;

/** Where a campaign is in its life: a draft until launched; ended once ended or past its end. */
export function campaignStatus(
  campaign: {
    launched_at: string | null;
    starts_at: string | null;
    ends_at: string | null;
    ended_at: string | null;
  },
  now = Date.now(),
): CampaignStatus {
  if (campaign.ended_at || (campaign.ends_at && Date.parse(campaign.ends_at) <= now)) return 'ended';
  if (!campaign.launched_at) return 'draft';
  if (campaign.starts_at && Date.parse(campaign.starts_at) > now) return 'scheduled';
  return 'running';
}
