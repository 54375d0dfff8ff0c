/**
 * "Import a site" in the console's campaign editor, in Chromium: typed and sent from the
 * keyboard, the page becomes the landing page, the report says in words what was not copied,
 * and the section is labelled, axe-clean and readable at 360 px.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '@server/modules/accounts/accounts.service';
import { startCloneSite, type CloneSite } from '@server/test/clone-site';
import { browserAvailable, launchBrowser, newContext } from './support/browser';
import { expectAxeClean, sidewaysOverflow, signIn } from './support/console';
import { startTestServer, type TestServer } from './support/server';

const OWNER = {
  email: 'ines.import@example.com',
  name: 'Inès Import',
  password: 'import-passphrase-4-tests',
};

describe.runIf(browserAvailable)('importing a site from the campaign editor in Chromium', () => {
  let server: TestServer;
  let site: CloneSite;
  let browser: Browser;

  beforeAll(async () => {
    server = await startTestServer({ IMPORT_SITE_ALLOW_PRIVATE: '1' });
    site = await startCloneSite();
    await createUser(server.database.db, server.demo.tenantId, { ...OWNER, role: 'owner' });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await site?.close();
    await server?.close();
  });

  async function openPhishingSection(page: Page) {
    await signIn(page, server.adminUrl, OWNER.email, OWNER.password);
    await page.goto(`${server.adminUrl}/campaigns/${server.demo.campaignId}/edit`);
    await page.getByRole('button', { name: 'Phishing page' }).click();
    return page.getByRole('form', { name: 'Import a site' });
  }

  it('imports the page from the keyboard and reports what was not copied, in words', async () => {
    const page = await (await newContext(browser, { width: 1280 })).newPage();
    page.setDefaultTimeout(10_000);
    const form = await openPhishingSection(page);
    await form.getByLabel('Address of the page to copy').focus();
    await page.keyboard.type(site.pageUrl);
    await page.keyboard.press('Enter');
    const report = form.getByRole('status');
    await expect
      .poll(() => report.innerText())
      .toContain('The page was imported and saved, with 5 files stored with the campaign.');
    const text = await report.innerText();
    expect(text).toContain('Not copied (2): the page is shown without them.');
    expect(text).toContain(`${site.origin}/login/js/app.js: a script: scripts are never copied`);
    expect(text).toContain(`${site.origin}/login/img/missing.png: the site answered with an error`);
    // The page is the template now, pointing at Hookwise's copies only.
    const html = await page.getByLabel('Template HTML').inputValue();
    expect(html).toContain('/assets/p/');
    expect(html).not.toContain(site.origin);
    // Saved on the server already: the editor has nothing left to save.
    expect(await page.getByRole('button', { name: 'Save changes' }).isDisabled()).toBe(true);
    // The console around it; the copied page itself (in its preview frames) is the site's own markup.
    await expectAxeClean(page, 'the phishing page section after an import', ['iframe']);
    await page.close();
  });

  it('reads at 360 px without scrolling sideways', async () => {
    const phone = await (await newContext(browser, { width: 360 })).newPage();
    phone.setDefaultTimeout(10_000);
    const form = await openPhishingSection(phone);
    await form.getByLabel('Address of the page to copy').fill('http://127.0.0.1:9/nothing-listens-here');
    await form.getByRole('button', { name: 'Import the page' }).click();
    await expect
      .poll(() => form.getByRole('alert').innerText())
      .toBe('The page could not be imported from this address.');
    await phone.waitForLoadState('networkidle');
    expect(await sidewaysOverflow(phone)).toBe(0);
    // The preview beside it shows the campaign's own landing page (the operator's content, whose
    // form may have no labels): the console around it is what is checked here.
    const results = await new AxeBuilder({ page: phone })
      .withTags(['wcag2a', 'wcag2aa'])
      .exclude('iframe')
      .analyze();
    expect(
      results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    ).toEqual([]);
    await phone.close();
  });
});
