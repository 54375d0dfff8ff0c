/**
 * A person's history and risk in Chromium, against a real server with a history seeded as real
 * use makes one (person-history-fixtures.ts): an operator opens a person from the People list by
 * keyboard, reads their risk, its reasons and each simulation in words, tries to send a
 * simulation's training and is told why it cannot be, and reads the lists; every
 * page is axe-clean and readable, fits a 390 px phone without sideways scrolling, and reads
 * right to left in Arabic.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createUser } from '@server/modules/accounts/accounts.service';
import { seedHistory, type SeededHistory } from '@server/test/person-history-fixtures';
import { browserAvailable, launchBrowser, newContext } from './support/browser';
import { expectAxeClean, expectReadable, sidewaysOverflow, signIn, signInIn } from './support/console';
import { startTestServer, type TestServer } from './support/server';

const OPERATOR = {
  email: 'otto.person@example.com',
  name: 'Otto Person',
  password: 'person-passphrase-4-tests',
};
const heading = (page: Page) => page.getByRole('heading', { level: 1 }).innerText();

describe.runIf(browserAvailable)('a person’s history and risk in Chromium', () => {
  let server: TestServer;
  let browser: Browser;
  let seeded: SeededHistory;

  beforeAll(async () => {
    server = await startTestServer();
    try {
      seeded = await seedHistory(server, 'Person history', new Date());
    } finally {
      vi.useRealTimers();
    }
    await createUser(server.database.db, seeded.tenant.tenantId, { ...OPERATOR, role: 'operator' });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('opens a person from the People list by keyboard and tells their history and risk in words', async () => {
    const page = await (await newContext(browser, { width: 1280 })).newPage();
    page.setDefaultTimeout(10_000);
    await signIn(page, server.adminUrl, OPERATOR.email, OPERATOR.password);
    await page.goto(`${server.adminUrl}/people`);
    await expect.poll(() => heading(page)).toBe('People');
    const link = page.getByRole('table').getByRole('link', { name: 'Ana', exact: true });
    await link.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/people/${seeded.people.ana}`);
    await expect.poll(() => heading(page)).toBe('Ana');
    const risk = page.getByRole('region', { name: 'Risk' });
    // 20 + (30 + 20) × 0.5 − 25 × 0.25 + (30 − 10) × 0.125 = 41.25 (docs/people-risk.md).
    await expect.poll(() => risk.innerText()).toContain('Risk score: 41 out of 100');
    expect(await risk.innerText()).toContain('Medium risk');
    expect(await risk.innerText()).toContain('Clicks on the link: 2, adding');
    expect(await risk.innerText()).toContain('Reports: 1, taking away');
    const timeline = page.getByRole('region', { name: 'Simulations received' });
    const text = await timeline.innerText();
    expect(text).toMatch(/Parcel: sent on .+, in Deutsch/);
    expect(text).toContain('Submitted the form on the page. What was typed is never kept.');
    expect(text).toContain('Finished the training.');
    expect(text).toContain('Reported it 180 days after it was sent.');
    // An operator sends Parcel's training from the keyboard; Hookwise did not send that
    // simulation (it came in as a file, with no sending profile), and the page says so in words.
    const send = timeline.getByRole('button', { name: 'Send the training' }).first();
    expect(await send.getAttribute('aria-describedby')).toBeTruthy();
    expect(await page.locator(`[id="${await send.getAttribute('aria-describedby')}"]`).innerText()).toMatch(
      /^Parcel: sent on /,
    );
    await send.focus();
    await page.keyboard.press('Enter');
    await expect
      .poll(() => timeline.getByRole('alert').innerText())
      .toBe(
        'Hookwise did not send this simulation, so there is no sending profile to send the training with.',
      );
    await expectAxeClean(page, 'person');
    await expectReadable(page, 'person');

    await page.getByRole('link', { name: 'Back to People' }).click();
    await page.getByRole('link', { name: 'Lists: repeat offenders, never reported, top reporters' }).click();
    await expect.poll(() => heading(page)).toBe('People lists');
    await expect.poll(() => page.getByRole('table').innerText()).toContain('Ana');
    await page.getByRole('radio', { name: 'Never reported' }).check();
    await expect.poll(() => page.getByRole('table').innerText()).toContain('Cy');
    await expectAxeClean(page, 'lists');
    await expectReadable(page, 'lists');
    await page.close();
  });

  it('reads at 390 px without scrolling sideways, and right to left in Arabic', async () => {
    const phone = await (await newContext(browser, { width: 390 })).newPage();
    await signIn(phone, server.adminUrl, OPERATOR.email, OPERATOR.password);
    for (const path of [`/people/${seeded.people.ana}`, '/people/lists', '/people']) {
      await phone.goto(`${server.adminUrl}${path}`);
      await expect.poll(() => heading(phone)).not.toBe('');
      await phone.waitForLoadState('networkidle');
      expect(await sidewaysOverflow(phone), path).toBe(0);
      await expectAxeClean(phone, `${path} at 390 px`);
    }
    await phone.close();

    const arabic = await (await newContext(browser, { width: 1280 })).newPage();
    await signInIn(arabic, server.adminUrl, 'ar', OPERATOR);
    await arabic.goto(`${server.adminUrl}/people/${seeded.people.ana}`);
    await expect.poll(() => heading(arabic)).toBe('Ana');
    expect(await arabic.locator('html').getAttribute('dir')).toBe('rtl');
    const risk = arabic.getByRole('region', { name: 'المخاطر' });
    await expect.poll(() => risk.innerText()).toContain('مخاطر متوسطة');
    expect(await risk.innerText()).toContain('درجة المخاطر');
    await expectAxeClean(arabic, 'person in Arabic');
    await expectReadable(arabic, 'person in Arabic');
    await arabic.close();
  });
});
