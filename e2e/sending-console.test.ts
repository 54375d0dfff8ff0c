/**
 * The console's sending profiles and GoPhish import in Chromium, against a real server and a real
 * SMTP server: an owner adds a profile through the form, sends a test message that arrives, then
 * imports a GoPhish export and opens the draft it became, then GoPhish's lists and its sending
 * profile, whose report says in words what needs attention, at a phone's width. Both pages are
 * axe-clean.
 */
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '@server/modules/accounts/accounts.service';
import { startSmtpSink, type SmtpSink } from '@server/test/smtp-sink';
import { browserAvailable, launchBrowser, newContext } from './support/browser';
import { expectAxeClean, signIn } from './support/console';
import { startTestServer, type TestServer } from './support/server';

const OWNER = { email: 'sam.sender@example.com', name: 'Sam Sender', password: 'sender-passphrase-4-tests' };
const FIXTURES = path.resolve(__dirname, '../src/server/modules/gophish/fixtures');

const pathOf = (page: Page) => new URL(page.url()).pathname;
const heading = (page: Page) => page.getByRole('heading', { level: 1 }).innerText();

describe.runIf(browserAvailable)('sending profiles and GoPhish import in Chromium', () => {
  let server: TestServer;
  let sink: SmtpSink;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    server = await startTestServer();
    sink = await startSmtpSink();
    await createUser(server.database.db, server.demo.tenantId, { ...OWNER, role: 'owner' });
    browser = await launchBrowser();
    page = await (await newContext(browser, { width: 1280 })).newPage();
    page.setDefaultTimeout(10_000);
  });
  afterAll(async () => {
    await browser?.close();
    await sink?.close();
    await server?.close();
  });

  it('adds a profile through the form and sends a test message that arrives', async () => {
    await signIn(page, server.adminUrl, OWNER.email, OWNER.password);
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Sending profiles' })
      .click();
    await expect.poll(() => heading(page)).toBe('Sending profiles');
    await page.getByRole('button', { name: 'New sending profile' }).click();
    const form = page.getByRole('form', { name: 'New sending profile' });
    await form.getByLabel('Name', { exact: true }).fill('Local relay');
    await form.getByLabel('SMTP host').fill('127.0.0.1');
    await form.getByLabel('Port').fill(String(sink.port));
    await form.getByLabel('Encryption').selectOption('none');
    await form.getByLabel('Envelope sender (MAIL FROM, bounces go here)').fill('bounces@example.com');
    await form.getByRole('button', { name: 'Add a header' }).click();
    await form.getByLabel('Header 1 name').fill('X-Simulation');
    await form.getByLabel('Header 1 value').fill('hookwise');
    await expectAxeClean(page, 'sending profiles with the form open');
    await form.getByRole('button', { name: 'Add the profile' }).click();

    const row = page.getByRole('row', { name: /Local relay/ });
    await expect.poll(() => row.innerText()).toContain(`127.0.0.1:${sink.port}`);
    await expectAxeClean(page, 'sending profiles');

    await row.getByRole('button', { name: 'Send a test message' }).click();
    const dialog = page.getByRole('dialog', { name: 'Send a test message through Local relay' });
    await dialog.getByLabel('Send it to').fill('sam.sender@example.com');
    await dialog.getByRole('button', { name: 'Send', exact: true }).click();
    await expect.poll(() => dialog.getByRole('status').innerText()).toMatch(/^The server answered: 250/);
    await expectAxeClean(page, 'test message dialog');
    await expect.poll(() => sink.received.length).toBe(1);
    expect(sink.received[0]).toMatchObject({
      to: 'sam.sender@example.com',
      envelopeFrom: 'bounces@example.com',
      subject: 'Hookwise test message (Local relay)',
    });
    expect(sink.received[0]?.headers.get('x-simulation')).toBe('hookwise');
  });

  it('imports a GoPhish export and opens the draft it became', async () => {
    await page.goto(`${server.adminUrl}/campaigns`);
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Import from GoPhish' })
      .click();
    await expect.poll(() => heading(page)).toBe('Import from GoPhish');
    await expectAxeClean(page, 'GoPhish import');
    await page
      .getByLabel('Email templates (JSON, optional)')
      .setInputFiles(path.join(FIXTURES, 'template.json'));
    await page.getByLabel('Landing pages (JSON, optional)').setInputFiles(path.join(FIXTURES, 'page.json'));
    await page.getByLabel('Group (JSON or CSV, optional)').setInputFiles(path.join(FIXTURES, 'group.csv'));
    await page.getByLabel("Campaign name (optional: the template's name)").fill('Imported expiry');
    await page.getByRole('button', { name: 'Import', exact: true }).click();

    const report = page.getByRole('region', { name: 'Import report' });
    await expect
      .poll(() => report.getByRole('status').innerText())
      .toMatch(/^Draft campaign “Imported expiry” created with \d+ recipients\.$/);
    expect(
      await report
        .getByRole('region', { name: /^Mapped/ })
        .getByRole('listitem')
        .count(),
    ).toBeGreaterThan(0);
    await expectAxeClean(page, 'GoPhish import report');
    await report.getByRole('link', { name: 'Open the draft campaign' }).click();
    await expect.poll(() => pathOf(page)).toMatch(/^\/campaigns\/[^/]+$/);
    await expect.poll(() => heading(page)).toBe('Imported expiry');
  });

  it("imports GoPhish's lists and sending profile, and says in words what needs attention", async () => {
    const phone = await (await newContext(browser, { width: 360 })).newPage();
    phone.setDefaultTimeout(10_000);
    await signIn(phone, server.adminUrl, OWNER.email, OWNER.password);
    await phone.goto(`${server.adminUrl}/import/gophish`);
    await expect.poll(() => heading(phone)).toBe('Import from GoPhish');
    await phone.getByLabel('Landing pages (JSON, optional)').setInputFiles(path.join(FIXTURES, 'pages.json'));
    await phone
      .getByLabel('Sending profiles (SMTP, JSON, optional)')
      .setInputFiles(path.join(FIXTURES, 'smtp.json'));
    await phone.getByRole('button', { name: 'Import', exact: true }).click();

    const report = phone.getByRole('region', { name: 'Import report' });
    await expect.poll(() => report.getByRole('status').innerText()).toBe('Draft campaigns created: 2.');
    const attention = report.getByRole('region', { name: /^Needs your attention/ });
    const items = await attention.getByRole('listitem').allInnerTexts();
    expect(items).toEqual(
      expect.arrayContaining([
        'Landing page “Cloned portal” came without an email template: its campaign has a placeholder email. Write the email before launching.',
        "Sending profile “Relay”: the password in GoPhish's file was not taken. Enter it in the sending profile.",
      ]),
    );
    // Its <base href> makes Hookwise fetch its files; the fixture's site does not exist (the
    // first of its files to fail is named): said in the console's words, not the server's line.
    expect(items).toContainEqual(
      expect.stringMatching(
        /^Landing page “Cloned portal”: https:\/\/portal\.example\.net\/\S+ could not be copied \(the site's name could not be found\), so the page loads it from nowhere\.$/,
      ),
    );
    await expect
      .poll(() =>
        report.getByRole('listitem').filter({ hasText: 'Sending profile “Relay” created.' }).count(),
      )
      .toBe(1);
    // Readable at 360 px: nothing wider than the screen.
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await expectAxeClean(phone, 'GoPhish import report of lists, at 360 px');
    await phone.close();
  });
});
