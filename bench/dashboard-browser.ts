/**
 * The dashboard as an operator waits for it: in Chromium, the time from navigating to a
 * campaign's results page to its charts drawn (the funnel's SVG bars in the page), measured in
 * the page from the navigation's start. Twice: with a fresh browser cache (the console's code
 * downloaded too) and with the console cached (a reload), each the median of 5.
 */
import type { FastifyInstance } from 'fastify';
import { browserAvailable, launchBrowser, newContext } from '../e2e/support/browser';
import type { DatabaseConnection } from '@server/db/database';
import { createUser } from '@server/modules/accounts/accounts.service';

const VIEWER = {
  email: 'bench.viewer@example.com',
  name: 'Bench Viewer',
  password: 'bench-viewer-passphrase-42',
};
const DRAWN = '[data-chart="funnel"] svg .recharts-bar-rectangle path';

/** Records, in the page, when the first funnel bar appears (ms since the navigation started). */
function watchForCharts(selector: string) {
  const page = window as unknown as { hookwiseDrawnAt?: number };
  new MutationObserver((_, observer) => {
    if (!document.querySelector(selector)) return;
    page.hookwiseDrawnAt = performance.now();
    observer.disconnect();
  }).observe(document, { childList: true, subtree: true });
}

export async function dashboardDrawTimes(
  admin: FastifyInstance,
  database: DatabaseConnection,
  tenantId: string,
  campaignId: string,
): Promise<{ fresh: number; cached: number } | undefined> {
  if (!browserAvailable) return undefined;
  await createUser(database.db, tenantId, { ...VIEWER, role: 'viewer' });
  await admin.listen({ port: 0, host: '127.0.0.1' });
  const address = admin.server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const results = `${base}/campaigns/${encodeURIComponent(campaignId)}/results`;
  const browser = await launchBrowser();
  try {
    const signedIn = await newContext(browser);
    const signIn = await signedIn.newPage();
    await signIn.goto(`${base}/sign-in`);
    await signIn.getByLabel('Email address', { exact: true }).fill(VIEWER.email);
    await signIn.getByLabel('Password', { exact: true }).fill(VIEWER.password);
    await signIn.getByRole('button', { name: 'Sign in', exact: true }).click();
    await signIn.waitForURL(/\/campaigns$/);
    const session = await signedIn.storageState();
    await signedIn.close();

    const drawnAt = async (page: import('playwright-core').Page) => {
      await page.waitForFunction(
        () => (window as unknown as { hookwiseDrawnAt?: number }).hookwiseDrawnAt !== undefined,
        undefined,
        { timeout: 60_000, polling: 50 },
      );
      return page.evaluate(() => (window as unknown as { hookwiseDrawnAt: number }).hookwiseDrawnAt);
    };
    const fresh: number[] = [];
    const cached: number[] = [];
    for (let i = 0; i < 5; i++) {
      // A new context: an empty HTTP cache, the session cookie only.
      const context = await browser.newContext({
        storageState: session,
        viewport: { width: 1280, height: 900 },
      });
      await context.addInitScript(watchForCharts, DRAWN);
      const page = await context.newPage();
      await page.goto(results);
      fresh.push(await drawnAt(page));
      await page.reload();
      cached.push(await drawnAt(page));
      await context.close();
    }
    return { fresh: median(fresh), cached: median(cached) };
  } finally {
    await browser.close();
  }
}

function median(values: number[]): number {
  return [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;
}
