/**
 * The Reported mail page in Chromium, as an owner reads it in Arabic (right to left) and Japanese
 * at 1280 and 390 px: three people hand in the same real phish through the API, and the page shows
 * one cluster of three with its headers and URLs as text (no link to a reported URL), the three
 * reports in words, and the intake settings. Axe-clean, no sideways scrolling, nothing raw.
 * Screenshots are saved under test-results/reported-mail.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '@server/modules/accounts/accounts.service';
import { browserAvailable, launchBrowser, newContext } from './support/browser';
import { expectAxeClean, expectReadable, sidewaysOverflow, signInIn } from './support/console';
import { startTestServer, type TestServer } from './support/server';

const SHOTS = 'test-results/reported-mail';
const OWNER = { email: 'rita.reports@example.com', name: 'Rita', password: 'reports-passphrase-4-tests' };
const REPORTERS = ['ana@acme.example', 'ben@acme.example', 'cho@acme.example'];
const FIXTURE = 'src/server/modules/mail-reports/fixtures/real-phish-wrapped.eml';

function words(language: string): Record<string, string> {
  const file = `public/assets/i18n/${language}.console-reports.json`;
  return JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
}

describe.runIf(browserAvailable)('reported mail in the console', () => {
  let server: TestServer;
  let browser: Browser;

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    server = await startTestServer();
    await createUser(server.database.db, server.demo.tenantId, { ...OWNER, role: 'owner' });
    const template = readFileSync(FIXTURE, 'utf8');
    for (const [i, reporter] of REPORTERS.entries()) {
      const message = template.replaceAll('{{REPORTER}}', reporter).replaceAll('{{REPORT_ID}}', `e2e-${i}`);
      const res = await fetch(`${server.adminUrl}/api/admin/mail-reports`, {
        method: 'POST',
        headers: { authorization: `Bearer ${server.demo.apiKey}`, 'content-type': 'message/rfc822' },
        body: message,
      });
      expect(res.status).toBe(200);
      expect(((await res.json()) as { outcome: string }).outcome).toBe('queued');
    }
    browser = await launchBrowser();
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  for (const language of ['ar', 'ja'] as const) {
    for (const width of [1280, 390]) {
      it(`shows one cluster of three, as text, in ${language} at ${width} px`, async () => {
        const w = words(language);
        const context = await newContext(browser, { width });
        const page = await context.newPage();
        page.setDefaultTimeout(10_000);
        await signInIn(page, server.adminUrl, language, OWNER);
        await page.goto(`${server.adminUrl}/reported-mail`);
        await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe(w.title);

        const cards = page.locator('.reported-mail__cluster');
        await cards.first().waitFor();
        expect(await cards.count()).toBe(1);
        const card = cards.first();
        const three = await page.evaluate((lang) => new Intl.NumberFormat(lang).format(3), language);
        const count = (w['clusters.reportedBy'] ?? '')
          .replace('{{people}}', three)
          .replace('{{reports}}', three);
        await card.getByText(count, { exact: true }).waitFor();
        await card.getByRole('heading', { name: 'Action required: password expires today' }).waitFor();
        await card.getByText('helpdesk-desk@contoso-hr.example', { exact: true }).waitFor();
        await card.getByText('bounce@contoso-hr.example', { exact: true }).waitFor();
        // SPF and DMARC failed, in words.
        expect(await card.getByText(w['auth.fail'] ?? '', { exact: true }).count()).toBe(2);
        const url = card.locator('code', { hasText: 'https://login.contoso-hr.example/keep' }).first();
        await url.waitFor();
        // No reported URL is a link, and nothing of the message was fetched as an image.
        expect(await page.locator('a[href*="contoso-hr"], img[src*="contoso-hr"]').count()).toBe(0);
        expect(
          await page.locator('main a[href]').evaluateAll((as) => as.map((a) => a.getAttribute('href'))),
        ).toEqual(['/reviewers']);

        const table = page.getByRole('table', { name: w['reports.caption'] });
        await table.waitFor();
        expect(await table.getByText(w['outcome.queued'] ?? '', { exact: true }).count()).toBe(3);
        for (const reporter of REPORTERS) await table.getByText(reporter, { exact: true }).waitFor();

        // The intake settings, for an owner; this server runs no SMTP intake.
        await page.getByRole('heading', { level: 2, name: w['intake.title'] }).waitFor();
        await page.getByText(w['smtp.notListening'] ?? '', { exact: true }).waitFor();
        await page.getByLabel(w['imap.password'] ?? '', { exact: true }).waitFor();

        // The headers, opened from the keyboard.
        await card.locator('summary').focus();
        await page.keyboard.press('Enter');
        await card.getByText(/from mail-out\.contoso-hr\.example/).waitFor();

        await page.screenshot({ path: `${SHOTS}/${language}-${width}.png`, fullPage: true });
        expect(await sidewaysOverflow(page), `${language} ${width}: sideways scroll`).toBe(0);
        await expectAxeClean(page, `${language} ${width}`);
        await expectReadable(page, `${language} ${width}`);
        await context.close();
      }, 60_000);
    }
  }
});
