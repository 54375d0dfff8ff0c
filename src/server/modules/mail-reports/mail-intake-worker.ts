/**
 * Runs the intakes while the server runs: every MAIL_INTAKE_POLL_SECONDS each tenant's report
 * mailbox is read (one reader per mailbox across instances) and the mail that follows reports
 * goes out (report-mailer.ts), and the SMTP intake listens on
 * SMTP_INTAKE_PORT when set. A mailbox that cannot be read says why in its settings (last_error)
 * and is tried again next time; nothing in it is lost meanwhile.
 */
import type { AppContext } from '@server/context';
import { actingAs, SYSTEM_ACTOR } from '../audit/actor-context';
import { imapTenants, readMailbox } from './imap-intake';
import { runReportMailer } from './report-mailer';
import { smtpIntakeServer } from './smtp-intake';

interface Log {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
}

export interface MailIntakeRunner {
  /** The SMTP intake's port once listening (0 asks for a free one), undefined without one. */
  smtpPort(): number | undefined;
  stop(): Promise<void>;
}

export async function startMailIntake(ctx: AppContext, log: Log): Promise<MailIntakeRunner> {
  const { db } = ctx.database;
  const { mailIntake } = ctx.config;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();

  const readAll = async () => {
    for (const { tenant_id: tenantId } of await imapTenants(db)) {
      if (stopped) return;
      try {
        const read = await actingAs(SYSTEM_ACTOR, () => readMailbox(db, ctx.config, tenantId));
        if (read && read.read + read.moved > 0) log.info({ tenantId, ...read }, 'report mailbox read');
      } catch (error) {
        log.warn({ tenantId, err: error }, 'report mailbox could not be read');
      }
    }
    // Then what follows reports: reviewers' links, answers to reporters.
    if (!stopped) await actingAs(SYSTEM_ACTOR, () => runReportMailer(db, ctx.config, log));
  };
  const tick = () => {
    running = readAll()
      .catch((error: unknown) => log.warn({ err: error }, 'report mailboxes could not be listed'))
      .finally(() => {
        if (!stopped) timer = setTimeout(tick, mailIntake.pollSeconds * 1000).unref();
      });
  };
  if (mailIntake.worker) timer = setTimeout(tick, 1000).unref();

  const smtp =
    mailIntake.smtpPort === undefined ? undefined : smtpIntakeServer(db, log, ctx.config.secretsKey);
  if (smtp && mailIntake.smtpPort !== undefined) {
    const port = mailIntake.smtpPort;
    await new Promise<void>((resolve, reject) => {
      smtp.once('error', reject);
      smtp.listen(port, mailIntake.smtpHost, () => resolve());
    });
  }
  return {
    smtpPort: () => {
      const address = smtp?.server.address();
      return typeof address === 'object' && address ? address.port : undefined;
    },
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      await running;
      if (smtp) await new Promise<void>((resolve) => smtp.close(() => resolve()));
    },
  };
}
