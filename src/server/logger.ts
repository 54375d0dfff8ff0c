/**
 * Logger options: one line per request, no secrets. Query strings are dropped from logged URLs
 * (they carry poll tokens and rids) and credentials are redacted.
 */
import type { LoggerOptions } from 'pino';

export function loggerOptions(level: string): LoggerOptions {
  return {
    level,
    redact: {
      paths: ['req.headers.authorization', 'req.headers.cookie', 'headers.authorization'],
      censor: '[redacted]',
    },
    serializers: {
      req: (req: { method: string; url: string; ip?: string }) => ({
        method: req.method,
        url: stripQuery(req.url),
      }),
      res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
    },
  };
}

export function stripQuery(url: string): string {
  const index = url.indexOf('?');
  return index === -1 ? url : url.slice(0, index);
}

const LEVEL_NAMES: Record<number, string> = {
  10: 'TRACE',
  20: 'DEBUG',
  30: 'INFO',
  40: 'WARN',
  50: 'ERROR',
  60: 'FATAL',
};

/** Files the browser fetches with every page: a line each would bury the start-up banner. */
const STATIC_FILE = /^\/(assets\/|favicon)|\.(js|css|map|ico|png|svg|webp|woff2?|pdf)$/;

interface LogLine {
  level?: number;
  time?: number;
  msg?: string;
  method?: string;
  url?: string;
  statusCode?: number;
  ms?: number;
  err?: { message?: string; stack?: string };
}

/**
 * Development only: one short line per log entry instead of JSON, and no line for static files
 * served successfully (unless `verbose`), so the links `npm start` prints stay readable.
 * Production and tests keep pino's JSON. Works on the line pino already serialized and
 * redacted: no field the JSON would not carry is ever printed.
 */
export function formatDevLogLine(json: string, options: { verbose: boolean }): string | undefined {
  let entry: LogLine;
  try {
    entry = JSON.parse(json) as LogLine;
  } catch {
    return json;
  }
  const time = new Date(entry.time ?? Date.now()).toTimeString().slice(0, 8);
  const level = LEVEL_NAMES[entry.level ?? 30] ?? 'INFO';
  if (entry.msg === 'request' && entry.method && entry.url) {
    const status = entry.statusCode ?? 0;
    if (!options.verbose && status < 400 && STATIC_FILE.test(entry.url)) return undefined;
    return `${time} ${entry.method} ${entry.url} ${status} ${entry.ms ?? 0}ms\n`;
  }
  const error = entry.err?.stack ?? entry.err?.message;
  return `${time} ${level} ${entry.msg ?? ''}${error ? `\n${error}` : ''}\n`;
}

/** A destination for pino that writes formatDevLogLine's lines to `out` (stderr: stdout is the banner's). */
export function devLogStream(out: NodeJS.WritableStream, options: { verbose: boolean }) {
  return {
    write(line: string) {
      const text = formatDevLogLine(line, options);
      if (text) out.write(text);
      return true;
    },
  } as unknown as NodeJS.WritableStream;
}
