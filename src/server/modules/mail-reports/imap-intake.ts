/**
 * The report mailbox, read on a schedule (imapflow): every message in the folder is read —
 * seen or not, so a message someone opened in a mail client is not skipped — turned into a report
 * (mail-reports.service.ts) and moved to the processed folder. A message that could not be read
 * stays in the folder, unread (fetched with BODY.PEEK), and its failed report says why.
 *
 * Exactly once, whatever drops: each message's report carries the mailbox, its UIDVALIDITY and the
 * message's UID (`source_key`), written with the report; a message whose report exists is only
 * moved (the move was lost), never read again. One reader per mailbox across instances: a lease
 * in the database.
 */
import { ImapFlow } from 'imapflow';
import type { Config } from '@server/config';
import type { Db } from '@server/db/schema';
import { nowIso } from '@server/lib/ids';
import { open } from '@server/lib/secret-box';
import { claimMailbox, findMailIntake, listImapTenants, updateMailIntake } from './mail-intake.repository';
import { findReportBySourceKey } from './mail-reports.repository';
import { ingestReport } from './mail-reports.service';

/** A read of the mailbox taking longer than this is presumed dead, and another may start. */
const LEASE_MS = 10 * 60_000;
const CONNECT_TIMEOUT_MS = 20_000;

export interface MailboxRead {
  read: number;
  moved: number;
  failed: number;
}

/** The plain words of a connection or login failure, for the console (never the password). */
function reason(error: unknown): string {
  if (!(error instanceof Error)) return 'The mailbox could not be read';
  const e = error as Error & { code?: string; authenticationFailed?: boolean; responseText?: string };
  if (e.authenticationFailed) return 'The mail server refused the user name or password';
  if (e.code === 'ECONNREFUSED') return 'The mail server refused the connection (check host and port)';
  if (e.code === 'ENOTFOUND') return 'The mail server’s name was not found';
  if (e.code === 'ETIMEDOUT' || e.code === 'CONNECT_TIMEOUT') return 'The mail server did not answer in time';
  return (e.responseText ?? e.message).slice(0, 300);
}

export async function readMailbox(
  db: Db,
  config: Config,
  tenantId: string,
): Promise<MailboxRead | undefined> {
  const now = new Date();
  if (
    !(await claimMailbox(db, tenantId, now.toISOString(), new Date(now.getTime() + LEASE_MS).toISOString()))
  ) {
    return undefined;
  }
  const intake = await findMailIntake(db, tenantId);
  if (!intake?.imap_host || !intake.imap_port || !intake.imap_user || !intake.imap_password_sealed) {
    await updateMailIntake(db, tenantId, {
      poll_lease_until: null,
      last_error: 'The mailbox is not fully set up',
    });
    return undefined;
  }
  const client = new ImapFlow({
    host: intake.imap_host,
    port: intake.imap_port,
    secure: intake.imap_tls === 1,
    auth: { user: intake.imap_user, pass: open(config.secretsKey, intake.imap_password_sealed) },
    logger: false,
    connectionTimeout: CONNECT_TIMEOUT_MS,
    disableAutoIdle: true,
  });
  // A dropped connection is reported through the command in flight; this keeps it off the process.
  client.on('error', () => undefined);
  const counts: MailboxRead = { read: 0, moved: 0, failed: 0 };
  try {
    await client.connect();
    const lock = await client.getMailboxLock(intake.imap_folder);
    try {
      const mailbox = `imap:${intake.imap_host}/${intake.imap_user}/${intake.imap_folder}/${String(client.mailbox && client.mailbox.uidValidity)}`;
      const uids = (await client.search({ all: true }, { uid: true })) || [];
      let processedExists = false;
      for (const uid of uids) {
        const sourceKey = `${mailbox}/${uid}`;
        let known = await findReportBySourceKey(db, tenantId, sourceKey);
        if (!known) {
          const message = await client.fetchOne(
            String(uid),
            { source: true, internalDate: true },
            { uid: true },
          );
          if (!message || !message.source) continue;
          const report = await ingestReport(db, tenantId, message.source, {
            source: 'imap',
            sourceKey,
            secretsKey: config.secretsKey,
          });
          counts.read++;
          known = { id: report.id, outcome: report.outcome };
        }
        if (known.outcome === 'failed') {
          counts.failed++;
          continue;
        }
        if (!processedExists) {
          await client.mailboxCreate(intake.imap_processed_folder).catch(() => undefined);
          processedExists = true;
        }
        await client.messageMove(String(uid), intake.imap_processed_folder, { uid: true });
        counts.moved++;
      }
    } finally {
      lock.release();
    }
    await client.logout();
    await updateMailIntake(db, tenantId, {
      poll_lease_until: null,
      last_poll_at: nowIso(),
      last_error: null,
    });
    return counts;
  } catch (error) {
    client.close();
    await updateMailIntake(db, tenantId, {
      poll_lease_until: null,
      last_poll_at: nowIso(),
      last_error: reason(error),
    });
    throw error;
  }
}

export function imapTenants(db: Db) {
  return listImapTenants(db);
}
