/**
 * The campaign editor's email preview in Chromium, against a real server: the email as the
 * first recipient gets it (variables filled, per language, its inline styles applied), the
 * operator's HTML in a frame with an empty sandbox where its script never runs, the text part on
 * its own tab, an edit shown before saving, axe-clean, and the console's own strings in Arabic,
 * right to left.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaignFileSchema } from '@shared/campaign';
import { createUser } from '@server/modules/accounts/accounts.service';
import { importCampaign, requireCampaign } from '@server/modules/campaigns/campaigns.service';
import { addRecipients } from '@server/modules/recipients/recipients.service';
import { browserAvailable, launchBrowser, newContext } from './support/browser';
import { expectAxeClean, signIn } from './support/console';
import { startTestServer, type TestServer } from './support/server';

const OWNER = { email: 'eve.editor@example.com', name: 'Eve Editor', password: 'editor-passphrase-4-tests' };

const file = campaignFileSchema.parse({
  name: 'Expiry with email',
  language_code: 'en',
  phishing: { brand: 'Contoso' },
  awareness: { content: 'This was a test.' },
  email: {
    from: 'IT Desk <it@contoso-support.example>',
    subject: 'Password expiry for {{first_name}}',
    body: 'Dear {{first_name}},\n\nRenew it here: {{link}}',
    html:
      '<p id="greeting" style="color: rgb(200, 0, 0)">Dear {{first_name}} of {{department}},</p>' +
      '<p><a href="{{link}}">Renew</a></p>' +
      '<script>document.body.setAttribute("data-ran", "yes"); parent.document.title = "owned";</script>',
  },
  translations: { de: { email: { subject: 'Passwort läuft ab, {{first_name}}' } } },
});

describe.runIf(browserAvailable)('the email preview in the campaign editor', () => {
  let server: TestServer;
  let browser: Browser;
  let page: Page;
  let campaignId: string;

  beforeAll(async () => {
    server = await startTestServer();
    await createUser(server.database.db, server.demo.tenantId, { ...OWNER, role: 'owner' });
    campaignId = (await importCampaign(server.database.db, server.demo.tenantId, file, { draft: true })).id;
    const campaign = await requireCampaign(server.database.db, server.demo.tenantId, campaignId);
    await addRecipients(server.database.db, campaign, [
      {
        email: 'ana@example.com',
        person_id: null,
        first_name: 'Ana <b>',
        language_code: null,
        department: 'R&D',
      },
    ]);
    browser = await launchBrowser();
    page = await (await newContext(browser, { width: 1400 })).newPage();
    page.setDefaultTimeout(10_000);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('shows the email as the first recipient gets it, the HTML sandboxed, the text on its tab', async () => {
    await signIn(page, server.adminUrl, OWNER.email, OWNER.password);
    await page.goto(`${server.adminUrl}/campaigns/${campaignId}/edit`);
    await page.getByRole('button', { name: 'Email', exact: true }).click();
    const preview = page.getByRole('region', { name: 'The email as recipients get it' });
    await expect.poll(() => preview.innerText()).toContain('Password expiry for Ana <b>');
    expect(await preview.innerText()).toContain('IT Desk <it@contoso-support.example>');
    expect(await preview.innerText()).toContain('Variables filled for ana@example.com.');

    const title = await page.title();
    const frameElement = preview.locator('iframe');
    expect(await frameElement.getAttribute('sandbox')).toBe('');
    const frame = preview.frameLocator('iframe');
    // Escaped where it lands: the name is text, not markup.
    await expect.poll(() => frame.locator('#greeting').innerText()).toBe('Dear Ana <b> of R&D,');
    expect(await frame.locator('a').getAttribute('href')).toBe(`${server.url}/phish?rid=preview`);
    // The operator's script never ran: not in the frame, not on the console.
    expect(await frame.locator('body').getAttribute('data-ran')).toBeNull();
    expect(await page.title()).toBe(title);
    // The email's own inline styles apply, as in a mail client.
    expect(await frame.locator('#greeting').evaluate((e) => getComputedStyle(e).color)).toBe(
      'rgb(200, 0, 0)',
    );
    await expectAxeClean(page, 'editor: email preview');

    await preview.getByRole('tab', { name: 'Text' }).click();
    await expect.poll(() => preview.getByRole('tabpanel').innerText()).toContain('Dear Ana <b>,');
    expect(await preview.getByRole('tabpanel').innerText()).toContain(
      `Renew it here: ${server.url}/phish?rid=preview`,
    );

    await preview.getByLabel('Language').selectOption('de');
    await expect.poll(() => preview.innerText()).toContain('Passwort läuft ab, Ana <b>');
  });

  it('edits show in the preview before saving', async () => {
    const subject = page.getByLabel('Subject', { exact: true });
    await subject.fill('Last reminder, {{first_name}}');
    const preview = page.getByRole('region', { name: 'The email as recipients get it' });
    await preview.getByLabel('Language').selectOption('en');
    await expect.poll(() => preview.innerText()).toContain('Last reminder, Ana <b>');
  });

  it('speaks Arabic, right to left', { timeout: 20_000 }, async () => {
    await page.evaluate(() => localStorage.setItem('hookwise.console.language', 'ar'));
    await page.goto(`${server.adminUrl}/campaigns/${campaignId}/edit`);
    await page.getByRole('button', { name: 'البريد الإلكتروني', exact: true }).click();
    const preview = page.getByRole('region', { name: 'الرسالة كما يتلقاها المستلمون' });
    await expect.poll(() => preview.innerText()).toContain('المتغيرات معبأة للمستلم ana@example.com.');
    expect(await preview.getByRole('tab', { name: 'نص' }).count()).toBe(1);
    expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual([
      'ar',
      'rtl',
    ]);
    await expectAxeClean(page, 'editor: email preview in Arabic');
    await page.evaluate(() => localStorage.removeItem('hookwise.console.language'));
  });
});
