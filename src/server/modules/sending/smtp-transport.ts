/**
 * SMTP delivery through nodemailer: the maintained Node SMTP client (pooling, STARTTLS and
 * implicit TLS, auth, MIME building with correct encodings), so none of that is hand-written.
 * A failure says whether it is permanent (a 5xx reply) or worth retrying (4xx, network).
 */
import type { Transporter } from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';
import type { SmtpTls } from '@shared/sending';

export interface SmtpSettings {
  host: string;
  port: number;
  tls: SmtpTls;
  username: string | null;
  password: string | null;
}

export interface OutgoingMessage {
  envelopeFrom: string;
  from: string;
  to: string;
  subject: string;
  text: string;
  html?: string;
  messageId: string;
  headers: Record<string, string>;
}

export class SmtpFailure extends Error {
  override name = 'SmtpFailure';
  constructor(
    message: string,
    readonly permanent: boolean,
  ) {
    super(message);
  }
}

export interface SmtpClient {
  send(message: OutgoingMessage): Promise<string>;
  close(): void;
}

/**
 * A pooled connection to one relay (one connection: the plan sets the pace, not parallelism).
 * nodemailer is loaded with the first message: a server that sends nothing never holds it.
 */
export function smtpClient(settings: SmtpSettings, options: { pool: boolean } = { pool: true }): SmtpClient {
  let transport: Promise<Transporter<SMTPTransport.SentMessageInfo>> | undefined;
  const connect = () =>
    (transport ??= import('nodemailer').then(({ default: nodemailer }) =>
      createTransport(nodemailer, settings, options),
    ));
  return {
    async send(message) {
      try {
        const info = await (
          await connect()
        ).sendMail({
          envelope: { from: message.envelopeFrom, to: message.to },
          from: message.from,
          to: message.to,
          subject: message.subject,
          text: message.text,
          ...(message.html ? { html: message.html } : {}),
          messageId: message.messageId,
          headers: message.headers,
        });
        return info.response;
      } catch (error) {
        throw asFailure(error);
      }
    },
    close: () => void transport?.then((open) => open.close()),
  };
}

function createTransport(
  nodemailer: (typeof import('nodemailer'))['default'],
  settings: SmtpSettings,
  options: { pool: boolean },
): Transporter<SMTPTransport.SentMessageInfo> {
  return nodemailer.createTransport({
    host: settings.host,
    port: settings.port,
    secure: settings.tls === 'implicit',
    requireTLS: settings.tls === 'starttls',
    ignoreTLS: settings.tls === 'none',
    ...(settings.username ? { auth: { user: settings.username, pass: settings.password ?? '' } } : {}),
    ...(options.pool ? { pool: true, maxConnections: 1 } : {}),
    connectionTimeout: 30_000,
    greetingTimeout: 30_000,
    // Well under the claim's lease: a stuck send fails before another worker may take it over.
    socketTimeout: 60_000,
  } as SMTPTransport.Options);
}

function asFailure(error: unknown): SmtpFailure {
  const { response, responseCode, message } = (error ?? {}) as {
    response?: string;
    responseCode?: number;
    message?: string;
  };
  const permanent = typeof responseCode === 'number' && responseCode >= 500 && responseCode < 600;
  return new SmtpFailure(response ?? message ?? 'SMTP error', permanent);
}
