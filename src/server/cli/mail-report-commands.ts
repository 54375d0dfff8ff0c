/**
 * `hookwise mail-reports …`: a tenant's report intake (the IMAP mailbox, the SMTP intake's
 * addresses), what follows reports (reviewers mailed, answers to reporters), the reports
 * received and their clusters, and one message handed in from a file (an .eml).
 */
import { readFile } from 'node:fs/promises';
import type { Command } from 'commander';
import { mailIntakeInputSchema, reportFollowupInputSchema, type MailIntake } from '@shared/mail-reports';
import { mailIntake, setMailIntake } from '../modules/mail-reports/mail-intake.service';
import { ingestReport, mailReports } from '../modules/mail-reports/mail-reports.service';
import { decideCluster, reportClusters } from '../modules/mail-reports/report-clusters.service';
import { reportFollowup, setReportFollowup } from '../modules/mail-reports/report-followup.service';
import { requireTenant } from '../modules/tenants/tenants.service';
import { withDatabase } from './cli-context';
import { formatTable, output } from './output';

const csvList = (value: string | undefined) =>
  value === undefined
    ? undefined
    : value
        .split(',')
        .map((part) => part.trim())
        .filter(Boolean);

const VERDICTS: Record<string, 'TP' | 'FP' | undefined> = { malicious: 'TP', harmless: 'FP' };

interface IntakeOptions {
  tenant: string;
  imap?: 'on' | 'off';
  imapHost?: string;
  imapPort?: string;
  imapTls?: 'on' | 'off';
  imapUser?: string;
  imapPasswordFile?: string;
  imapFolder?: string;
  processedFolder?: string;
  smtpAddresses?: string;
  smtpDomains?: string;
  json?: boolean;
}

function intakeText(intake: MailIntake): string {
  const { imap, smtp } = intake;
  return [
    `IMAP mailbox:     ${imap.enabled ? `${imap.user ?? '-'} at ${imap.host ?? '-'}:${imap.port ?? '-'}${imap.tls ? ' (TLS)' : ''}, folder ${imap.folder} → ${imap.processed_folder}` : 'off'}`,
    `Password:         ${imap.password_set ? 'set' : 'not set'}`,
    `Last read:        ${imap.last_poll_at ?? 'never'}${imap.last_error ? ` — ${imap.last_error}` : ''}`,
    `SMTP addresses:   ${smtp.addresses.join(', ') || '(none)'}`,
    `Allowed senders:  ${smtp.allowed_domains.join(', ') || '(the addresses’ own domains)'}`,
    `SMTP intake:      ${smtp.listening ? 'listening on this server' : 'not running here (set SMTP_INTAKE_PORT)'}`,
  ].join('\n');
}

export function addMailReportCommands(program: Command): void {
  const mail = program
    .command('mail-reports')
    .description('reported mail: the intake, what follows reports, the reports and their clusters');

  mail
    .command('intake')
    .description("show, or change, how a tenant's reports come in (only the options given change)")
    .requiredOption('--tenant <id>', 'tenant id')
    .option('--imap <on|off>', 'read an IMAP mailbox on a schedule')
    .option('--imap-host <host>', 'the IMAP server')
    .option('--imap-port <port>', 'its port (993 with TLS, 143 without)')
    .option('--imap-tls <on|off>', 'implicit TLS (IMAPS)')
    .option('--imap-user <user>', 'the mailbox user')
    .option('--imap-password-file <file>', 'a file holding the password (never an argument)')
    .option('--imap-folder <folder>', 'the folder read (default INBOX)')
    .option('--processed-folder <folder>', 'where read messages are moved (default Processed)')
    .option('--smtp-addresses <list>', 'addresses the SMTP intake takes reports at, comma-separated')
    .option('--smtp-domains <list>', 'domains reports may come from, comma-separated')
    .option('--json', 'print JSON')
    .action((options: IntakeOptions) =>
      withDatabase(async (config, { db }) => {
        const current = await mailIntake(db, config, options.tenant);
        const changing = Object.keys(options).some((key) => key !== 'tenant' && key !== 'json');
        if (!changing) return output(options, current, () => intakeText(current));
        const password = options.imapPasswordFile
          ? (await readFile(options.imapPasswordFile, 'utf8')).trim()
          : undefined;
        const input = mailIntakeInputSchema.parse({
          imap: {
            enabled: options.imap === undefined ? current.imap.enabled : options.imap === 'on',
            host: options.imapHost ?? current.imap.host,
            port: options.imapPort === undefined ? current.imap.port : Number(options.imapPort),
            tls: options.imapTls === undefined ? current.imap.tls : options.imapTls === 'on',
            user: options.imapUser ?? current.imap.user,
            ...(password === undefined ? {} : { password }),
            folder: options.imapFolder ?? current.imap.folder,
            processed_folder: options.processedFolder ?? current.imap.processed_folder,
          },
          smtp: {
            addresses: csvList(options.smtpAddresses) ?? current.smtp.addresses,
            allowed_domains: csvList(options.smtpDomains) ?? current.smtp.allowed_domains,
          },
        });
        const saved = await setMailIntake(db, config, options.tenant, input);
        output(options, saved, () => intakeText(saved));
      }),
    );

  mail
    .command('followup')
    .description('show, or change, who is mailed reviewer links and whether reporters are answered')
    .requiredOption('--tenant <id>', 'tenant id')
    .option('--profile <id>', 'the sending profile these messages go through')
    .option('--reviewers <list>', "reviewers' addresses, comma-separated")
    .option('--interval <minutes>', 'at most one reviewer mail per this many minutes')
    .option('--answers <on|off>', 'answer reporters (off by default)')
    .option('--answer-domains <list>', 'answer only reporters at these domains, comma-separated')
    .option('--pseudonymous <on|off>', 'keep reporters pseudonymous (their address only sealed)')
    .option('--json', 'print JSON')
    .action(
      (options: {
        tenant: string;
        profile?: string;
        reviewers?: string;
        interval?: string;
        answers?: 'on' | 'off';
        answerDomains?: string;
        pseudonymous?: 'on' | 'off';
        json?: boolean;
      }) =>
        withDatabase(async (_config, { db }) => {
          const current = await reportFollowup(db, options.tenant);
          const changing = Object.keys(options).some((key) => key !== 'tenant' && key !== 'json');
          const result = changing
            ? await setReportFollowup(
                db,
                options.tenant,
                reportFollowupInputSchema.parse({
                  reviewers: csvList(options.reviewers) ?? current.reviewers,
                  profile_id: options.profile ?? current.profile_id,
                  reviewer_interval_minutes:
                    options.interval === undefined
                      ? current.reviewer_interval_minutes
                      : Number(options.interval),
                  answers_enabled:
                    options.answers === undefined ? current.answers_enabled : options.answers === 'on',
                  answer_domains: csvList(options.answerDomains) ?? current.answer_domains,
                  pseudonymous_reporters:
                    options.pseudonymous === undefined
                      ? current.pseudonymous_reporters
                      : options.pseudonymous === 'on',
                  answer_texts: current.answer_texts,
                }),
              )
            : current;
          // Hookwise's own texts in 19 languages are for the console's editor, not for a terminal.
          output(options, { ...result, default_texts: undefined }, () =>
            [
              `Reviewers:        ${result.reviewers.join(', ') || '(none)'}`,
              `Sending profile:  ${result.profile_id ?? '(none)'}`,
              `Reviewer mail:    at most every ${result.reviewer_interval_minutes} minutes`,
              `Answers:          ${result.answers_enabled ? `on, to ${result.answer_domains.join(', ') || '(no domain)'}` : 'off'}`,
              `Reporters:        ${result.pseudonymous_reporters ? 'pseudonymous' : 'by address'}`,
            ].join('\n'),
          );
        }),
    );

  mail
    .command('list')
    .description('the reports received, newest first (--clusters: one line per reported message)')
    .requiredOption('--tenant <id>', 'tenant id')
    .option('--clusters', 'group reports of the same message')
    .option('--json', 'print JSON')
    .action((options: { tenant: string; clusters?: boolean; json?: boolean }) =>
      withDatabase(async (_config, { db }) => {
        if (options.clusters) {
          const clusters = await reportClusters(db, options.tenant, 100);
          return output(options, clusters, () =>
            formatTable(
              clusters.map((c) => ({
                cluster: c.cluster,
                reporters: c.reporters,
                sender: c.latest.sender,
                subject: c.latest.subject,
                urls: c.latest.urls.length,
                last: c.last_at,
                decision: c.decision ?? 'pending',
              })),
            ),
          );
        }
        const reports = await mailReports(db, options.tenant, 100);
        output(options, reports, () =>
          formatTable(
            reports.map((r) => ({
              received: r.received_at,
              reporter: r.reporter,
              outcome: r.outcome,
              subject: r.subject,
              urls: r.urls.length,
              error: r.error,
            })),
          ),
        );
      }),
    );

  mail
    .command('decide <cluster> <verdict>')
    .description("one verdict for a cluster's URLs: malicious or harmless, as a reviewer's decision")
    .requiredOption('--tenant <id>', 'tenant id')
    .option('--json', 'print JSON')
    .action((cluster: string, verdict: string, options: { tenant: string; json?: boolean }) =>
      withDatabase(async (_config, { db }) => {
        const decision = VERDICTS[verdict];
        if (!decision) throw new Error('The verdict is "malicious" or "harmless"');
        const decided = await decideCluster(db, options.tenant, { cluster, decision });
        output(options, decided, () =>
          [`Decided ${verdict}: ${decided.urls.length} URL(s)`, ...decided.urls.map((u) => `  ${u}`)].join(
            '\n',
          ),
        );
      }),
    );

  mail
    .command('ingest <file>')
    .description('hand in one reported message from a file (an .eml, as it would arrive)')
    .requiredOption('--tenant <id>', 'tenant id')
    .option('--json', 'print JSON')
    .action((file: string, options: { tenant: string; json?: boolean }) =>
      withDatabase(async (config, { db }) => {
        await requireTenant(db, options.tenant);
        const report = await ingestReport(db, options.tenant, await readFile(file), {
          source: 'api',
          secretsKey: config.secretsKey,
        });
        output(options, report, () =>
          [
            `Report:   ${report.id}`,
            `Became:   ${report.outcome}${report.error ? ` — ${report.error}` : ''}`,
            ...(report.credited ? [`Credited: ${report.credited} recipient(s)`] : []),
            ...report.urls.map((url) => `URL:      ${url}`),
          ].join('\n'),
        );
      }),
    );
}
