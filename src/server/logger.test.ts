import { describe, expect, it } from 'vitest';
import { formatDevLogLine } from './logger';

const line = (fields: Record<string, unknown>) =>
  JSON.stringify({ level: 30, time: Date.UTC(2026, 0, 1, 12, 0, 0), pid: 1, hostname: 'h', ...fields });

describe('development log lines', () => {
  it('prints a request as one short line, without JSON', () => {
    const text = formatDevLogLine(
      line({ msg: 'request', method: 'GET', url: '/api/health', statusCode: 200, ms: 3 }),
      {
        verbose: false,
      },
    );
    expect(text).toMatch(/^\d\d:\d\d:\d\d GET \/api\/health 200 3ms\n$/);
  });

  it('leaves out static files served successfully, unless verbose, but never their failures', () => {
    const asset = (statusCode: number) =>
      line({ msg: 'request', method: 'GET', url: '/assets/index-abc.js', statusCode, ms: 1 });
    expect(formatDevLogLine(asset(200), { verbose: false })).toBeUndefined();
    expect(formatDevLogLine(asset(200), { verbose: true })).toContain('/assets/index-abc.js');
    expect(formatDevLogLine(asset(404), { verbose: false })).toContain('404');
  });

  it('prints other entries with their level, and an error with its stack', () => {
    const text = formatDevLogLine(
      line({ level: 50, msg: 'request failed', err: { message: 'boom', stack: 'Error: boom\n    at x' } }),
      { verbose: false },
    );
    expect(text).toMatch(/^\d\d:\d\d:\d\d ERROR request failed\nError: boom\n {4}at x\n$/);
  });
});
