import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, launchBrowser, newContext } from './support/browser';
import { startTestServer, type TestServer } from './support/server';

/** Serves the real page with its inlined translations removed, so the loader must fetch them. */
async function withoutPreload(page: Page): Promise<void> {
  await page.route(/\/default(\?.*)?$/, async (route) => {
    const response = await route.fetch();
    const html = (await response.text()).replace(
      /<script type="application\/json" id="hookwise-i18n">.*?<\/script>/s,
      '',
    );
    await route.fulfill({ response, body: html });
  });
}

describe.runIf(browserAvailable)('translation loading in Chromium', () => {
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

  it('uses the translations preloaded into the page without any request', async () => {
    const context = await newContext(browser, { locale: 'de-DE' });
    const page = await context.newPage();
    const requests: string[] = [];
    page.on('request', (r) => requests.push(r.url()));
    await page.goto(`${server.url}/default`);
    await expect.poll(() => page.locator('h1').innerText()).not.toBe('');
    expect(await page.getAttribute('html', 'lang')).toBe('de');
    expect(requests.filter((u) => u.includes('/assets/i18n/'))).toEqual([]);
    await context.close();
  });

  it('requests /assets/i18n/<lang>.upi-public.json?v=1.1.0 with JSON headers when nothing is preloaded', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await withoutPreload(page);
    const requests: { url: string; headers: Record<string, string> }[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/assets/i18n/')) requests.push({ url: r.url(), headers: r.headers() });
    });
    await page.goto(`${server.url}/default?lang=en`);
    await expect.poll(() => page.locator('h1').innerText()).toBe('Welcome');
    expect(requests.map((r) => new URL(r.url).pathname + new URL(r.url).search)).toEqual([
      '/assets/i18n/en.upi-public.json?v=1.1.0',
    ]);
    expect(requests[0]?.headers['content-type']).toBe('application/json');
    await context.close();
  });

  it('retries a failed load and succeeds', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await withoutPreload(page);
    let attempts = 0;
    await page.route('**/assets/i18n/en.upi-public.json*', async (route) => {
      attempts += 1;
      if (attempts === 1) await route.fulfill({ status: 503, body: 'unavailable' });
      else await route.continue();
    });
    await page.goto(`${server.url}/default?lang=en`);
    await expect.poll(() => page.locator('h1').innerText()).toBe('Welcome');
    expect(attempts).toBe(2);
    await context.close();
  });
});
