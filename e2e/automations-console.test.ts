/**
 * The Automations page in Chromium, against a real server: an automation of the demo tenant's
 * people listed, its next month's plan opened and it paused with the keyboard, a new one created
 * from the form with the keyboard — in Arabic at 390 px and German at 1280 px, axe-clean,
 * readable, no sideways scroll.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '@server/modules/accounts/accounts.service';
import { browserAvailable, launchBrowser, newContext } from './support/browser';
import { expectAxeClean, expectReadable, sidewaysOverflow, signInIn } from './support/console';
import { startTestServer, type TestServer } from './support/server';

const OWNER = {
  email: 'ari.automations@example.com',
  name: 'Ari Automations',
  password: 'automations-passphrase-4-tests',
};

describe.runIf(browserAvailable)('the Automations page in Chromium', () => {
  let server: TestServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startTestServer();
    await createUser(server.database.db, server.demo.tenantId, { ...OWNER, role: 'owner' });
    const headers = { authorization: `Bearer ${server.demo.apiKey}`, 'content-type': 'application/json' };
    const profile = await fetch(`${server.adminUrl}/api/admin/sending-profiles`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        name: 'Relay',
        host: '127.0.0.1',
        port: 2525,
        tls: 'none',
        envelope_from: 'b@corp.example',
      }),
    });
    const { id } = (await profile.json()) as { id: string };
    for (const name of ['Monatlich', 'شهري']) {
      const made = await fetch(`${server.adminUrl}/api/admin/automations`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ name, audience: { kind: 'all' }, profile_id: id, time_zone: 'Europe/Berlin' }),
      });
      expect(made.status).toBe(201);
    }
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  for (const [language, width, name] of [
    ['ar', 390, 'شهري'],
    ['de', 1280, 'Monatlich'],
  ] as const) {
    it(`is usable with the keyboard in ${language} at ${width} px`, async () => {
      const page = await (await newContext(browser, { width })).newPage();
      page.setDefaultTimeout(10_000);
      await signInIn(page, server.adminUrl, language, OWNER);
      await page.goto(`${server.adminUrl}/automations`);
      const list = page.locator('[data-table="automations"]');
      const row = list.locator('tbody tr', { hasText: name });
      await expect.poll(() => row.count()).toBe(1);

      // The plan, opened from the keyboard: every active person of the demo, with a reason in words.
      const buttons = row.locator('button');
      await buttons.first().focus();
      await page.keyboard.press('Enter');
      const plan = page.locator('[data-table="plan"]');
      await expect.poll(() => plan.locator('tbody tr').count()).toBeGreaterThan(0);
      const why = await plan.locator('tbody tr').first().locator('td').last().innerText();
      expect(why.length).toBeGreaterThan(5);
      expect(await page.locator('body').innerText()).not.toMatch(
        /\{\{|starting_level|clicked_last|undefined/,
      );

      // Paused with the keyboard: the row says so, in the page's language.
      const stateBefore = await row.locator('td').nth(2).innerText();
      await buttons.nth(1).focus();
      await page.keyboard.press('Space');
      await expect.poll(() => row.locator('td').nth(2).innerText()).not.toBe(stateBefore);

      await page.waitForLoadState('networkidle');
      expect(await sidewaysOverflow(page), `${language} ${width}`).toBe(0);
      await expectAxeClean(page, `automations ${language} ${width}`);
      await expectReadable(page, `automations ${language} ${width}`);

      // A new one from the form: typed, then submitted with Enter.
      const form = page.locator('form.automations__form');
      await form.locator('input').first().focus();
      await page.keyboard.type(`Neu ${language}`);
      await page.keyboard.press('Enter');
      await expect.poll(() => list.locator('tbody tr', { hasText: `Neu ${language}` }).count()).toBe(1);
      expect(await form.locator('[role="status"]').count()).toBe(1);
      await page.context().close();
    });
  }
});
