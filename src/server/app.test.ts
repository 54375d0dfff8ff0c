import { describe, expect, it } from 'vitest';
import { describeEachDatabase } from './test/harness';

describeEachDatabase('foundation API', (get) => {
  it('answers /api/health with ok after pinging the database', async () => {
    const res = await get().app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('answers unknown /api paths with a JSON 404 in the error shape', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const res = await get().app.inject({ method, url: '/api/does-not-exist' });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/application\/json/);
      expect(res.json()).toEqual({ error: { code: 'not_found', message: 'Not found' } });
    }
  });

  it('sets the security headers on every response', async () => {
    for (const url of ['/api/health', '/api/nope']) {
      const res = await get().app.inject({ method: 'GET', url });
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toContain('unsafe-inline');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    }
  });

  it('logs one line per request without the query string', async () => {
    const { app, logs } = get();
    const before = logs.length;
    await app.inject({ method: 'GET', url: '/api/health?p=secret-token-value' });
    const lines = logs.slice(before);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('"url":"/api/health"');
    expect(lines.join('')).not.toContain('secret-token-value');
  });
});

describe('error shape', () => {
  it('never leaks a 5xx message', async () => {
    const { buildApp } = await import('./app');
    const { testConfig } = await import('./test/harness');
    const broken = {
      dialect: 'sqlite' as const,
      db: undefined as never,
      ping: () => Promise.reject(new Error('connection to 10.0.0.5 refused: password=hunter2')),
      close: () => Promise.resolve(),
    };
    const app = await buildApp({ config: testConfig(), database: broken }, { logger: { level: 'silent' } });
    const res = await app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ error: { code: 'internal_error', message: 'Internal server error' } });
    expect(res.body).not.toContain('hunter2');
    await app.close();
  });
});
