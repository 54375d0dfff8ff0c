/**
 * POST /api/admin/import/gophish (one file per area: see admin-api.ts): the body that carries
 * GoPhish's exports (`hookwise import gophish` reads the same from files; each may be one object
 * or an array), and the answer: the draft campaigns, the sending profiles, and the report of what
 * was mapped, dropped or needs the operator's attention.
 */
import { z } from 'zod';
import { campaignSummarySchema } from './admin-api';
import {
  gophishFiles,
  gophishGroupSchema,
  gophishPageSchema,
  gophishSmtpSchema,
  gophishTemplateSchema,
} from './gophish';
import { gophishCampaignSchema, importedCampaignCountsSchema } from './gophish-campaign';

export const gophishImportSchema = z
  .object({
    template: gophishFiles('template', gophishTemplateSchema)
      .optional()
      .describe("templates as GoPhish's API gives them (GET /api/templates/ or /api/templates/:id)"),
    page: gophishFiles('page', gophishPageSchema)
      .optional()
      .describe('landing pages (GET /api/pages/ or /api/pages/:id)'),
    group: gophishFiles('group', gophishGroupSchema)
      .optional()
      .describe('groups with their targets (GET /api/groups/ or /api/groups/:id)'),
    group_csv: z
      .string()
      .max(5_000_000)
      .optional()
      .describe('or the group as GoPhish CSV: First Name, Last Name, Email, Position'),
    smtp: gophishFiles('smtp', gophishSmtpSchema)
      .optional()
      .describe('sending profiles (GET /api/smtp/ or /api/smtp/:id); their passwords are ignored'),
    campaign: gophishFiles('campaign', gophishCampaignSchema)
      .optional()
      .describe(
        'campaigns with their results (GET /api/campaigns/, /api/campaigns/:id or /api/campaigns/:id/results): each becomes a finished campaign marked as imported, its clicks unverified',
      ),
    name: z
      .string()
      .trim()
      .min(1)
      .max(200)
      .optional()
      .describe("the campaign's name (default: the template's, else the page's)"),
    from: z
      .string()
      .trim()
      .min(1)
      .max(200)
      .optional()
      .describe("the email's From (default: the envelope sender)"),
    fetch_assets: z
      .boolean()
      .optional()
      .describe(
        "fetch the landing pages' stylesheets, images and fonts and serve them from Hookwise (default: when a page sets <base href> or base_url is given)",
      ),
    base_url: z
      .url({ protocol: /^https?$/ })
      .max(2048)
      .optional()
      .describe(
        'the address the pages were cloned from: their relative links are read against it when they set no <base href>',
      ),
  })
  .refine((body) => body.template || body.page || body.smtp || body.campaign, {
    message: 'give a template, a landing page, a sending profile (SMTP) or a campaign to import',
  })
  .refine((body) => !((body.group || body.group_csv) && !body.template && !body.page), {
    message: 'a group needs a template or a landing page to become a campaign',
    path: ['group'],
  })
  .refine((body) => !(body.group && body.group_csv), { message: 'give group or group_csv, not both' });
export type GophishImport = z.infer<typeof gophishImportSchema>;
export type GophishImportInput = z.input<typeof gophishImportSchema>;

/**
 * What needs the operator, said in words the console translates (`gophish.notice.<code>`, with
 * the item's name): the `text` is the same in English, for the CLI and API callers.
 */
export const GOPHISH_NOTICES = [
  'base_href',
  'relative_assets',
  'redirect_variables',
  'placeholder_email',
  'smtp_password',
  'ignore_cert_errors',
  'smtp_headers',
  'library_template_kept',
  'library_page_kept',
  'library_group_kept',
  'library_smtp_kept',
  'campaign_kept',
] as const;
export type GophishNoticeCode = (typeof GOPHISH_NOTICES)[number];

export const gophishNoticeSchema = z.object({
  code: z.enum(GOPHISH_NOTICES),
  /** The GoPhish item's name: a page, a profile. */
  name: z.string(),
  text: z.string(),
});
export type GophishNotice = z.infer<typeof gophishNoticeSchema>;

/** The report's three lists; the console shows attention first. */
export const GOPHISH_REPORT_LISTS = ['mapped', 'dropped', 'attention'] as const;

/** Where in GoPhish's files an entry is: the item's kind, or a part of a template or page. */
export const GOPHISH_PLACES = [
  'template',
  'template_subject',
  'template_text',
  'template_html',
  'page',
  'page_html',
  'group',
  'smtp',
  'campaign',
] as const;
export type GophishPlace = (typeof GOPHISH_PLACES)[number];

/**
 * Every entry of `mapped`, `dropped` and `attention`, by what it says (`gophish.item.<code>` in
 * the console, with its place, name and params).
 */
export const GOPHISH_ITEMS = [
  'static_asset',
  'text_from_html',
  'attachment',
  'no_sender',
  'no_subject',
  'email_mapped',
  'email_html_mapped',
  'redirect_cleaned',
  'redirect_mapped',
  'redirect_invalid',
  'page_html_mapped',
  'credential_capture',
  'tracker_dropped',
  'variable_mapped',
  'variable_removed',
  'asset_stored',
  'asset_missed',
  'smtp_host_invalid',
  'smtp_from_invalid',
  'smtp_invalid',
  'smtp_mapped',
  'smtp_headers_mapped',
  'target_invalid',
  'target_twice',
  'group_mapped',
  'timeline_ignored',
  'result_twice',
  'timeline_unknown',
  'timeline_nobody',
  'campaign_unfinished',
  'campaign_smtp_dropped',
  'campaign_tracking_dropped',
  'campaign_submissions_dropped',
  'campaign_mapped',
  'library_added',
  'library_no_name',
  'library_no_content',
  'library_no_members',
] as const;
export type GophishItemCode = (typeof GOPHISH_ITEMS)[number];

export const gophishItemSchema = z.object({
  list: z.enum(GOPHISH_REPORT_LISTS),
  code: z.enum(GOPHISH_ITEMS),
  place: z.enum(GOPHISH_PLACES),
  /** The GoPhish item's name: a template, a page, a group, a profile, a campaign. */
  name: z.string(),
  /** What the sentence names besides: an address, a file, a count, a variable. */
  params: z.record(z.string(), z.union([z.string(), z.number()])),
  /** The same entry as it stands in its list, in English. */
  text: z.string(),
});
export type GophishItem = z.infer<typeof gophishItemSchema>;

/**
 * `mapped`, `dropped` and `attention` are English sentences (the CLI prints them); `items` says
 * each of them again as a code the console words in the operator's language.
 */
export const gophishImportReportSchema = z.object({
  mapped: z.array(z.string()),
  dropped: z.array(z.string()),
  attention: z.array(z.string()),
  notices: z.array(gophishNoticeSchema),
  items: z.array(gophishItemSchema).default([]),
});
export type GophishImportReport = z.infer<typeof gophishImportReportSchema>;

/**
 * Each template, landing page and group (JSON) the import stored as a library object, as the
 * GoPhish-compatible API lists them (`GET /api/templates/`, `/api/pages/`, `/api/groups/`) under
 * their GoPhish `id`; `created` false: one of that name was there already and was kept as it is.
 */
export const GOPHISH_LIBRARY_KINDS = ['template', 'page', 'group'] as const;
export const gophishLibraryObjectSchema = z.object({
  kind: z.enum(GOPHISH_LIBRARY_KINDS),
  id: z.number().int(),
  name: z.string(),
  created: z.boolean(),
});
export type GophishLibraryObject = z.infer<typeof gophishLibraryObjectSchema>;

/** The answer, and `hookwise import gophish --json`: what was made, and the report. */
export const gophishImportResultSchema = z.object({
  campaigns: z.array(z.object({ campaign: campaignSummarySchema, recipients: z.number().int() })),
  sending_profiles: z.array(z.object({ id: z.string(), name: z.string() })),
  /** Finished campaigns imported with their results (`campaign`). */
  imported_campaigns: z
    .array(z.object({ campaign: campaignSummarySchema, ...importedCampaignCountsSchema.shape }))
    .default([]),
  library: z.array(gophishLibraryObjectSchema).default([]),
  report: gophishImportReportSchema,
});
export type GophishImportResult = z.infer<typeof gophishImportResultSchema>;
