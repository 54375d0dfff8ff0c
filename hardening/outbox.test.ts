/**
 * Durability in the browser: a reviewer decides while the server is down (killed with SIGKILL).
 * The /poll page keeps the decisions in its persistent outbox and delivers them, unprompted,
 * once the restarted server answers. Runs the built app in Chromium against a real process.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '@server/db/database';
import { migrateToLatest } from '@server/db/migrate';
import { mintPollToken } from '@server/modules/poll/poll-token';
import { createTenant } from '@server/modules/tenants/tenants.service';
import { browserAvailable, launchBrowser, newContext } from '../e2e/support/browser';
import { durableSqlite, type DurableDb } from './support/durable-db';
import { freePort, startProcess, type ServerProcess } from './support/process-server';
import { tally } from './support/tally';

const SECRET = 'outbox-secret-0123456789-0123456789-abcdef';
const DECISIONS = [
  { url: 'https://outbox.example/one', decision: 'TP', label: 'True Positive' },
  { url: 'https://outbox.example/two', decision: 'FP', label: 'False Positive' },
] as const;
const counts = tally('outbox', ['decisions made while down', 'delivered after restart', 'lost'], false);

describe.runIf(browserAvailable)('reviewer outbox across a server crash', () => {
  const store: DurableDb = durableSqlite();
  const env = {
    ...store.env,
    POLL_TOKEN_SECRET: SECRET,
    ...(process.env.WEB_ROOT ? { WEB_ROOT: process.env.WEB_ROOT } : {}),
  };
  let browser: Browser;
  let server: ServerProcess | undefined;
  let token = '';

  beforeAll(async () => {
    const database = openDatabase(store.url);
    await migrateToLatest(database.db);
    const { tenantId } = await createTenant(database.db, 'Outbox tenant');
    await database.close();
    token = await mintPollToken(SECRET, {
      tenantId,
      urls: Object.fromEntries(DECISIONS.map((d) => [d.url, false])),
      expiresInSeconds: 600,
    });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.kill('SIGTERM');
    await store.dispose();
  });

  const reviews = async () => {
    const database = openDatabase(store.url);
    try {
      return await database.db.selectFrom('url_reviews').select(['url', 'decision']).orderBy('url').execute();
    } finally {
      await database.close();
    }
  };
  const outbox = (page: Page) =>
    page.evaluate(() => JSON.parse(localStorage.getItem('hookwise.review.outbox') ?? '[]') as unknown[]);

  it('delivers decisions made while the server was down', async () => {
    const port = await freePort();
    server = await startProcess(env, port);
    const page = await (await newContext(browser)).newPage();
    await page.goto(`${server.url}/poll?p=${token}`);
    await expect.poll(() => page.locator('h1').textContent()).toBe('Malicious URLs');

    await server.kill('SIGKILL');
    for (const d of DECISIONS) {
      await page.getByRole('radio', { name: `${d.label} for ${d.url}`, exact: true }).click();
      const row = page.locator('tbody tr', { has: page.getByText(d.url, { exact: true }) });
      await row.getByRole('button', { name: 'Submit' }).click();
      counts.add('decisions made while down');
    }
    await expect.poll(async () => (await outbox(page)).length).toBe(DECISIONS.length);
    expect(await reviews()).toEqual([]);

    server = await startProcess(env, port);
    const expected = DECISIONS.map(({ url, decision }) => ({ url, decision }));
    await expect.poll(reviews, { timeout: 30_000, interval: 250 }).toEqual(expected);
    await expect.poll(async () => (await outbox(page)).length).toBe(0);
    const delivered = (await reviews()).length;
    counts.add('delivered after restart', delivered);
    counts.add('lost', DECISIONS.length - delivered);
  });
});
