/**
 * SMTP delivery through nodemailer: the maintained Node SMTP client (pooling, STARTTLS and
 * implicit TLS, auth, MIME building with correct encodings), so none of that is hand-written.
 * A failure says whether it is permanent (a 5xx reply) or worth retrying (4xx, network).
 */
import type { Transporter } from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';
import type { SendFailure, SmtpTls } from '@shared/sending';

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
  /** Images the HTML part shows by Content-ID (`src="cid:…"`): sent inline, multipart/related. */
  inline?: InlineImage[];
  messageId: string;
  headers: Record<string, string>;
}

export interface InlineImage {
  cid: string;
  filename: string;
  contentType: string;
  content: Buffer;
}

/**
 * A message not sent. `message` is the raw error (for the log only); `failure` says why in plain
 * terms (the cause, and the relay's address or its reply), which is what operators see.
 */
export class SmtpFailure extends Error {
  override name = 'SmtpFailure';
  constructor(
    message: string,
    readonly permanent: boolean,
    readonly failure: SendFailure = { cause: 'other', detail: message },
  ) {
    super(message);
  }
}

/** The failure in plain English words, as stored and answered (the console words it per language). */
export function failureText(failure: SendFailure): string {
  const detail = failure.detail ?? '';
  switch (failure.cause) {
    case 'name_not_resolved':
      return `The relay's name does not resolve (${detail}): check the host name`;
    case 'connection_refused':
      return `The relay refused the connection (${detail}): check the host and port`;
    case 'timed_out':
      return `The relay did not answer in time (${detail})`;
    case 'tls_failed':
      return `The secure connection to the relay failed (${detail}): check the TLS setting and port`;
    case 'auth_failed':
      return `The relay refused the user name or password: ${detail}`;
    case 'relay_refused':
      return `The relay refused the message: ${detail}`;
    case 'no_address':
      return 'The recipient has no e-mail address';
    default:
      return `The message could not be sent: ${detail}`;
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
          ...(message.inline?.length
            ? {
                attachments: message.inline.map((image) => ({
                  ...image,
                  contentDisposition: 'inline' as const,
                })),
              }
            : {}),
          messageId: message.messageId,
          headers: message.headers,
        });
        return info.response;
      } catch (error) {
        throw asFailure(error, `${settings.host}:${settings.port}`);
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

/** nodemailer's error as a failure: permanent for a 5xx reply, with its cause in plain terms. */
export function asFailure(error: unknown, relay: string): SmtpFailure {
  const { response, responseCode, message, code } = (error ?? {}) as {
    response?: string;
    responseCode?: number;
    message?: string;
    code?: string;
  };
  const permanent = typeof responseCode === 'number' && responseCode >= 500 && responseCode < 600;
  const raw = response ?? message ?? 'SMTP error';
  return new SmtpFailure(raw, permanent, causeOf({ code, message: message ?? '', response }, relay));
}

function causeOf(error: { code?: string; message: string; response?: string }, relay: string): SendFailure {
  const text = `${error.code ?? ''} ${error.message}`;
  if (/ENOTFOUND|EAI_AGAIN|EDNS/.test(text)) return { cause: 'name_not_resolved', detail: relay };
  if (/ECONNREFUSED/.test(text)) return { cause: 'connection_refused', detail: relay };
  if (/ETIMEDOUT|timeout/i.test(text)) return { cause: 'timed_out', detail: relay };
  if (error.code === 'EAUTH') return { cause: 'auth_failed', detail: error.response ?? null };
  if (error.response) return { cause: 'relay_refused', detail: error.response };
  if (/ETLS|TLS|SSL|certificate/i.test(text)) return { cause: 'tls_failed', detail: relay };
  if (/ECONNRESET|ESOCKET|ECONNECTION|EHOSTUNREACH|ENETUNREACH/.test(text)) {
    return { cause: 'connection_refused', detail: relay };
  }
  return { cause: 'other', detail: error.message || null };
}
