/**
 * The Programme page in Chromium, against a real server: simulations sent to people
 * in departments (their e-mail addresses in the database), the page in Arabic and Japanese at
 * 1280 and 390 px — axe-clean, readable, no sideways scroll — and, with print media emulated,
 * the management report: counts and rates, no e-mail address anywhere.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '@server/modules/accounts/accounts.service';
import { browserAvailable, launchBrowser, newContext } from './support/browser';
import { expectAxeClean, expectReadable, sidewaysOverflow, signInIn } from './support/console';
import { startTestServer, type TestServer } from './support/server';

const OWNER = {
  email: 'pat.programme@example.com',
  name: 'Pat Programme',
  password: 'programme-passphrase-4-tests',
};

/** Six people in Finance, two in Legal, each sent a message this month. */
function recipientsCsv(): string {
  const now = new Date();
  const people = [
    ...Array.from({ length: 6 }, (_, i) => [`finance${i}@corp.example`, 'Finance']),
    ['lee@corp.example', 'Legal'],
    ['lin@corp.example', 'Legal'],
  ];
  const sent = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1, 9)).toISOString();
  const rows = people.map(([email, department]) => `${email},${department},${sent}`);
  return `email,department,sent_at\n${rows.join('\n')}\n`;
}

describe.runIf(browserAvailable)('the Programme page in Chromium', () => {
  let server: TestServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startTestServer();
    await createUser(server.database.db, server.demo.tenantId, { ...OWNER, role: 'owner' });
    const headers = { authorization: `Bearer ${server.demo.apiKey}` };
    const created = await fetch(`${server.adminUrl}/api/admin/campaigns`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'Programme',
        phishing: { brand: 'Northwind' },
        awareness: { content: 'x' },
      }),
    });
    const { id } = (await created.json()) as { id: string };
    const imported = await fetch(`${server.adminUrl}/api/admin/campaigns/${id}/recipients`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'text/csv' },
      body: recipientsCsv(),
    });
    expect(imported.status).toBe(200);
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  for (const language of ['ar', 'ja'] as const) {
    for (const width of [1280, 390]) {
      it(`reads in ${language} at ${width} px, and prints counts and rates only`, async () => {
        const page = await (await newContext(browser, { width })).newPage();
        page.setDefaultTimeout(10_000);
        await signInIn(page, server.adminUrl, language, OWNER);
        await page.goto(`${server.adminUrl}/programme`);
        // The months table, drawn from the API: twelve months, eight messages in the last.
        const months = page.locator('[data-table="months"]');
        await expect.poll(() => months.locator('tbody tr').count()).toBe(12);
        const cells = await months.locator('tbody tr').last().locator('td').allInnerTexts();
        expect(cells[0]).toMatch(/8/);
        await expect.poll(() => page.locator('[data-chart="rates"] svg').count()).toBeGreaterThan(0);
        await page.waitForLoadState('networkidle');
        expect(await sidewaysOverflow(page), `${language} ${width}`).toBe(0);
        await expectAxeClean(page, `programme ${language} ${width}`);
        await expectReadable(page, `programme ${language} ${width}`);
        // The department filter lists the departments of the period.
        const options = await page.locator('.programme__filters select').locator('option').allInnerTexts();
        expect(options.slice(1)).toEqual(['Finance', 'Legal']);

        await page.emulateMedia({ media: 'print' });
        const printed = await page.locator('body').innerText();
        expect(printed).not.toMatch(/@/);
        expect(printed).not.toContain(OWNER.name);
        // Legal has two people: merged into "Other departments" on paper.
        const paper = page.locator('[data-table="printed-departments"]');
        expect(await paper.isVisible()).toBe(true);
        expect(await paper.innerText()).not.toContain('Legal');
        expect(await page.locator('[data-table="departments"]').isVisible()).toBe(false);
        await page.context().close();
      });
    }
  }
});
