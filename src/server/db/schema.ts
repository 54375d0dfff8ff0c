/**
 * Row types of every Hookwise table; `Database` is what Kysely is typed against, and `Db` the one
 * name for a handle on it: the open database or a transaction, taken by every service and
 * repository function as its first parameter.
 */
import type { MailReportOutcome, ReportDecision } from '@shared/mail-reports';
import type { ColumnType, Generated, Insertable, Kysely, Selectable } from 'kysely';
import type { ClickVerdict, ClickVia, VisitSource } from '@shared/clicks';
import type { ImportedEventKind, ImportedFrom } from '@shared/gophish-campaign';
import type { Role } from '@shared/admin-api';
import type { AttemptKind, EventType, RecipientStatus } from '@shared/events';
import type { LanguageCode } from '@shared/languages';
import type { MaliciousUrlSource } from '@shared/malicious-urls';
import type { PersonSource } from '@shared/people';
import type { AutomationMessageState, AutomationState, LevelReason, SkipReason } from '@shared/automations';
import type { PollDecision } from '@shared/poll';
import type { ScenarioLure } from '@shared/scenarios';
import type { OutboxState, SendFailureCause, SendingState, SmtpTls } from '@shared/sending';
import type { DeliveryState, EndpointKind, WebhookEvent } from '@shared/webhooks';
import type { GophishObjectKind } from '@shared/gophish-api';

export interface TenantTable {
  id: string;
  name: string;
  /** JSON array of CIDR ranges the tenant declares as its own offices and gateways. */
  egress_networks: Generated<string>;
  /** 1: every console user of the tenant signs in with a second step (TOTP). */
  mfa_required: Generated<number>;
  /** Days the audit log keeps its entries; null keeps them for ever. */
  audit_retention_days: number | null;
  created_at: string;
}

export interface ApiKeyTable {
  id: string;
  tenant_id: string;
  prefix: string;
  key_hash: string;
  created_at: string;
  revoked_at: string | null;
  /** The last day (UTC) the key was used; its first use of a day is audited. */
  last_used_at: string | null;
}

export interface CampaignTable {
  id: string;
  tenant_id: string;
  name: string;
  /** The validated campaign file, as JSON text. */
  content: string;
  /** Raised with every change to `content`: caches of the parsed file compare it. */
  content_version: Generated<number>;
  language_code: LanguageCode;
  starts_at: string | null;
  ends_at: string | null;
  ended_at: string | null;
  /** Null while a draft: a draft's links are the plain 404 of any unknown rid. */
  launched_at: string | null;
  /** IANA zone the operator planned the dates in; they are stored in UTC. */
  time_zone: Generated<string>;
  created_at: string;
  /** 'training': the training made from the simulation `training_of` (modules/training). */
  kind: Generated<CampaignKind>;
  training_of: Generated<string | null>;
  /** 'gophish' for a finished campaign imported with its results; null for Hookwise's own. */
  imported_from: Generated<ImportedFrom | null>;
}

export interface RecipientTable {
  id: string;
  tenant_id: string;
  campaign_id: string;
  rid: string;
  email: string | null;
  person_id: string | null;
  first_name: string | null;
  last_name: Generated<string | null>;
  language_code: LanguageCode | null;
  /** Furthest step reached; only ever moves forward (see status rank). */
  status: Generated<RecipientStatus>;
  status_rank: Generated<number>;
  /** Bit i set when step EVENT_TYPES[i] was reached (see stepBit). */
  steps: Generated<number>;
  /** Questionnaire score, once completed. */
  score: Generated<number | null>;
  /** The best verdict of the recipient's visits; null before any visit. */
  verdict: Generated<ClickVerdict | null>;
  /** JSON array of the verdict's short reasons. */
  verdict_reasons: Generated<string | null>;
  /** When the message was sent, when known (CSV column sent_at). */
  sent_at: Generated<string | null>;
  /** Department or group, for breakdowns (CSV column department). */
  department: Generated<string | null>;
  /** When the recipient first reported the message (the report button). */
  reported_at: Generated<string | null>;
  /** When the page first reported the click (the clicked event's time); counts while the step stands. */
  clicked_at: Generated<string | null>;
  /** Seconds from sent_at (else the campaign's start) to clicked_at, taken when the click is recorded. */
  click_seconds: Generated<number | null>;
  /** Bit i set when the verdict's reasons include one of kind REASON_KINDS[i] (reasonKindBits). */
  reason_kinds: Generated<number>;
  /** How the counted click came (link or QR code), set with the clicked step; null while not clicked. */
  click_via: Generated<ClickVia | null>;
  /** The person this recipient is (people.id); `person_id` is the identifier the operator's file gave. */
  person_ref: Generated<string | null>;
  /**
   * The department the programme report counts this send under: its person's, else `department`.
   * Written with the row (insertRecipients), kept by the database's triggers after that
   * (migration 2026-12-11-0006): never updated by the application.
   */
  programme_department: ColumnType<string | null, string | null | undefined, never>;
  /**
   * Milliseconds from `sent_at` to `reported_at`, null until both are known: kept by the
   * database's triggers (migration 2026-12-12-0001), never written by the application.
   */
  report_ms: ColumnType<number | string | null, never, never>;
  created_at: string;
}

/** One visit's evidence and the verdict it earned (fan-out found later may downgrade it). */
export interface VisitTable {
  id: string;
  tenant_id: string;
  campaign_id: string;
  recipient_id: string;
  source: VisitSource;
  network: string | null;
  catalogue_match: string | null;
  /** Coarse facts as JSON text (see click-evidence.ts). */
  facts: string;
  fanout: number;
  verdict: ClickVerdict;
  /** JSON array of short reasons. */
  reasons: string;
  /** How the link was followed: the link itself or the message's QR code. */
  via: Generated<ClickVia>;
  /** A trusted gesture's shape (see gestureShape), compared across a network's visits; null without one. */
  gesture_shape: Generated<string | null>;
  created_at: string;
}

export interface EventTable {
  id: string;
  tenant_id: string;
  campaign_id: string;
  recipient_id: string;
  type: EventType;
  details: string;
  ip: string | null;
  user_agent: string | null;
  created_at: string;
}

/** Every try at a repeatable journey action (submit, questionnaire); append-only. */
export interface JourneyAttemptTable {
  id: string;
  tenant_id: string;
  campaign_id: string;
  recipient_id: string;
  kind: AttemptKind;
  details: string;
  created_at: string;
}

export interface UrlReviewTable {
  id: string;
  tenant_id: string;
  url: string;
  decision: PollDecision;
  jti: string;
  reviewer: string | null;
  /** Wall-clock time shown to people; `seq` alone orders decisions. */
  created_at: string;
  /** Assigned by the database, in commit order for one URL: the highest is the current decision. */
  seq: Generated<number>;
}

export interface MaliciousUrlTable {
  tenant_id: string;
  url: string;
  /** 'import' for operator-loaded URLs, 'review' for URLs a TP decision added. */
  source: MaliciousUrlSource;
  created_at: string;
}

/** One row per tenant whose malicious-URL database ever changed: the feeds' ETag and Last-Modified. */
export interface MaliciousUrlChangeTable {
  tenant_id: string;
  /** Moves up by one with every change that adds or removes a URL. */
  version: number;
  changed_at: string;
}

export interface ReportedUrlTable {
  id: string;
  tenant_id: string;
  url: string;
  reporter: string | null;
  report_count: Generated<number>;
  first_reported_at: string;
  last_reported_at: string;
}

/** One row per reporter of a reported URL (`reported_urls.reporter` keeps the first). */
export interface ReportedUrlReporterTable {
  tenant_id: string;
  url: string;
  reporter: string;
  report_count: Generated<number>;
  first_reported_at: string;
  last_reported_at: string;
}

export interface RateLimitTable {
  /** The route and the client address. */
  key: string;
  hits: number;
  /** Milliseconds since the epoch (pg returns bigint as text: read it with Number()). */
  window_ends_at: number | string;
}

export interface UserTable {
  id: string;
  tenant_id: string;
  email: string;
  name: string;
  role: Role;
  /** argon2id (PHC string). */
  password_hash: string;
  disabled_at: string | null;
  last_sign_in_at: string | null;
  created_at: string;
  /** The TOTP secret (base32) sealed with SECRETS_KEY, once two-step sign-in is on. */
  mfa_secret_sealed: string | null;
  /** A secret being enrolled, until the user confirms it with a code. */
  mfa_pending_sealed: string | null;
  mfa_enabled_at: string | null;
  /** The last TOTP time step a code was accepted in: a code is never taken twice. */
  mfa_last_step: number | null;
}

export interface RecoveryCodeTable {
  user_id: string;
  /** SHA-256 (hex) of the normalised code. */
  code_hash: string;
  used_at: string | null;
}

/** A tenant's OpenID Connect provider (docs/sso.md). */
export interface SsoConfigTable {
  tenant_id: string;
  issuer: string;
  client_id: string;
  /** Sealed with SECRETS_KEY (lib/secret-box). */
  client_secret_sealed: string;
  /** The ID token claim whose values map to roles (e.g. `groups`). */
  role_claim: string;
  /** JSON arrays of claim values. */
  owner_values: string;
  operator_values: string;
  viewer_values: string;
  /** 1: local passwords are refused for the tenant (owners excepted, the break-glass). */
  required: number;
  updated_at: string;
}

export interface SsoDomainTable {
  domain: string;
  tenant_id: string;
}

/** A sign-in under way at the provider: consumed once by the callback. */
export interface SsoLoginTable {
  /** SHA-256 (hex) of the state. */
  id: string;
  tenant_id: string;
  nonce: string;
  code_verifier: string;
  created_at: string;
  expires_at: string;
  /** When the callback took it: a second callback with the same state is refused. */
  used_at: string | null;
}

export interface SessionTable {
  /** SHA-256 (hex) of the cookie's token. */
  id: string;
  user_id: string;
  tenant_id: string;
  created_at: string;
  last_seen_at: string;
  expires_at: string;
}

export interface SignInFailureTable {
  email: string;
  failures: number;
  first_failed_at: string;
  locked_until: string | null;
}

export interface AuditLogTable {
  id: string;
  tenant_id: string;
  at: string;
  actor: string;
  action: string;
  target: string | null;
  /** JSON object. */
  details: string;
}

/** An operator's preview of a campaign file, opened with its own rid (the id) until it expires. */
export interface PreviewTable {
  id: string;
  tenant_id: string;
  /** The campaign shown, or null for a scenario's preview (`scenario_id`). */
  campaign_id: string | null;
  /** The scenario shown (a library id or a tenant's copy), when no campaign is. */
  scenario_id: ColumnType<string | null, string | null | undefined, never>;
  language_code: LanguageCode;
  /** The campaign file shown, as JSON text. */
  content: string;
  created_at: string;
  expires_at: string;
}

/** One row per recipient and network: the fan-out count reads it instead of every visit. */
export interface NetworkRecipientTable {
  tenant_id: string;
  network: string;
  recipient_id: string;
  last_seen_at: string;
}

/** A reviewer link an operator minted; the token itself is never stored (it is a credential). */
export interface ReviewerLinkTable {
  /** The token's jti. */
  id: string;
  tenant_id: string;
  reviewer: string | null;
  /** JSON array of the URLs. */
  urls: string;
  url_count: number;
  created_by: string | null;
  created_at: string;
  expires_at: string;
}

/** A revoked reviewer token, by jti: refused wherever poll tokens are verified. */
export interface RevokedReviewerLinkTable {
  jti: string;
  tenant_id: string;
  revoked_by: string | null;
  revoked_at: string;
}

export interface SendingProfileTable {
  id: string;
  tenant_id: string;
  name: string;
  host: string;
  port: number;
  tls: SmtpTls;
  username: string | null;
  /** The SMTP password sealed with SECRETS_KEY (lib/secret-box). */
  password_sealed: string | null;
  envelope_from: string;
  header_from: string | null;
  /** JSON object of extra headers. */
  headers: string;
  created_at: string;
  updated_at: string;
}

/** A campaign's sending plan (one per campaign). */
export interface SendingTable {
  campaign_id: string;
  tenant_id: string;
  profile_id: string;
  state: SendingState;
  starts_at: string;
  rate_per_minute: number;
  spread_minutes: number;
  /** Minutes after local midnight in time_zone; null: any time. */
  window_start: number | null;
  window_end: number | null;
  time_zone: string;
  paused_at: string | null;
  created_at: string;
  /** Messages that failed in a row (reset by a sent one); at the config's limit Hookwise pauses. */
  consecutive_failures: Generated<number>;
  failing_since: string | null;
  last_cause: SendFailureCause | null;
  last_detail: string | null;
  /** 'failures': paused by Hookwise after repeated failures; null: by the operator, or running. */
  paused_reason: 'failures' | null;
}

/** One message to one recipient; workers claim due rows (see sending/outbox.repository.ts). */
export interface OutboxTable {
  id: string;
  tenant_id: string;
  campaign_id: string;
  recipient_id: string;
  state: OutboxState;
  due_at: string;
  attempts: Generated<number>;
  claimed_by: string | null;
  lease_until: string | null;
  /** The SMTP server's last reply (or the connection error, in plain words). */
  last_reply: string | null;
  last_cause: SendFailureCause | null;
  /** The Message-ID header: the same on every attempt, so a receiver can tell a resend. */
  message_id: string;
  sent_at: string | null;
  updated_at: string;
}

/** A sending profile's allow-listing check: a test message whose link (/go/<token>) is watched. */
export interface AllowlistCheckTable {
  id: string;
  tenant_id: string;
  profile_id: string;
  token: string;
  sent_to: string;
  created_at: string;
  sent_at: string | null;
  window_ends_at: string | null;
}

/** A visit to a check's link: coarse facts only, never the address or the user agent. */
export interface AllowlistCheckVisitTable {
  id: string;
  tenant_id: string;
  check_id: string;
  seconds_after_send: number | null;
  verdict: ClickVerdict;
  /** JSON array of reason kinds (REASON_KINDS). */
  reasons: string;
  scanner: string | null;
  scanner_by: 'network' | 'agent' | null;
  created_at: string;
}

/** A stylesheet, image or font of a campaign's landing page, fetched at import (modules/page-assets). */
export interface CampaignAssetTable {
  id: string;
  tenant_id: string;
  campaign_id: string;
  /** The generated file name served after the id. */
  path: string;
  content_type: string;
  /** Base64 of the asset's bytes. */
  bytes: string;
  sha256: string;
  size: number;
  source_url: string;
  created_at: string;
}

export interface MailReportTable {
  id: string;
  tenant_id: string;
  received_at: string;
  source: 'imap' | 'smtp' | 'api';
  /**
   * The reporter's address (lowercased), or null when the report did not say; where the tenant
   * keeps reporters pseudonymous, their pseudonym (reporter-pseudonym.ts) instead.
   */
  reporter: string | null;
  /** Pseudonymous reporters only: the address, sealed with SECRETS_KEY, for the answers. */
  reporter_sealed: string | null;
  outcome: MailReportOutcome;
  error: string | null;
  sender: string | null;
  subject: string;
  /** JSON: reply_to, return_path, authentication_results[], received[]. */
  headers: string;
  /** JSON: [{ url, written, via }]. */
  urls: string;
  /** Recipients credited as having reported a simulation. */
  credited: Generated<number>;
  /** JSON array of what was left out and why. */
  notes: string;
  cluster_key: string | null;
  /** Base64 of a report that could not be read; null otherwise. */
  raw: string | null;
  /** `imap:<host>/<user>/<folder>/<uidvalidity>/<uid>`: a mailbox's message is read once. */
  source_key: string | null;
  receipt_answered_at: string | null;
  /** What the reviewers decided the reported message was, once they had. */
  decision: ReportDecision | null;
  decision_answered_at: string | null;
}

/** A tenant's report intake: the IMAP mailbox read on a schedule, and its SMTP intake addresses. */
export interface MailIntakeTable {
  tenant_id: string;
  imap_enabled: Generated<number>;
  imap_host: string | null;
  imap_port: number | null;
  imap_tls: Generated<number>;
  imap_user: string | null;
  imap_password_sealed: string | null;
  imap_folder: Generated<string>;
  imap_processed_folder: Generated<string>;
  /** JSON arrays, lowercased. */
  smtp_addresses: Generated<string>;
  smtp_allowed_domains: Generated<string>;
  /** JSON array of reviewers' addresses, mailed their /poll link through notify_profile_id. */
  reviewers: Generated<string>;
  notify_profile_id: string | null;
  reviewer_interval_minutes: Generated<number>;
  reviewers_mailed_at: string | null;
  answers_enabled: Generated<number>;
  answers_since: string | null;
  /** JSON array: reporters are answered only at these domains. */
  answer_domains: Generated<string>;
  /** JSON: { [kind]: { [language]: { subject, text } } } an operator changed. */
  answer_texts: Generated<string>;
  /** 1: reports keep a pseudonym for their reporter, the address only sealed. */
  pseudonymous_reporters: Generated<number>;
  poll_lease_until: string | null;
  last_poll_at: string | null;
  last_error: string | null;
  updated_at: string;
}

/** A tenant's webhook or syslog receiver (see webhooks/webhooks.service.ts). */
export interface WebhookEndpointTable {
  id: string;
  tenant_id: string;
  kind: EndpointKind;
  url: string;
  description: Generated<string>;
  /** JSON array of WebhookEvent. */
  events: string;
  /** The signing secret, sealed with SECRETS_KEY; null for syslog. */
  secret_sealed: string | null;
  enabled: Generated<number>;
  created_at: string;
  updated_at: string;
}

/** One event for one endpoint: the durable queue workers claim (webhooks.repository.ts). */
export interface WebhookDeliveryTable {
  id: string;
  tenant_id: string;
  endpoint_id: string;
  event_id: string;
  event_type: WebhookEvent;
  payload: string;
  state: DeliveryState;
  due_at: string;
  attempts: Generated<number>;
  claimed_by: string | null;
  lease_until: string | null;
  last_status: number | null;
  last_error: string | null;
  delivered_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface WebhookAttemptTable {
  id: string;
  delivery_id: string;
  at: string;
  status: number | null;
  duration_ms: number;
  error: string | null;
}

/** One person per tenant, across campaigns: from recipients (CSV, console), or SCIM provisioning. */
export interface PersonTable {
  id: string;
  tenant_id: string;
  /** Lower-cased; unique per tenant. */
  email: string | null;
  /** The identifier an operator's file or HR system gives; unique per tenant. */
  person_id: string | null;
  /** SCIM userName as sent, and lower-cased (unique per tenant). */
  user_name: string | null;
  user_name_key: string | null;
  external_id: string | null;
  first_name: string | null;
  last_name: string | null;
  display_name: string | null;
  language_code: LanguageCode | null;
  /** As the directory sent them (e.g. en-US); language_code is what Hookwise reads. */
  preferred_language: Generated<string | null>;
  locale: Generated<string | null>;
  department: string | null;
  /** The enterprise extension's manager: the directory's id for them, and their name. */
  manager_id: string | null;
  manager_name: string | null;
  /** 0: deactivated (SCIM `active: false` or DELETE): never added to a campaign, sent nothing new. */
  active: Generated<number>;
  deactivated_at: string | null;
  source: PersonSource;
  created_at: string;
  updated_at: string;
  /** IANA zone (the directory's SCIM `timezone`); null: the automation's default. */
  time_zone: Generated<string | null>;
}

/** A saved filter of people (a smart group): `filter` is personFilterSchema's JSON. */
export interface PeopleFilterTable {
  id: string;
  tenant_id: string;
  name: string;
  filter: string;
  created_at: string;
  updated_at: string;
}

/** A directory group (SCIM /Groups). */
export interface PersonGroupTable {
  id: string;
  tenant_id: string;
  display_name: string;
  external_id: string | null;
  created_at: string;
  updated_at: string;
}

export interface PersonGroupMemberTable {
  tenant_id: string;
  group_id: string;
  person_ref: string;
}

/** A tenant's SCIM bearer token: the hash only, shown once when minted. */
export interface ScimTokenTable {
  id: string;
  tenant_id: string;
  prefix: string;
  token_hash: string;
  created_by: string;
  created_at: string;
  revoked_at: string | null;
}

/** A tenant's own scenario: a library scenario's copy, edited by its operators. */
export interface TenantScenarioTable {
  id: string;
  tenant_id: string;
  /** The library scenario it was copied from. */
  copied_from: string | null;
  lure: ScenarioLure;
  difficulty: number;
  /** 1: the e-mail asks for a reply and has no link. */
  reply_based: number;
  /** JSON: the console's texts (title, summary, level_reason) per language. */
  texts: string;
  /** The validated campaign file, as JSON text. */
  content: string;
  created_at: string;
  updated_at: string;
}

/** The library scenario a campaign was started from (the programme report's difficulty). */
export interface CampaignScenarioTable {
  campaign_id: string;
  tenant_id: string;
  scenario_id: string;
  /** 1 (obvious) to 5 (hardest), as the scenario had it when the campaign was made. */
  difficulty: number;
  lure: ScenarioLure;
  created_at: string;
}

export type CampaignKind = 'simulation' | 'training';

/** A tenant's training policy (modules/training); booleans are 0/1. */
export interface TrainingPolicyTable {
  tenant_id: string;
  on_click: number;
  on_submit: number;
  reminder_days: number;
  praise_reporters: number;
  /** When automatic training was last turned on: clicks and reports before it are left alone. */
  active_since: string | null;
  updated_at: string;
}

/** Training assigned to a person after a simulation (or by an operator). */
export interface TrainingAssignmentTable {
  id: string;
  tenant_id: string;
  person_ref: string;
  source_campaign_id: string;
  /** The person's recipient row in the simulation, when they received it. */
  source_recipient_id: string | null;
  /** The person's recipient row in the training campaign: its rid is the training link. */
  training_recipient_id: string;
  reason: TrainingReason;
  assigned_at: string;
  reminded_at: string | null;
}

export type TrainingReason = 'clicked' | 'submitted' | 'manual';
export type TrainingMessageKind = 'invitation' | 'reminder' | 'praise';
export type TrainingMessageState = 'queued' | 'sending' | 'sent' | 'failed';

/** One training e-mail to one person; workers claim due rows (training/training.repository.ts). */
export interface TrainingMessageTable {
  id: string;
  tenant_id: string;
  kind: TrainingMessageKind;
  ref_id: string;
  person_ref: string;
  /** The simulation whose sending profile sends it. */
  campaign_id: string;
  state: TrainingMessageState;
  due_at: string;
  attempts: Generated<number>;
  claimed_by: string | null;
  lease_until: string | null;
  last_reply: string | null;
  message_id: string;
  sent_at: string | null;
  created_at: string;
}

/** A reusable e-mail template, as GoPhish's API writes it (its variables converted when a campaign is made). */
export interface EmailTemplateTable {
  id: string;
  tenant_id: string;
  name: string;
  subject: string;
  text: string;
  html: string;
  envelope_sender: string;
  created_at: string;
  modified_date: string;
}

/** A reusable landing page, as GoPhish's API writes it. */
export interface LandingPageTable {
  id: string;
  tenant_id: string;
  name: string;
  html: string;
  redirect_url: string;
  created_at: string;
  modified_date: string;
}

/** The integer id GoPhish's API addresses an object by, per tenant and kind. */
export interface GophishIdTable {
  tenant_id: string;
  kind: GophishObjectKind;
  gid: number;
  target_id: string;
}

/** What a campaign made through GoPhish's API was made from, as its script named them. */
export interface GophishCampaignTable {
  campaign_id: string;
  tenant_id: string;
  template_name: string;
  page_name: string;
  smtp_name: string;
  group_names: string;
  url: string;
  send_by_date: string | null;
}

export interface Database {
  tenants: TenantTable;
  api_keys: ApiKeyTable;
  campaigns: CampaignTable;
  recipients: RecipientTable;
  events: EventTable;
  journey_attempts: JourneyAttemptTable;
  url_reviews: UrlReviewTable;
  malicious_urls: MaliciousUrlTable;
  malicious_url_changes: MaliciousUrlChangeTable;
  reported_urls: ReportedUrlTable;
  reported_url_reporters: ReportedUrlReporterTable;
  rate_limits: RateLimitTable;
  visits: VisitTable;
  users: UserTable;
  sessions: SessionTable;
  recovery_codes: RecoveryCodeTable;
  sign_in_failures: SignInFailureTable;
  audit_log: AuditLogTable;
  previews: PreviewTable;
  network_recipients: NetworkRecipientTable;
  reviewer_links: ReviewerLinkTable;
  revoked_reviewer_links: RevokedReviewerLinkTable;
  sending_profiles: SendingProfileTable;
  sendings: SendingTable;
  outbox: OutboxTable;
  allowlist_checks: AllowlistCheckTable;
  allowlist_check_visits: AllowlistCheckVisitTable;
  mail_reports: MailReportTable;
  mail_intakes: MailIntakeTable;
  sso_configs: SsoConfigTable;
  sso_domains: SsoDomainTable;
  sso_logins: SsoLoginTable;
  webhook_endpoints: WebhookEndpointTable;
  webhook_deliveries: WebhookDeliveryTable;
  webhook_attempts: WebhookAttemptTable;
  people: PersonTable;
  people_filters: PeopleFilterTable;
  person_groups: PersonGroupTable;
  person_group_members: PersonGroupMemberTable;
  scim_tokens: ScimTokenTable;
  tenant_scenarios: TenantScenarioTable;
  campaign_scenarios: CampaignScenarioTable;
  campaign_assets: CampaignAssetTable;
  training_policies: TrainingPolicyTable;
  training_assignments: TrainingAssignmentTable;
  training_messages: TrainingMessageTable;
  email_templates: EmailTemplateTable;
  landing_pages: LandingPageTable;
  gophish_ids: GophishIdTable;
  gophish_campaigns: GophishCampaignTable;
  imported_timeline: ImportedTimelineTable;
  automations: AutomationTable;
  automation_messages: AutomationMessageTable;
  automation_campaigns: AutomationCampaignTable;
}

/** The database, or a transaction on it (a transaction is a `Kysely` too). */
/** An imported campaign's timeline as the other tool recorded it (no payload, no address). */
export interface ImportedTimelineTable {
  id: string;
  tenant_id: string;
  campaign_id: string;
  /** Null for the campaign's own entries ("Campaign Created"). */
  recipient_id: string | null;
  kind: ImportedEventKind;
  at: string;
}

export type Db = Kysely<Database>;

export type Tenant = Selectable<TenantTable>;
export type NewTenant = Insertable<TenantTable>;
export type NewApiKey = Insertable<ApiKeyTable>;
export type Campaign = Selectable<CampaignTable>;
export type NewCampaign = Insertable<CampaignTable>;
export type Recipient = Selectable<RecipientTable>;
export type NewRecipient = Insertable<RecipientTable>;
export type NewEvent = Insertable<EventTable>;
export type NewJourneyAttempt = Insertable<JourneyAttemptTable>;
export type NewUrlReview = Insertable<UrlReviewTable>;
export type NewVisit = Insertable<VisitTable>;
export type UserRow = Selectable<UserTable>;
export type NewUser = Insertable<UserTable>;
export type NewAuditEntry = Insertable<AuditLogTable>;
export type PreviewRow = Selectable<PreviewTable>;
export type NewPreview = Insertable<PreviewTable>;
export type SendingProfileRow = Selectable<SendingProfileTable>;
export type SendingRow = Selectable<SendingTable>;
export type PersonRow = Selectable<PersonTable>;
export type NewPerson = Insertable<PersonTable>;
export type PeopleFilterRow = Selectable<PeopleFilterTable>;
export type OutboxRow = Selectable<OutboxTable>;
export type TenantScenarioRow = Selectable<TenantScenarioTable>;
export type NewTenantScenario = Insertable<TenantScenarioTable>;
export type EmailTemplateRow = Selectable<EmailTemplateTable>;
export type LandingPageRow = Selectable<LandingPageTable>;

/** A recurring programme of simulations (modules/automations). `audience` is audienceSchema's JSON. */
export interface AutomationTable {
  id: string;
  tenant_id: string;
  name: string;
  audience: string;
  profile_id: string;
  starting_level: number;
  /** Minutes after local midnight in each person's time zone; Monday to Friday. */
  window_start: number;
  window_end: number;
  /** For people whose own time zone is not known. */
  time_zone: string;
  state: AutomationState;
  created_at: string;
  updated_at: string;
}

/** One person's message of one month: UNIQUE (automation_id, person_ref, month). */
export interface AutomationMessageTable {
  id: string;
  tenant_id: string;
  automation_id: string;
  person_ref: string;
  month: string;
  level: number;
  previous_level: number | null;
  reason: LevelReason;
  needs_training: number;
  scenario_id: string | null;
  scenario_difficulty: number | null;
  time_zone: string;
  planned_at: string | null;
  state: AutomationMessageState;
  skip_reason: SkipReason | null;
  campaign_id: string | null;
  recipient_id: string | null;
  created_at: string;
  queued_at: string | null;
}

export interface AutomationCampaignTable {
  automation_id: string;
  month: string;
  scenario_id: string;
  tenant_id: string;
  campaign_id: string;
  created_at: string;
}

export type AutomationRow = Selectable<AutomationTable>;
export type AutomationMessageRow = Selectable<AutomationMessageTable>;
export type NewAutomationMessage = Insertable<AutomationMessageTable>;
