/**
 * The audit log as the operator API answers it (GET /api/admin/audit, /audit.csv, /audit/actors):
 * each entry keeps its stored code (`action`, `actor`, `target`) for automation, and carries what
 * a person reads: the actor's name, the target's name, the campaign's name, and the kind of
 * action the console's filter and its sentences are built from.
 */
import { z } from 'zod';

/** What kind of thing an action did: the filter "what" and the sentence's family. */
export const AUDIT_KINDS = [
  'campaign',
  'sending',
  'recipients',
  'people',
  'reviewers',
  'users',
  'sign_in',
  'settings',
  'preview',
  'other',
] as const;
export type AuditKind = (typeof AUDIT_KINDS)[number];

/** The actions the console words as sentences; any other code reads as "made another change". */
export const AUDIT_ACTIONS = [
  'campaign.create',
  'campaign.edit',
  'campaign.duplicate',
  'campaign.launch',
  'campaign.dates',
  'campaign.end',
  'campaign.import_gophish',
  'campaign.preview',
  'campaign.email_preview',
  'campaign.email_test',
  'campaign.send',
  'campaign.send_pause',
  'campaign.send_resume',
  'campaign.send_cancel',
  'sending_profile.create',
  'sending_profile.edit',
  'sending_profile.delete',
  'sending_profile.test',
  'sending_profile.allowlist_check',
  'recipients.import',
  'recipient.remove',
  'reviewer_link.mint',
  'reviewer_link.revoke',
  'user.create',
  'user.change',
  'user.reset_password',
  'user.mfa_start',
  'user.mfa_enrol',
  'user.mfa_disable',
  'user.mfa_reset',
  'session.sign_in',
  'session.sign_out',
  'session.sign_in_failed',
  'session.locked',
  'api_key.create',
  'api_key.revoke',
  'settings.egress_networks',
  'tenant.create',
  'report.add',
  'report.dismiss',
  'report.decide_cluster',
  'malicious_url.import',
  'malicious_url.remove',
  'settings.mfa_policy',
  'settings.audit_retention',
  'api_key.use',
  'audit.prune',
  'settings.mail_intake',
  'settings.report_followup',
  'settings.sso',
  'sso.failure',
  'webhook.create',
  'webhook.change',
  'webhook.delete',
  'webhook.redeliver',
  'recipients.from_people',
  'person.create',
  'person.update',
  'person.deactivate',
  'group.create',
  'group.update',
  'group.delete',
  'template.create',
  'template.edit',
  'template.delete',
  'landing_page.create',
  'landing_page.edit',
  'landing_page.delete',
  'scim_token.create',
  'scim_token.revoke',
  'campaign.from_scenario',
  'campaign.scenario',
  'scenario.copy',
  'scenario.preview',
  'scenario.edit',
  'scenario.delete',
  'people_filter.create',
  'people_filter.change',
  'people_filter.delete',
  'training.policy',
  'training.assign',
  'training.remind',
  'automation.create',
  'automation.update',
  'automation.pause',
  'automation.resume',
  'automation.delete',
  'automation.plan',
  'automation.send',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const isAuditAction = (action: string): action is AuditAction =>
  (AUDIT_ACTIONS as readonly string[]).includes(action);

/** Actions that only look at something (a preview): folded in the console by default. */
export const PREVIEW_ACTIONS = ['campaign.preview', 'campaign.email_preview', 'scenario.preview'] as const;

/** Exact codes whose kind is not their prefix's; checked before the prefixes. */
const KIND_OF_ACTION: Readonly<Record<string, AuditKind>> = {
  'campaign.preview': 'preview',
  'campaign.email_preview': 'preview',
  'scenario.preview': 'preview',
  'campaign.email_test': 'sending',
  'campaign.send': 'sending',
  'campaign.send_pause': 'sending',
  'campaign.send_resume': 'sending',
  'campaign.send_cancel': 'sending',
};

/** An action code's prefix (before the dot) and the kind it belongs to. */
export const KIND_PREFIXES: Readonly<Record<string, AuditKind>> = {
  campaign: 'campaign',
  sending_profile: 'sending',
  recipients: 'recipients',
  recipient: 'recipients',
  reviewer_link: 'reviewers',
  user: 'users',
  session: 'sign_in',
  sso: 'sign_in',
  api_key: 'settings',
  settings: 'settings',
  malicious_url: 'reviewers',
  report: 'reviewers',
  tenant: 'settings',
  audit: 'settings',
  webhook: 'settings',
  person: 'people',
  group: 'people',
  people_filter: 'people',
  scim_token: 'settings',
  scenario: 'campaign',
  training: 'people',
  template: 'campaign',
  landing_page: 'campaign',
  automation: 'campaign',
};

/** Codes whose kind is given exactly (the rest follow their prefix), for the server's filter. */
export function exactActionsOf(kind: AuditKind): string[] {
  return Object.entries(KIND_OF_ACTION)
    .filter(([, k]) => k === kind)
    .map(([code]) => code);
}

export function auditKindOf(action: string): AuditKind {
  const exact = KIND_OF_ACTION[action];
  if (exact) return exact;
  const prefix = action.split('.')[0] ?? '';
  return KIND_PREFIXES[prefix] ?? 'other';
}

/**
 * Who acted: a console user, an API key, the command line (`cli:<os user>`), Hookwise itself, or
 * a directory through the tenant's SCIM token (`scim token <prefix>`).
 */
export const AUDIT_ACTOR_KINDS = ['user', 'api_key', 'cli', 'system', 'scim', 'unknown'] as const;
export type AuditActorKind = (typeof AUDIT_ACTOR_KINDS)[number];

/** Background work's actor (a sending paused after failures). */
export const SYSTEM_ACTOR = 'system';

/** What kind of actor a stored actor is: "api key <prefix>", "cli:<os user>", "system", "scim token <prefix>", an e-mail. */
export function auditActorKind(actor: string): AuditActorKind {
  if (actor.startsWith('api key ')) return 'api_key';
  if (actor.startsWith('cli:')) return 'cli';
  if (actor.startsWith('scim token ')) return 'scim';
  if (actor === SYSTEM_ACTOR) return 'system';
  return actor.includes('@') ? 'user' : 'unknown';
}

export const auditEntrySchema = z.object({
  id: z.string(),
  at: z.string(),
  /**
   * As stored: "ana@example.com" for a user, "api key hw_ab12" for a key, "cli:ana" for the
   * command line run by the operating-system user ana, "system" for Hookwise's own decisions
   * (a sending paused after repeated failures), "scim token ab12" for the directory's SCIM door.
   */
  actor: z.string(),
  actor_kind: z.enum(AUDIT_ACTOR_KINDS),
  /** The user's name, when the actor is (still) a user of the tenant. */
  actor_name: z.string().nullable(),
  /** e.g. "campaign.launch", "user.create", "session.sign_in_failed". */
  action: z.string(),
  kind: z.enum(AUDIT_KINDS),
  /** What it acted on, as stored: a campaign id, a user id, a key prefix, … */
  target: z.string().nullable(),
  /** The target's name when it is known: a campaign's name, a user's email, a profile's name. */
  target_name: z.string().nullable(),
  /** The campaign the action belonged to (a removed recipient's campaign), by name. */
  campaign_name: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/**
 * GET /api/admin/audit?limit=&before=&actor=&kind=&from=&to=&previews=: newest first, entries
 * before `before`; `actor` as stored, `from`/`to` inclusive instants; `previews=false` leaves
 * previews out.
 */
export const auditQuerySchema = z
  .object({
    limit: z.coerce.number().int().min(1).max(500).default(50),
    before: z.iso.datetime().optional(),
    actor: z.string().trim().min(1).max(400).optional(),
    kind: z.enum(AUDIT_KINDS).optional(),
    from: z.iso.datetime().optional(),
    to: z.iso.datetime().optional(),
    previews: z
      .enum(['true', 'false', '1', '0'])
      .optional()
      .transform((value) => value !== 'false' && value !== '0'),
  })
  .refine((q) => !q.from || !q.to || Date.parse(q.from) <= Date.parse(q.to), {
    message: '`from` must not be after `to`',
    path: ['from'],
  });
export type AuditQuery = z.infer<typeof auditQuerySchema>;
export type AuditQueryInput = z.input<typeof auditQuerySchema>;

export const auditPageSchema = z.object({ entries: z.array(auditEntrySchema) });
export type AuditPage = z.infer<typeof auditPageSchema>;

/** GET /api/admin/audit/actors: everyone who appears in the log, for the "who" filter. */
export const auditActorsSchema = z.object({
  actors: z.array(z.object({ actor: z.string(), name: z.string().nullable() })),
});
export type AuditActors = z.infer<typeof auditActorsSchema>;

/** The most rows one CSV export holds. */
export const AUDIT_EXPORT_MAX = 10_000;

/** How long the log keeps its entries: `days` (30 to 3650), or null for ever (the default). */
export const AUDIT_RETENTION_MIN_DAYS = 30;
export const AUDIT_RETENTION_MAX_DAYS = 3650;
export const auditRetentionSchema = z.object({
  days: z.number().int().min(AUDIT_RETENTION_MIN_DAYS).max(AUDIT_RETENTION_MAX_DAYS).nullable(),
});
export type AuditRetention = z.infer<typeof auditRetentionSchema>;
