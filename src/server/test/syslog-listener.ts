/**
 * A syslog receiver for tests (TCP, or TLS with the fixture certificate): reads RFC 6587
 * octet-counted frames and keeps each message.
 */
import { readFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import tls from 'node:tls';

const FIXTURES = path.join(import.meta.dirname, '../modules/webhooks/fixtures');
/** The self-signed certificate (localhost, 127.0.0.1) the TLS listener serves. */
export const SYSLOG_TEST_CERT = path.join(FIXTURES, 'syslog-test.crt');

export interface SyslogListener {
  port: number;
  messages: string[];
  close(): Promise<void>;
}

/** Splits `<length> <message>` frames off the front of `buffer`; returns what is left. */
function frames(buffer: Buffer, out: string[]): Buffer {
  let rest: Buffer = buffer;
  for (;;) {
    const space = rest.indexOf(0x20);
    if (space === -1) return rest;
    const length = Number(rest.subarray(0, space).toString('ascii'));
    if (!Number.isInteger(length)) throw new Error('not octet-counted framing');
    if (rest.length < space + 1 + length) return rest;
    out.push(rest.subarray(space + 1, space + 1 + length).toString('utf8'));
    rest = rest.subarray(space + 1 + length);
  }
}

export async function startSyslogListener(secure: boolean): Promise<SyslogListener> {
  const messages: string[] = [];
  const sockets = new Set<net.Socket>();
  const onSocket = (socket: net.Socket) => {
    sockets.add(socket);
    let pending: Buffer = Buffer.alloc(0);
    socket.on('data', (chunk: Buffer) => {
      pending = frames(Buffer.concat([pending, chunk]), messages);
    });
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
  };
  const server = secure
    ? tls.createServer(
        {
          cert: readFileSync(SYSLOG_TEST_CERT),
          key: readFileSync(path.join(FIXTURES, 'syslog-test.key')),
        },
        onSocket,
      )
    : net.createServer(onSocket);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return {
    port: typeof address === 'object' && address ? address.port : 0,
    messages,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
