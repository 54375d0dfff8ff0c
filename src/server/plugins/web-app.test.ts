import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { openDatabase } from '../db/database';
import { testConfig } from '../test/harness';
import { SPA_PATHS } from '@shared/routes';

// Serving the built app needs `npm run build` first (npm test builds before running tests).
const config = testConfig();
if (!existsSync(`${config.webRoot}/index.html`)) throw new Error('Run `npm run build` before these tests');

describe('serving the web app', async () => {
  const database = openDatabase('sqlite::memory:');
  const app = await buildApp({ config, database }, { logger: { level: 'silent' } });

  it('redirects the empty path to /default, and only the empty path', async () => {
    const res = await app.inject({ method: 'GET', url: '/?lang=de' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/default?lang=de');
  });

  it('serves index.html with no-cache for every client route', async () => {
    for (const route of SPA_PATHS.filter((p) => p !== '/')) {
      const res = await app.inject({ method: 'GET', url: route });
      expect(res.statusCode, route).toBe(200);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain('<div id="root"></div>');
    }
  });

  it('inlines the chosen language and sets lang and dir', async () => {
    const res = await app.inject({ method: 'GET', url: '/poll?lang=ar' });
    expect(res.body).toContain('<html lang="ar" dir="rtl">');
    const match = /<script type="application\/json" id="hookwise-i18n">(.*?)<\/script>/.exec(res.body);
    const preloaded = JSON.parse(match?.[1] ?? '{}') as {
      language: string;
      resources: Record<string, unknown>;
    };
    expect(preloaded.language).toBe('ar');
    expect(Object.keys(preloaded.resources)).toContain('en');
  });

  it('picks the language from Accept-Language when no lang is given', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/default',
      headers: { 'accept-language': 'fr-CH, de;q=0.8' },
    });
    expect(res.body).toContain('<html lang="fr" dir="ltr">');
  });

  it('serves hashed assets immutable and precompressed', async () => {
    const page = await app.inject({ method: 'GET', url: '/default' });
    const script = /src="(\/assets\/[^"]+\.js)"/.exec(page.body)?.[1];
    expect(script).toBeDefined();
    const res = await app.inject({
      method: 'GET',
      url: String(script),
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const gz = await app.inject({
      method: 'GET',
      url: String(script),
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
  });

  it('serves the app (status 404) for unknown pages and JSON 404 for missing assets', async () => {
    const page = await app.inject({ method: 'GET', url: '/some/unknown/page' });
    expect(page.statusCode).toBe(404);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    const asset = await app.inject({ method: 'GET', url: '/assets/missing-abc.js' });
    expect(asset.statusCode).toBe(404);
    expect(asset.json()).toEqual({ error: { code: 'not_found', message: 'Not found' } });
  });
});
