/**
 * The SMTP intake (smtp-server): a listener on its own port for a mail team's forwarding rule or
 * journaling. It takes mail only for the tenants' intake addresses, only from the domains each
 * tenant allows, up to the report size limit, and answers 250 only once the report is stored —
 * so a report is either in Hookwise or still with the sending server, never lost between.
 */
import { SMTPServer, type SMTPServerAddress, type SMTPServerSession } from 'smtp-server';
import type { Db } from '@server/db/schema';
import { actingAs, SYSTEM_ACTOR } from '../audit/actor-context';
import { smtpRoute } from './mail-intake.service';
import { ingestReport } from './mail-reports.service';
import { MAX_MESSAGE_BYTES } from './parse-report';
import { domainOf } from './stored-values';

interface Log {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
}

function smtpError(message: string, responseCode: number): Error & { responseCode: number } {
  return Object.assign(new Error(message), { responseCode });
}

/** The tenants this message is for, each once: set by RCPT TO, kept on the session. */
const routes = new WeakMap<SMTPServerSession, Set<string>>();

export function smtpIntakeServer(db: Db, log: Log, secretsKey?: string): SMTPServer {
  return new SMTPServer({
    name: 'intake',
    banner: 'ready',
    authOptional: true,
    disabledCommands: ['AUTH'],
    size: MAX_MESSAGE_BYTES,
    logger: false,
    onRcptTo(address: SMTPServerAddress, session, callback) {
      void (async () => {
        const route = await smtpRoute(db, address.address);
        if (!route) return callback(smtpError('No such mailbox here', 550));
        const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
        if (!from || !route.allowedDomains.includes(domainOf(from))) {
          return callback(smtpError('Reports are not taken from this sender', 550));
        }
        const tenants = routes.get(session) ?? new Set<string>();
        tenants.add(route.tenantId);
        routes.set(session, tenants);
        callback();
      })().catch(() => callback(smtpError('Try again later', 451)));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const streamWithSize = stream as typeof stream & { sizeExceeded?: boolean };
        if (streamWithSize.sizeExceeded)
          return callback(smtpError('The message is too large for a report', 552));
        const raw = Buffer.concat(chunks);
        const tenants = [...(routes.get(session) ?? [])];
        void actingAs(SYSTEM_ACTOR, async () => {
          for (const tenantId of tenants) {
            const report = await ingestReport(db, tenantId, raw, { source: 'smtp', secretsKey });
            log.info({ tenantId, report: report.id, outcome: report.outcome }, 'report received by SMTP');
          }
        }).then(
          () => callback(),
          (error: unknown) => {
            log.warn({ err: error }, 'report could not be stored');
            callback(smtpError('Try again later', 451));
          },
        );
      });
    },
  });
}
