/**
 * The operator API's answers (/api/admin/* on the admin listener), shared by the server, which
 * validates what it sends with them, and the console, which checks what it gets.
 */
import { z } from 'zod';
import { RECIPIENT_STATUSES } from './events';
import { LANGUAGE_CODES } from './languages';
import { PHISH_STEPS } from './routes';

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
});
export type User = z.infer<typeof userSchema>;

/** GET/POST /api/admin/session: who is signed in, and the CSRF token for their changes. */
export const sessionSchema = z.object({
  user: userSchema,
  tenant: z.object({ id: z.string(), name: z.string() }),
  csrf_token: z.string(),
  expires_at: z.string(),
});
export type Session = z.infer<typeof sessionSchema>;

export const signInSchema = z.object({
  email: z.string().trim().toLowerCase().email().max(320),
  password: z.string().min(1).max(1024),
});

/** At least 12 characters: long passwords beat composition rules. */
export const passwordSchema = z.string().min(12, 'at least 12 characters').max(1024);

export const newUserSchema = z.object({
  email: z.string().trim().toLowerCase().email().max(320),
  name: z.string().trim().min(1).max(200),
  role: z.enum(ROLES),
  password: passwordSchema,
});

export const userChangeSchema = z
  .object({
    name: z.string().trim().min(1).max(200).optional(),
    role: z.enum(ROLES).optional(),
    disabled: z.boolean().optional(),
  })
  .refine((c) => Object.keys(c).length > 0, 'give name, role and/or disabled');

export const auditEntrySchema = z.object({
  id: z.string(),
  at: z.string(),
  /** "ana@example.com" for a user, "api key hw_ab12" for a key. */
  actor: z.string(),
  /** e.g. "campaign.launch", "user.create", "session.sign_in_failed". */
  action: z.string(),
  /** What it acted on: a campaign id, a user's email, … */
  target: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

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
});
export type CampaignSummary = z.infer<typeof campaignSummarySchema>;

/** POST /api/admin/campaigns/:id/launch */
export const launchSchema = z.object({
  starts_at: z.iso.datetime().nullable().optional(),
  ends_at: z.iso.datetime().nullable().optional(),
  time_zone: z.string().min(1).max(64).optional(),
});

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

export const recipientListItemSchema = z.object({
  id: z.string(),
  rid: z.string(),
  email: z.string().nullable(),
  first_name: z.string().nullable(),
  department: z.string().nullable(),
  language_code: z.enum(LANGUAGE_CODES).nullable(),
  status: z.enum(RECIPIENT_STATUSES),
  created_at: z.string(),
});

/** GET /api/admin/campaigns/:id/recipients?q=&offset=&limit= */
export const recipientPageSchema = z.object({
  total: z.number().int(),
  offset: z.number().int(),
  limit: z.number().int(),
  items: z.array(recipientListItemSchema),
});

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

/** POST /api/admin/campaigns/:id/preview { language, content? } */
export const previewRequestSchema = z.object({
  language: z.enum(LANGUAGE_CODES),
  /** Unsaved campaign file to preview instead of the stored one (validated like an import). */
  content: z.unknown().optional(),
});

export const previewSchema = z.object({
  rid: z.string(),
  expires_at: z.string(),
  /** Each recipient page of the preview, as a path on the admin listener. */
  pages: z.record(z.enum(['phish', ...PHISH_STEPS, 'campaign-completed']), z.string()),
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
