/**
 * The Training page in Chromium, against a real server: a simulation sent through a sending
 * profile and its training assigned to a person; the page in German and Arabic at 390 px and in
 * English at 1280 px — axe-clean, readable, no sideways scroll — lists the assignment with its
 * status, and the policy is changed with the keyboard alone.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TrainingPolicy } from '@shared/training';
import { createUser } from '@server/modules/accounts/accounts.service';
import { browserAvailable, launchBrowser, newContext } from './support/browser';
import { expectAxeClean, expectReadable, sidewaysOverflow, signInIn } from './support/console';
import { startTestServer, type TestServer } from './support/server';
import { readFileSync } from 'node:fs';

const OWNER = {
  email: 'tara.training@example.com',
  name: 'Tara Training',
  password: 'training-passphrase-4-tests',
};

const words = (language: string) =>
  JSON.parse(readFileSync(`public/assets/i18n/${language}.console-training.json`, 'utf8')) as Record<
    string,
    string
  >;

describe.runIf(browserAvailable)('the Training page in Chromium', () => {
  let server: TestServer;
  let browser: Browser;

  const api = async (
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    body?: unknown,
    type = 'application/json',
  ) => {
    const res = await fetch(`${server.adminUrl}${url}`, {
      method,
      headers: { authorization: `Bearer ${server.demo.apiKey}`, ...(body ? { 'content-type': type } : {}) },
      ...(body ? { body: typeof body === 'string' ? body : JSON.stringify(body) } : {}),
    });
    if (res.status >= 300) throw new Error(`${url}: ${res.status} ${await res.text()}`);
    return res.json() as Promise<unknown>;
  };

  beforeAll(async () => {
    server = await startTestServer();
    await createUser(server.database.db, server.demo.tenantId, { ...OWNER, role: 'owner' });
    const { id } = (await api('POST', '/api/admin/campaigns', {
      name: 'Parcel notice',
      phishing: { brand: 'Northwind' },
      email: { from: 'Parcels <parcels@parcel.example>', subject: 'Your parcel', body: 'Track it: {{link}}' },
      awareness: { content: 'That was a simulation.' },
    })) as { id: string };
    await api(
      'POST',
      `/api/admin/campaigns/${id}/recipients`,
      'email,first_name\nmila@corp.example,Mila\n',
      'text/csv',
    );
    // Sent through a profile (no worker runs: the message stays queued), so its training can be sent too.
    const profile = (await api('POST', '/api/admin/sending-profiles', {
      name: 'Relay',
      host: '127.0.0.1',
      port: 2525,
      tls: 'none',
      envelope_from: 'security@corp.example',
    })) as { id: string };
    await api('POST', `/api/admin/campaigns/${id}/sending`, { profile_id: profile.id, spread_minutes: 0 });
    await api('POST', '/api/admin/training/assignments', { person: 'mila@corp.example', campaign_id: id });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  async function check(page: Page, label: string) {
    await page.waitForLoadState('networkidle');
    expect(await sidewaysOverflow(page), label).toBe(0);
    await expectAxeClean(page, label);
    await expectReadable(page, label);
  }

  for (const [language, width] of [
    ['de', 390],
    ['ar', 390],
    ['en', 1280],
  ] as const) {
    it(`lists the training and changes the policy by keyboard, in ${language} at ${width} px`, async () => {
      const t = words(language);
      const page = await (await newContext(browser, { width })).newPage();
      page.setDefaultTimeout(10_000);
      await signInIn(page, server.adminUrl, language, OWNER);
      await page.goto(`${server.adminUrl}/training`);
      await expect.poll(() => page.locator('h1').innerText()).toBe(t['training.title']);
      const row = page.locator('.training__table tbody tr');
      await expect.poll(() => row.count()).toBe(1);
      const cells = await row.first().locator('td').allInnerTexts();
      expect(cells.slice(0, 4)).toEqual([
        'Mila\nmila@corp.example',
        'Parcel notice',
        t['reason.manual'],
        t['status.assigned'],
      ]);
      await check(page, `training ${language} ${width}`);

      // The policy with the keyboard alone: tick, move on, type, and press Enter on Save.
      const onClick = page.getByLabel(t['policy.on_click']!, { exact: true });
      const wasOn = await onClick.isChecked();
      await onClick.focus();
      await page.keyboard.press('Space');
      await page.keyboard.press('Tab');
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.getAttribute('type'))).toBe('checkbox');
      await page.keyboard.press('Tab');
      await page.keyboard.press('ControlOrMeta+a');
      await page.keyboard.type(language === 'ar' ? '5' : '3');
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(t['policy.save']);
      await page.keyboard.press('Enter');
      await expect
        .poll(() => page.getByRole('status').filter({ hasText: t['policy.saved']! }).count())
        .toBe(1);
      const policy = (await api('GET', '/api/admin/training/policy')) as TrainingPolicy;
      expect(policy).toMatchObject({ on_click: !wasOn, reminder_days: language === 'ar' ? 5 : 3 });
      await check(page, `training ${language} ${width} saved`);

      // A number out of range is named at the field, and Save waits for a good one.
      const days = page.getByLabel(t['policy.reminder_days']!, { exact: true });
      await days.fill('0');
      await expect.poll(() => page.getByText(t['policy.reminderInvalid']!, { exact: true }).count()).toBe(1);
      expect(await page.getByRole('button', { name: t['policy.save'], exact: true }).isDisabled()).toBe(true);

      // The status filter: nothing finished yet.
      await page.getByLabel(t['assignments.status']!, { exact: true }).selectOption('completed');
      await expect.poll(() => page.getByText(t['assignments.empty']!, { exact: true }).count()).toBe(1);
      await page.context().close();
    });
  }
});
