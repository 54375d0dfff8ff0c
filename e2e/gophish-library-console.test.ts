/**
 * GoPhish's list files imported from the console's Import from GoPhish page, in Chromium: the
 * report says, in words, each template, page and group added to the library; the same files
 * again keep what the library has, said under "Needs your attention"; axe-clean and readable at
 * 360 px.
 */
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '@server/modules/accounts/accounts.service';
import { browserAvailable, launchBrowser, newContext } from './support/browser';
import { expectAxeClean, sidewaysOverflow, signIn } from './support/console';
import { startTestServer, type TestServer } from './support/server';

const OWNER = {
  email: 'lina.library@example.com',
  name: 'Lina Library',
  password: 'library-passphrase-4-tests',
};
const fixture = (name: string) =>
  path.resolve(import.meta.dirname, '../src/server/modules/gophish/fixtures', name);

describe.runIf(browserAvailable)("GoPhish files in the console become the library's", () => {
  let server: TestServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startTestServer();
    await createUser(server.database.db, server.demo.tenantId, { ...OWNER, role: 'owner' });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  /** The templates list, a page and a group, chosen and sent from the keyboard. */
  async function importFiles(page: Page) {
    await page.goto(`${server.adminUrl}/import/gophish`);
    const form = page.getByRole('form', { name: 'GoPhish files' });
    await form.getByLabel('Email templates (JSON, optional)').setInputFiles(fixture('templates.json'));
    await form.getByLabel('Landing pages (JSON, optional)').setInputFiles(fixture('page.json'));
    await form.getByLabel('Group (JSON or CSV, optional)').setInputFiles(fixture('group.json'));
    await form.getByRole('button', { name: 'Import' }).focus();
    await page.keyboard.press('Enter');
    const report = page.getByRole('region', { name: 'Import report' });
    await expect.poll(() => report.innerText()).toContain('Draft campaigns created: 3.');
    return report;
  }

  it('says what was added to the library, then what was kept, in words', async () => {
    const page = await (await newContext(browser, { width: 1280 })).newPage();
    page.setDefaultTimeout(10_000);
    await signIn(page, server.adminUrl, OWNER.email, OWNER.password);
    const first = await importFiles(page);
    const said = await first.innerText();
    for (const line of [
      'Email template “Parcel held” added to the library.',
      'Email template “Shared document” added to the library.',
      'Landing page “O365 sign-in” added to the library.',
      'Group “Finance” added with its people.',
    ]) {
      expect(said).toContain(line);
    }
    await expectAxeClean(page, 'the GoPhish import report with library objects');

    const again = await importFiles(page);
    await expect
      .poll(() => again.getByRole('region', { name: /^Needs your attention/ }).innerText())
      .toContain(
        'An email template named “Parcel held” is already in the library: it was kept as it is. The draft campaign has the imported one.',
      );
    const attention = await again.getByRole('region', { name: /^Needs your attention/ }).innerText();
    expect(attention).toContain('A group named “Finance” already exists: it was kept with its members.');
    expect(await again.innerText()).not.toContain('added to the library');
    expect(attention).not.toMatch(/library_|\{\{/);
    await page.close();
  });

  it('reads at 360 px without scrolling sideways', async () => {
    const phone = await (await newContext(browser, { width: 360 })).newPage();
    phone.setDefaultTimeout(10_000);
    await signIn(phone, server.adminUrl, OWNER.email, OWNER.password);
    await importFiles(phone);
    expect(await sidewaysOverflow(phone)).toBe(0);
    await phone.close();
  });
});
