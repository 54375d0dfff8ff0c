import AxeBuilder from '@axe-core/playwright';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, launchBrowser, newContext } from './support/browser';
import { startTestServer, type TestServer } from './support/server';

describe.runIf(browserAvailable)('foundation in Chromium', () => {
  let server: TestServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startTestServer();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('redirects the empty path to /default, a neutral page', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto(`${server.url}/`);
    await expect.poll(() => new URL(page.url()).pathname).toBe('/default');
    const text = (await page.locator('body').innerText()).toLowerCase();
    expect(text).toContain('welcome');
    for (const word of ['phish', 'simulat', 'hookwise', 'campaign', 'training'])
      expect(text).not.toContain(word);
    await context.close();
  });

  it('renders every route with the security headers and no CSP violation', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    const violations: string[] = [];
    page.on('console', (msg) => {
      if (/Content Security Policy|Refused to/i.test(msg.text())) violations.push(msg.text());
    });
    const rid = server.demo.recipients[0]?.rid ?? '';
    const routes = [
      '/default',
      '/poll',
      `/phish?rid=${rid}`,
      ...['awareness', 'pdf', 'sei', 'entry_text', 'questionnaire'].map((s) => `/phish/${s}?rid=${rid}`),
      `/campaign/campaign-completed?rid=${rid}`,
      '/campaign/campaign-error',
      '/no/such/page',
    ];
    for (const route of routes) {
      const response = await page.goto(`${server.url}${route}`);
      const headers = response?.headers() ?? {};
      expect(headers['content-security-policy'], route).toContain("frame-ancestors 'none'");
      expect(headers['content-security-policy'], route).not.toContain("'unsafe-inline'");
      expect(headers['referrer-policy'], route).toBe('no-referrer');
      expect(headers['x-content-type-options'], route).toBe('nosniff');
      await expect.poll(() => page.locator('h1').count(), { message: route }).toBeGreaterThan(0);
    }
    expect(violations).toEqual([]);
    await context.close();
  });

  it('shows a neutral not-found page for unknown paths, axe clean', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    const response = await page.goto(`${server.url}/definitely/not/here`);
    expect(response?.status()).toBe(404);
    await expect.poll(() => page.locator('h1').innerText()).toBe('Page not found');
    const results = await new AxeBuilder({ page }).analyze();
    expect(results.violations.map((v) => v.id)).toEqual([]);
    await context.close();
  });
});
