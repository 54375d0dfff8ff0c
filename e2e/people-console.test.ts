/**
 * People and directory sync in Chromium, against a real server: an owner creates the SCIM
 * token in Settings (shown once), a directory provisions people and a group with it over SCIM,
 * the People page lists, counts and filters them, a campaign's recipients are added from the
 * group, and every page is axe-clean, readable (no codes, ids or placeholders), usable by
 * keyboard, and fits a 360 px phone.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '@server/modules/accounts/accounts.service';
import { browserAvailable, launchBrowser, newContext } from './support/browser';
import { expectAxeClean, expectReadable, sidewaysOverflow, signIn } from './support/console';
import { startTestServer, type TestServer } from './support/server';

const OWNER = { email: 'pia.people@example.com', name: 'Pia People', password: 'people-passphrase-4-tests' };
const ENTERPRISE = 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User';
const heading = (page: Page) => page.getByRole('heading', { level: 1 }).innerText();

describe.runIf(browserAvailable)('people and directory sync in Chromium', () => {
  let server: TestServer;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    server = await startTestServer();
    await createUser(server.database.db, server.demo.tenantId, { ...OWNER, role: 'owner' });
    browser = await launchBrowser();
    page = await (await newContext(browser, { width: 1280 })).newPage();
    page.setDefaultTimeout(10_000);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('mints the token, lets a directory provision, lists people and adds a group to a campaign', async () => {
    await signIn(page, server.adminUrl, OWNER.email, OWNER.password);
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Settings' })
      .click();
    const sync = page.getByRole('region', { name: 'Directory sync (SCIM)' });
    await expect.poll(() => sync.getByLabel('Tenant URL').inputValue()).toBe(`${server.adminUrl}/scim/v2`);
    await sync.getByRole('button', { name: 'Create the secret token' }).click();
    const token = await sync.getByLabel('Your new secret token').inputValue();
    expect(token).toMatch(/^hwscim_/);
    await expectAxeClean(page, 'settings with the token');

    // The directory, as Entra ID sends it.
    const scim = (path: string, body: object) =>
      fetch(`${server.adminUrl}/scim/v2${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/scim+json' },
        body: JSON.stringify(body),
      });
    const ids: string[] = [];
    for (const [login, given, department, language] of [
      ['lea@corp.example', 'Léa', 'Finance', 'fr-FR'],
      ['omar@corp.example', 'Omar', 'Sales', 'ar-EG'],
    ]) {
      const res = await scim('/Users', {
        userName: login,
        name: { givenName: given, familyName: 'Directory' },
        emails: [{ primary: true, type: 'work', value: login }],
        preferredLanguage: language,
        active: true,
        [ENTERPRISE]: { department },
      });
      expect(res.status).toBe(201);
      ids.push(((await res.json()) as { id: string }).id);
    }
    expect((await scim('/Groups', { displayName: 'Pilot group', members: [{ value: ids[0] }] })).status).toBe(
      201,
    );

    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'People' })
      .click();
    await expect.poll(() => heading(page)).toBe('People');
    const table = page.getByRole('table');
    await expect.poll(() => table.innerText()).toContain('Léa Directory');
    expect(await table.innerText()).toContain('Français');
    // By keyboard: the group filter, then a search sent with Enter.
    await page.getByLabel('Group', { exact: true }).focus();
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => page.getByText(/^People found: 1$/).count()).toBe(1);
    await page.getByLabel('Name, e-mail, person ID or department').focus();
    await page.keyboard.type('nobody-matches');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByText('No one matches these filters.').count()).toBe(1);
    await page.getByLabel('Name, e-mail, person ID or department').fill('');
    await page.keyboard.press('Enter');
    await expect.poll(() => table.innerText()).toContain('Pilot group');
    await expectAxeClean(page, 'people');
    await expectReadable(page, 'people');

    await page.goto(`${server.adminUrl}/campaigns/${server.demo.campaignId}/recipients`);
    const add = page.getByRole('form', { name: 'Add from people' });
    await add.getByRole('radio', { name: 'The people of a group' }).check();
    await add.getByLabel('Group', { exact: true }).selectOption({ label: 'Pilot group (1)' });
    await add.getByRole('button', { name: 'Add these recipients' }).click();
    await expect
      .poll(() => add.getByRole('status').innerText())
      .toBe('Recipients added: 1. Already recipients: 0.');
    await expect.poll(() => page.getByRole('table').innerText()).toContain('lea@corp.example');
    await expectAxeClean(page, 'recipients with add from people');
    await expectReadable(page, 'recipients with add from people');
  });

  it('reads at 360 px without scrolling sideways', async () => {
    const phone = await (await newContext(browser, { width: 360 })).newPage();
    await signIn(phone, server.adminUrl, OWNER.email, OWNER.password);
    for (const path of ['/people', '/settings']) {
      await phone.goto(`${server.adminUrl}${path}`);
      await expect.poll(() => heading(phone)).not.toBe('');
      await phone.waitForLoadState('networkidle');
      expect(await sidewaysOverflow(phone), path).toBe(0);
      await expectAxeClean(phone, `${path} at 360 px`);
    }
    await phone.close();
  });
});
