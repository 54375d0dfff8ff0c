/**
 * The SIEM feed: each event as one RFC 5424 syslog message whose MSG is the event's JSON, sent
 * over TCP or TLS with octet-counting framing (RFC 6587 §3.4.1: `<length> <message>`), which
 * survives newlines in the JSON and is what rsyslog, syslog-ng, Splunk and Sentinel's agents read.
 */
import { hostname } from 'node:os';
import net from 'node:net';
import tls from 'node:tls';

/** local0.info: <PRI> = facility 16 × 8 + severity 6. */
const PRI = 134;
const HOSTNAME =
  hostname()
    .replace(/[^!-~]/g, '')
    .slice(0, 255) || '-';

/** `<PRI>1 TIMESTAMP HOSTNAME hookwise - EVENT_TYPE - JSON` (RFC 5424 §6). */
export function syslogLine(payload: { type: string; created_at: string }, body: string): string {
  return `<${PRI}>1 ${payload.created_at} ${HOSTNAME} hookwise - ${payload.type} - ${body}`;
}

/** RFC 6587 octet counting: the length in bytes, a space, the message. */
export function octetCounted(line: string): Buffer {
  const message = Buffer.from(line, 'utf8');
  return Buffer.concat([Buffer.from(`${message.length} `, 'ascii'), message]);
}

export interface SyslogTarget {
  host: string;
  port: number;
  tls: boolean;
  /** Extra trusted CAs (SYSLOG_CA_FILE), PEM. */
  ca?: string | undefined;
}

/** `syslog+tls://host:port` (default 6514) or `syslog+tcp://host:port` (default 514). */
export function syslogTarget(url: string, ca: string | undefined): SyslogTarget {
  const parsed = new URL(url);
  const secure = parsed.protocol === 'syslog+tls:';
  return {
    host: parsed.hostname.replace(/^\[|\]$/g, ''),
    port: parsed.port ? Number(parsed.port) : secure ? 6514 : 514,
    tls: secure,
    ca,
  };
}

/**
 * Sends one framed message and closes the connection; resolves once the receiver has the bytes
 * and closed its side or acknowledged the close (syslog has no reply to wait for).
 */
export function sendSyslog(target: SyslogTarget, frame: Buffer, timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const socket = target.tls
      ? tls.connect({
          host: target.host,
          port: target.port,
          servername: net.isIP(target.host) ? undefined : target.host,
          ...(target.ca ? { ca: [...tls.rootCertificates, target.ca] } : {}),
        })
      : net.connect({ host: target.host, port: target.port });
    const timer = setTimeout(() => socket.destroy(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
    socket.once('error', (error: Error) => {
      clearTimeout(timer);
      reject(error);
    });
    socket.once(target.tls ? 'secureConnect' : 'connect', () => {
      socket.end(frame);
    });
    socket.once('close', (hadError) => {
      clearTimeout(timer);
      if (!hadError) resolve();
    });
    socket.resume();
  });
}
