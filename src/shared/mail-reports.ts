/**
 * Reported mail (/api/admin/mail-intake, /api/admin/mail-reports): how a tenant's reports come
 * in (an IMAP mailbox read on a schedule, addresses on the SMTP intake), and what each report
 * became — for the server's serializer, the console and `hookwise reports … --json`.
 */
import { z } from 'zod';
import { LANGUAGE_CODES } from './languages';

const domain = z
  .string()
  .trim()
  .toLowerCase()
  .regex(
    /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/,
    'a domain such as acme.example',
  );

/** PUT /api/admin/mail-intake: each intake is off until configured. */
export const mailIntakeInputSchema = z.object({
  imap: z.object({
    enabled: z.boolean(),
    host: z.string().trim().min(1).max(253).nullable(),
    port: z.number().int().min(1).max(65535).nullable(),
    tls: z
      .boolean()
      .describe('implicit TLS (IMAPS, usually 993); false: plain or STARTTLS when offered (143)'),
    user: z.string().trim().min(1).max(320).nullable(),
    /** Write-only: answers only say whether one is set. Omitted: the stored one is kept. */
    password: z.string().min(1).max(1000).optional(),
    folder: z.string().trim().min(1).max(200).default('INBOX'),
    processed_folder: z.string().trim().min(1).max(200).default('Processed'),
  }),
  smtp: z.object({
    addresses: z
      .array(z.email().trim().toLowerCase())
      .max(20)
      .describe('addresses the SMTP intake takes reports at'),
    allowed_domains: z
      .array(domain)
      .max(50)
      .describe('domains reports may come from (MAIL FROM); empty: the domains of the addresses above'),
  }),
});
export type MailIntakeInput = z.infer<typeof mailIntakeInputSchema>;

export const mailIntakeSchema = z.object({
  imap: z.object({
    enabled: z.boolean(),
    host: z.string().nullable(),
    port: z.number().int().nullable(),
    tls: z.boolean(),
    user: z.string().nullable(),
    password_set: z.boolean(),
    folder: z.string(),
    processed_folder: z.string(),
    last_poll_at: z.string().nullable(),
    last_error: z.string().nullable().describe('why the last read of the mailbox failed, in plain words'),
  }),
  smtp: z.object({
    addresses: z.array(z.string()),
    allowed_domains: z.array(z.string()),
    listening: z.boolean().describe('whether this server runs the SMTP intake (SMTP_INTAKE_PORT)'),
  }),
});
export type MailIntake = z.infer<typeof mailIntakeSchema>;

export const MAIL_REPORT_OUTCOMES = ['simulation', 'queued', 'no_urls', 'failed'] as const;
export type MailReportOutcome = (typeof MAIL_REPORT_OUTCOMES)[number];

/** What a reported message turned out to be, as its reporter is told. */
export const REPORT_DECISIONS = ['real', 'safe', 'simulation'] as const;
export type ReportDecision = (typeof REPORT_DECISIONS)[number];
export const ANSWER_KINDS = ['receipt', ...REPORT_DECISIONS] as const;
export type AnswerKind = (typeof ANSWER_KINDS)[number];

export const REWRITERS = ['safelinks', 'proofpoint', 'mimecast', 'google'] as const;

export const mailReportSchema = z.object({
  id: z.string(),
  received_at: z.string(),
  source: z.enum(['imap', 'smtp', 'api']),
  reporter: z.string().nullable(),
  outcome: z.enum(MAIL_REPORT_OUTCOMES),
  error: z.string().nullable().describe('why a failed report could not be read'),
  sender: z.string().nullable().describe("the reported message's From"),
  subject: z.string(),
  reply_to: z.string().nullable(),
  return_path: z.string().nullable(),
  authentication_results: z.array(z.string()),
  received: z.array(z.string()).describe('the Received path, newest first, as text'),
  urls: z.array(z.object({ url: z.string(), written: z.string(), via: z.array(z.enum(REWRITERS)) })),
  credited: z.number().int().describe('recipients credited with reporting a simulation'),
  notes: z.array(z.string()),
  cluster: z.string().nullable(),
});
export type MailReport = z.infer<typeof mailReportSchema>;

export const mailReportsSchema = z.object({ reports: z.array(mailReportSchema) });

/** GET /api/admin/mail-reports and /clusters: the newest `limit`. */
export const mailReportsQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(500).default(100),
});

/** Reports of the same real message (same sender, subject and URLs) as one line of triage. */
export const reportClusterSchema = z.object({
  cluster: z.string(),
  reports: z.number().int(),
  reporters: z.number().int(),
  first_at: z.string(),
  last_at: z.string(),
  latest: mailReportSchema,
  /** What the reviewers decided on its URLs: all malicious (TP), all harmless (FP), some of each, or none yet. */
  decision: z.enum(['TP', 'FP', 'mixed']).nullable(),
});
export const reportClustersSchema = z.object({ clusters: z.array(reportClusterSchema) });
export type ReportCluster = z.infer<typeof reportClusterSchema>;

/** POST /api/admin/mail-reports/clusters/decision: one verdict for every URL of a cluster. */
export const clusterDecisionInputSchema = z.object({
  cluster: z.string().trim().min(1).max(200),
  decision: z.enum(['TP', 'FP']),
});
export const clusterDecisionSchema = z.object({
  cluster: z.string(),
  decision: z.enum(['TP', 'FP']),
  /** The URLs decided: every URL of the cluster's reports. */
  urls: z.array(z.string()),
});
export type ClusterDecision = z.infer<typeof clusterDecisionSchema>;

/** POST /api/admin/mail-reports: one message as it would arrive (message/rfc822, up to 25 MB). */
export const ingestedReportSchema = z.object({
  id: z.string(),
  outcome: z.enum(MAIL_REPORT_OUTCOMES),
  credited: z.number().int(),
  urls: z.array(z.string()),
  cluster: z.string().nullable(),
  error: z.string().nullable(),
});
export type IngestedReport = z.infer<typeof ingestedReportSchema>;

const answerText = z.object({
  subject: z.string().trim().min(1).max(300),
  text: z.string().trim().min(1).max(5000),
});

/**
 * PUT /api/admin/report-followup: reviewers mailed their /poll link when URLs wait (at most once
 * per interval), and answers to reporters (off by default; only to `answer_domains`). Texts not
 * given are Hookwise's own, in the reporter's language; `{{subject}}` is the reported subject.
 */
export const reportFollowupInputSchema = z.object({
  reviewers: z.array(z.email().trim().toLowerCase()).max(50),
  profile_id: z.string().min(1).max(100).nullable().describe('the sending profile these messages go through'),
  reviewer_interval_minutes: z.number().int().min(5).max(10080).default(60),
  answers_enabled: z.boolean(),
  /** Reports keep a pseudonym for their reporter (the same for the same person), the address only sealed. */
  pseudonymous_reporters: z.boolean().default(false),
  answer_domains: z.array(domain).max(50).describe('reporters are answered only at these domains'),
  answer_texts: z
    .partialRecord(z.enum(ANSWER_KINDS), z.partialRecord(z.enum(LANGUAGE_CODES), answerText))
    .default({}),
});
export type ReportFollowupInput = z.infer<typeof reportFollowupInputSchema>;

export const reportFollowupSchema = reportFollowupInputSchema.extend({
  reviewers_mailed_at: z.string().nullable(),
  /** Hookwise's own texts, per kind and language: what is sent where answer_texts says nothing. */
  default_texts: z.record(z.string(), z.record(z.string(), answerText)),
});
export type ReportFollowup = z.infer<typeof reportFollowupSchema>;
