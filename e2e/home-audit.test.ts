/**
 * The home page and the audit log as a security lead reads them, in Chromium, in Japanese and
 * Arabic at 1280 and 390 px: the running campaign and the reviewer queue on the home page; the
 * audit log in sentences with names. No raw code (`campaign.preview`), id or JSON where a person
 * reads, no sideways scrolling, axe-clean. Screenshots are saved under test-results/home-audit.
 */
import { mkdirSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '@server/modules/accounts/accounts.service';
import { browserAvailable, launchBrowser, newContext } from './support/browser';
import { expectAxeClean, expectReadable, sidewaysOverflow, signInIn } from './support/console';
import { startTestServer, type TestServer } from './support/server';

const SHOTS = 'test-results/home-audit';
const OWNER = {
  email: 'olivia.owner@example.com',
  name: 'Olivia Owner',
  password: 'owner-passphrase-4-tests',
};

describe.runIf(browserAvailable)('home page and audit log in Chromium', () => {
  let server: TestServer;
  let browser: Browser;

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    console.log(`screenshots: ${SHOTS}`);
    server = await startTestServer();
    const { db } = server.database;
    await createUser(db, server.demo.tenantId, { ...OWNER, role: 'owner' });
    // Activity to read: the owner previews the demo campaign again and again and adds a user.
    const signed = await server.admin.inject({
      method: 'POST',
      url: '/api/admin/session',
      payload: { email: OWNER.email, password: OWNER.password },
    });
    const cookie = signed.cookies.find((c) => c.name === 'hw_session')?.value ?? '';
    const headers = {
      cookie: `hw_session=${cookie}`,
      'x-csrf-token': signed.json<{ csrf_token: string }>().csrf_token,
    };
    for (let i = 0; i < 6; i++) {
      const preview = await server.admin.inject({
        method: 'POST',
        url: `/api/admin/campaigns/${server.demo.campaignId}/preview`,
        headers,
        payload: { language: 'en' },
      });
      expect(preview.statusCode).toBe(201);
    }
    const user = await server.admin.inject({
      method: 'POST',
      url: '/api/admin/users',
      headers,
      payload: {
        email: 'jana@example.com',
        name: 'Jana',
        role: 'viewer',
        password: 'a long enough password',
      },
    });
    expect(user.statusCode).toBe(201);
    browser = await launchBrowser();
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  for (const language of ['ja', 'ar'] as const) {
    for (const width of [1280, 390]) {
      it(`reads the home page and the audit log in ${language} at ${width} px`, async () => {
        const context = await newContext(browser, { width });
        const page = await context.newPage();
        page.setDefaultTimeout(10_000);
        await signInIn(page, server.adminUrl, language, OWNER);
        await page.goto(`${server.adminUrl}/`);
        const running = page.locator('#home-running').locator('..');
        await expect.poll(() => running.locator('a').first().innerText()).toContain('Demo');
        await page.locator('#home-queue').locator('..').locator('a').waitFor();
        await page.locator('#home-results').locator('..').locator('a').first().waitFor();
        await page.screenshot({ path: `${SHOTS}/home-${language}-${width}.png`, fullPage: true });
        await expectReadable(page, `home ${language} ${width}`);
        expect(await sidewaysOverflow(page), `home ${language} ${width}`).toBe(0);
        await expectAxeClean(page, `home ${language} ${width}`);

        await page.goto(`${server.adminUrl}/audit`);
        const table = page.locator('table.audit-table');
        await expect.poll(() => table.innerText()).toContain('jana@example.com');
        const text = await table.innerText();
        expect(text).toContain('Olivia Owner');
        // Previews are hidden until asked for, then folded into one row.
        expect(text).not.toContain('×');
        await page.locator('.audit-filters__check input').check();
        await expect.poll(() => table.innerText()).toContain('×6');
        await page.screenshot({ path: `${SHOTS}/audit-${language}-${width}.png`, fullPage: true });
        await expectReadable(page, `audit ${language} ${width}`);
        expect(await sidewaysOverflow(page), `audit ${language} ${width}`).toBe(0);
        await expectAxeClean(page, `audit ${language} ${width}`);
        await context.close();
      }, 60_000);
    }
  }
});
