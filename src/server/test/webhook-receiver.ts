/**
 * A webhook receiver for tests: a local HTTP server that keeps every request (headers and raw
 * body) and answers with the statuses it is told, in turn (the last one for every later request),
 * or holds requests unanswered (`stall`) to stand in for a receiver that hangs.
 */
import { createServer, type IncomingHttpHeaders } from 'node:http';

export interface Received {
  headers: IncomingHttpHeaders;
  body: string;
  at: number;
  /** Whether the receiver answered it (a stalled request never is). */
  answered: boolean;
}

export interface WebhookReceiver {
  url: string;
  received: Received[];
  /** Statuses to answer with, in turn; the last repeats. */
  answers: number[];
  stall: boolean;
  close(): Promise<void>;
}

export async function startWebhookReceiver(answers: number[] = [200]): Promise<WebhookReceiver> {
  const receiver: WebhookReceiver = {
    url: '',
    received: [],
    answers,
    stall: false,
    close: () => Promise.resolve(),
  };
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const received = {
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        at: Date.now(),
        answered: false,
      };
      receiver.received.push(received);
      if (receiver.stall) return;
      received.answered = true;
      const index = Math.min(receiver.received.length - 1, receiver.answers.length - 1);
      response.writeHead(receiver.answers[index] ?? 200, { 'content-type': 'text/plain' });
      response.end('internal detail the log must not keep');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  receiver.url = `http://127.0.0.1:${port}/hooks`;
  receiver.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return receiver;
}
