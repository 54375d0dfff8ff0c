/**
 * A real SMTP server for sending tests (smtp-server), parsing what arrives (mailparser). A test
 * decides each message's reply: accept, a temporary 4xx or a permanent 5xx.
 */
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMessage {
  to: string;
  from: string;
  envelopeFrom: string;
  subject: string;
  text: string;
  html: string;
  /** Attachments, inline images (with their Content-ID) among them. */
  attachments: ParsedMail['attachments'];
  messageId: string;
  headers: ParsedMail['headers'];
  at: number;
}

/** Null accepts; a number refuses with that reply code. */
export type Verdict = (message: { to: string; attempt: number }) => number | null;

export interface SmtpSink {
  port: number;
  received: ReceivedMessage[];
  /** Replies refused, in order, with the address and the code. */
  refused: { to: string; code: number }[];
  verdict: Verdict;
  /** How long the relay takes to answer each message, as a slow or busy one does. */
  delayMs: number;
  close(): Promise<void>;
}

export async function startSmtpSink(verdict: Verdict = () => null): Promise<SmtpSink> {
  const attempts = new Map<string, number>();
  const sink: SmtpSink = {
    port: 0,
    received: [],
    refused: [],
    verdict,
    delayMs: 0,
    close: async () => {},
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    disableReverseLookup: true,
    logger: false,
    // On close, a sender's idle pooled connection is ended after a second, not smtp-server's 30.
    closeTimeout: 1000,
    onData(stream, session, callback) {
      const to = session.envelope.rcptTo[0]?.address ?? '';
      const envelopeFrom = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
      // cid: links kept as sent, so a test sees how the HTML refers to its inline images.
      simpleParser(stream, { keepCidLinks: true })
        .then(async (mail) => {
          if (sink.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, sink.delayMs));
          const attempt = (attempts.get(to) ?? 0) + 1;
          attempts.set(to, attempt);
          const code = sink.verdict({ to, attempt });
          if (code !== null) {
            sink.refused.push({ to, code });
            const error = Object.assign(
              new Error(`${code === 451 ? 'Try again later' : 'Mailbox unavailable'}`),
              {
                responseCode: code,
              },
            );
            callback(error);
            return;
          }
          sink.received.push({
            to,
            envelopeFrom,
            from: mail.from?.text ?? '',
            subject: mail.subject ?? '',
            text: mail.text ?? '',
            html: typeof mail.html === 'string' ? mail.html : '',
            attachments: mail.attachments,
            messageId: mail.messageId ?? '',
            headers: mail.headers,
            at: Date.now(),
          });
          callback();
        })
        .catch((error: unknown) => callback(error instanceof Error ? error : new Error(String(error))));
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.server.address();
  sink.port = typeof address === 'object' && address ? address.port : 0;
  sink.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return sink;
}
