/**
 * A GoPhish campaign with its results imported from the console's Import from GoPhish page, in
 * Chromium: the file chosen and sent from the keyboard, the imported campaign linked and its page
 * saying its clicks are unverified; labelled, axe-clean and readable at 360 px.
 */
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '@server/modules/accounts/accounts.service';
import { browserAvailable, launchBrowser, newContext } from './support/browser';
import { expectAxeClean, sidewaysOverflow, signIn } from './support/console';
import { startTestServer, type TestServer } from './support/server';

const OWNER = {
  email: 'gita.gophish@example.com',
  name: 'Gita Gophish',
  password: 'gophish-passphrase-4-tests',
};
const FIXTURE = path.resolve(
  import.meta.dirname,
  '../src/server/modules/gophish/fixtures/campaign-results.json',
);

describe.runIf(browserAvailable)('importing a GoPhish campaign with its results in the console', () => {
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

  const IMPORTED =
    'Finished campaign “Q1 parcels” imported with 5 recipients. Its clicks are unverified: GoPhish could not tell people from mail scanners.';

  async function importCampaign(page: Page, said = IMPORTED) {
    await signIn(page, server.adminUrl, OWNER.email, OWNER.password);
    await page.goto(`${server.adminUrl}/import/gophish`);
    const form = page.getByRole('form', { name: 'GoPhish files' });
    await form.getByLabel('Campaigns with their results (JSON, optional)').setInputFiles(FIXTURE);
    await form.getByRole('button', { name: 'Import' }).focus();
    await page.keyboard.press('Enter');
    const report = page.getByRole('region', { name: 'Import report' });
    await expect.poll(() => report.innerText()).toContain(said);
    return report;
  }

  it('imports from the keyboard, links to the campaign, and says there its clicks are unverified', async () => {
    const page = await (await newContext(browser, { width: 1280 })).newPage();
    page.setDefaultTimeout(10_000);
    const report = await importCampaign(page);
    await expectAxeClean(page, 'the GoPhish import report');
    await report.getByRole('link', { name: 'Open the results of “Q1 parcels”' }).click();
    await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe('Q1 parcels');
    expect(await page.getByRole('status').filter({ hasText: 'Imported from GoPhish' }).innerText()).toContain(
      "Its clicks are unverified: GoPhish could not tell people from mail scanners, so none counts as a person's click.",
    );
    expect(await page.getByRole('button', { name: 'Launch' }).count()).toBe(0);
    await expectAxeClean(page, 'an imported campaign');
    await page.close();
  });

  it('reads at 360 px without scrolling sideways, and an import run again adds the campaign no second time', async () => {
    const phone = await (await newContext(browser, { width: 360 })).newPage();
    phone.setDefaultTimeout(10_000);
    await importCampaign(
      phone,
      'Campaign “Q1 parcels” was already imported from GoPhish: it was kept as it is, not imported again.',
    );
    expect(await sidewaysOverflow(phone)).toBe(0);
    await phone.close();
  });
});
