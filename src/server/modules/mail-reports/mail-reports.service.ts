/**
 * Reported mail, read and sorted: each report is parsed (parse-report.ts) and becomes one of
 *  - a simulation: a link carries one of the tenant's rids, or the report carries the
 *    Message-ID the outbox gave one of its messages → those recipients are credited with the
 *    report (once, at the report's time);
 *  - a real suspicious message: every URL it shows, links to or carries in a QR code, unwrapped
 *    and normalised, goes to the reviewers' queue with the reporter; reports of the same
 *    message (same sender, subject and URL set) share a cluster key;
 *  - one without URLs, kept for a person;
 *  - one that could not be read (too large, not a message, nested too deep): kept whole, with
 *    the reason in plain words, never lost.
 * The row, the credits and the queued URLs are written in one transaction.
 */
import { createHash } from 'node:crypto';
import type { Db } from '@server/db/schema';
import { inTransaction } from '@server/db/transaction';
import { newRowId, nowIso, RID_PATTERN } from '@server/lib/ids';
import { creditReportedMessage } from '../report-button/report-button.service';
import { reportUrls } from '../reported-urls/reported-urls.service';
import { collectUrls, urlsInHtml, urlsInText, type FoundUrl } from './extract-urls';
import type { MailReport, MailReportOutcome } from '@shared/mail-reports';
import { requireTenant } from '../tenants/tenants.service';
import { findMailIntake } from './mail-intake.repository';
import { insertMailReport, listMailReports } from './mail-reports.repository';
import { storedReporter } from './reporter-pseudonym';
import { MAX_MESSAGE_BYTES, parseReport, ReportRejected, type ParsedReport } from './parse-report';
import { qrCodeIn } from './qr-images';
import { unwrapUrl } from './unwrap-url';

export type ReportSource = 'imap' | 'smtp' | 'api';

export interface IngestedReport {
  id: string;
  outcome: MailReportOutcome;
  credited: number;
  urls: string[];
  clusterKey: string | null;
  error: string | null;
}

/** The rids in a report's links (unwrapped first: a Safe Link hides the rid in its `url=`). */
export function ridsIn(written: Iterable<string>): string[] {
  const rids = new Set<string>();
  for (const raw of written) {
    let url: URL;
    try {
      url = new URL(unwrapUrl(raw).url);
    } catch {
      continue;
    }
    const rid = url.searchParams.get('rid');
    if (rid && RID_PATTERN.test(rid)) rids.add(rid);
  }
  return [...rids];
}

/** Same sender, subject and set of URLs: the same message, whoever reported it. */
export function clusterKeyOf(sender: string | null, subject: string, urls: readonly string[]): string {
  const material = [sender?.toLowerCase() ?? '', subject.trim().toLowerCase(), ...[...urls].sort()].join(
    '\n',
  );
  return createHash('sha256').update(material).digest('hex').slice(0, 32);
}

function writtenUrls(report: ParsedReport): { written: string[]; notes: string[] } {
  const written = [...report.texts.flatMap(urlsInText), ...report.htmls.flatMap(urlsInHtml)];
  const notes: string[] = [];
  for (const image of report.images) {
    const qr = qrCodeIn(image.content, image.contentType);
    if (qr.kind === 'code') written.push(...urlsInText(qr.text));
    if (qr.kind === 'refused') notes.push(`an image was not read: ${qr.reason}`);
  }
  return { written, notes };
}

function headersOf(report: ParsedReport) {
  const r = report.reported;
  return JSON.stringify({
    reply_to: r.replyTo,
    return_path: r.returnPath,
    authentication_results: r.authenticationResults,
    received: r.received,
  });
}

export interface ReportOrigin {
  source: ReportSource;
  /** Where it was read from, when that can be read again (a mailbox's message): read once. */
  sourceKey?: string;
  receivedAt?: string;
  /** SECRETS_KEY: needed where the tenant keeps reporters pseudonymous (reporter-pseudonym.ts). */
  secretsKey?: string;
}

/** How this tenant keeps reporters: by address, or by pseudonym (then the key is needed). */
async function pseudonymity(db: Db, tenantId: string, secretsKey: string | undefined) {
  const intake = await findMailIntake(db, tenantId);
  if (intake?.pseudonymous_reporters !== 1) return undefined;
  if (!secretsKey)
    throw new Error('Reporters are kept pseudonymous here: reading a report needs SECRETS_KEY');
  return { secretsKey, tenantId };
}

export async function ingestReport(
  db: Db,
  tenantId: string,
  raw: Buffer,
  origin: ReportOrigin,
): Promise<IngestedReport> {
  const { source, sourceKey = null, receivedAt = nowIso() } = origin;
  const id = newRowId();
  let report: ParsedReport;
  try {
    report = await parseReport(raw);
  } catch (error) {
    const message =
      error instanceof ReportRejected
        ? error.message
        : 'The message could not be read as e-mail (malformed MIME)';
    await insertMailReport(db, {
      id,
      tenant_id: tenantId,
      received_at: receivedAt,
      source,
      reporter: null,
      reporter_sealed: null,
      outcome: 'failed',
      error: message,
      sender: null,
      subject: '',
      headers: '{}',
      urls: '[]',
      notes: '[]',
      cluster_key: null,
      source_key: sourceKey,
      // Too large to keep here: it stays where it came from (the mailbox; the SMTP intake refuses it).
      raw: raw.length > MAX_MESSAGE_BYTES ? null : raw.toString('base64'),
    });
    return { id, outcome: 'failed', credited: 0, urls: [], clusterKey: null, error: message };
  }

  const reporter = storedReporter(
    report.reporter.address,
    await pseudonymity(db, tenantId, origin.secretsKey),
  );
  const { written, notes } = writtenUrls(report);
  const rids = ridsIn(written);
  return inTransaction(db, async (trx) => {
    const credited = await creditReportedMessage(
      trx,
      tenantId,
      { rids, messageIds: report.messageIds },
      receivedAt,
    );
    const found: FoundUrl[] = credited > 0 ? [] : collectUrls(written).urls;
    const urls = found.map((f) => f.url);
    const outcome: MailReportOutcome = credited > 0 ? 'simulation' : urls.length ? 'queued' : 'no_urls';
    const clusterKey =
      outcome === 'queued' ? clusterKeyOf(report.reported.from, report.reported.subject, urls) : null;
    if (urls.length) await reportUrls(trx, tenantId, { urls, reporter: reporter.reporter ?? undefined });
    await insertMailReport(trx, {
      id,
      tenant_id: tenantId,
      received_at: receivedAt,
      source,
      ...reporter,
      outcome,
      error: null,
      sender: report.reported.from,
      subject: report.reported.subject.slice(0, 500),
      headers: headersOf(report),
      urls: JSON.stringify(found),
      credited,
      notes: JSON.stringify([...report.notes, ...notes]),
      cluster_key: clusterKey,
      raw: null,
      source_key: sourceKey,
    });
    return { id, outcome, credited, urls, clusterKey, error: null };
  });
}

export type ReportRow = Awaited<ReturnType<typeof listMailReports>>[number];

export const parsed = <T>(json: string, fallback: T): T => {
  try {
    return JSON.parse(json) as T;
  } catch {
    return fallback;
  }
};

export function readable(row: ReportRow): MailReport {
  const headers = parsed<{
    reply_to?: string | null;
    return_path?: string | null;
    authentication_results?: string[];
    received?: string[];
  }>(row.headers, {});
  return {
    id: row.id,
    received_at: row.received_at,
    source: row.source,
    reporter: row.reporter,
    outcome: row.outcome,
    error: row.error,
    sender: row.sender,
    subject: row.subject,
    reply_to: headers.reply_to ?? null,
    return_path: headers.return_path ?? null,
    authentication_results: headers.authentication_results ?? [],
    received: headers.received ?? [],
    urls: parsed<MailReport['urls']>(row.urls, []),
    credited: Number(row.credited),
    notes: parsed<string[]>(row.notes, []),
    cluster: row.cluster_key,
  };
}

export async function mailReports(db: Db, tenantId: string, limit: number): Promise<MailReport[]> {
  await requireTenant(db, tenantId);
  return (await listMailReports(db, tenantId, limit)).map(readable);
}
