/**
 * The allow-listing assistant and the settings page in Chromium, against a real server and a
 * real SMTP server: an operator opens a profile's allow-listing page, fills in the relay's
 * address, sends a check that arrives; a mail gateway's scanner (Microsoft's network, behind the
 * proxy) opens its link, and the page reports it in words. An owner lists the office addresses.
 * Every page is axe-clean.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '@server/modules/accounts/accounts.service';
import { createProfile } from '@server/modules/sending/sending-profiles.service';
import { startSmtpSink, type SmtpSink } from '@server/test/smtp-sink';
import { browserAvailable, launchBrowser, newContext } from './support/browser';
import { expectAxeClean, signIn } from './support/console';
import { startTestServer, type TestServer } from './support/server';

const OWNER = { email: 'ava.allow@example.com', name: 'Ava Allow', password: 'allow-passphrase-4-tests' };
const heading = (page: Page) => page.getByRole('heading', { level: 1 }).innerText();

describe.runIf(browserAvailable)('allow-listing and settings in Chromium', () => {
  let server: TestServer;
  let sink: SmtpSink;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    server = await startTestServer({ TRUST_PROXY: 'true' });
    sink = await startSmtpSink();
    const { db } = server.database;
    await createUser(db, server.demo.tenantId, { ...OWNER, role: 'owner' });
    await createProfile(db, server.config, server.demo.tenantId, {
      name: 'Local relay',
      host: '127.0.0.1',
      port: sink.port,
      tls: 'none',
      envelope_from: 'bounces@example.com',
      headers: {},
    });
    browser = await launchBrowser();
    page = await (await newContext(browser, { width: 1280 })).newPage();
    page.setDefaultTimeout(10_000);
  });
  afterAll(async () => {
    await browser?.close();
    await sink?.close();
    await server?.close();
  });

  it('gives the values, sends a check and reports the scanner that opened its link', async () => {
    await signIn(page, server.adminUrl, OWNER.email, OWNER.password);
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Sending profiles' })
      .click();
    await page.getByRole('link', { name: 'Allow-listing for Local relay' }).click();
    await expect.poll(() => heading(page)).toBe('Allow-listing for Local relay');
    const microsoft = page.getByRole('region', { name: 'Microsoft 365' });
    await expect.poll(() => microsoft.innerText()).toContain('example.com');
    await expectAxeClean(page, 'allow-listing');

    await page.getByLabel("Your relay's outbound addresses").fill('203.0.113.25');
    await page.getByRole('button', { name: 'Fill them in' }).click();
    await expect.poll(() => microsoft.innerText()).toContain('203.0.113.25');

    await page.getByLabel('Send the check to').fill('ava.allow@example.com');
    await page.getByRole('button', { name: 'Send the check' }).click();
    await expect.poll(() => sink.received.length).toBe(1);
    const link = /http:\/\/127\.0\.0\.1:\d+\/go\/[\w-]{32}/.exec(sink.received[0]?.text ?? '')?.[0];
    expect(link).toBeDefined();
    // The gateway's scanner, as the reverse proxy passes it on.
    const visit = await fetch(link!, { headers: { 'x-forwarded-for': '40.107.3.4', accept: 'text/html' } });
    expect(visit.status).toBe(200);
    await expect
      .poll(() => page.getByRole('list', { name: 'Latest checks' }).innerText(), { timeout: 15_000 })
      .toMatch(
        /A scanner in the network of Microsoft Exchange Online Protection opened it \d+ s after delivery\./,
      );
    expect(await page.getByRole('list', { name: 'Latest checks' }).innerText()).toContain(
      'Allow-listing not yet effective: a scanner opened the link.',
    );
    await expectAxeClean(page, 'allow-listing with a check');
  });

  it('lets the owner list the office and gateway addresses on the settings page', async () => {
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Settings' })
      .click();
    await expect.poll(() => heading(page)).toBe('Settings');
    await page.getByLabel('Addresses and networks, one per line').fill('203.0.113.0/24\n198.51.100.7');
    await page.getByRole('button', { name: 'Save the addresses' }).click();
    await expect.poll(() => page.getByRole('status').first().innerText()).toBe('The addresses are saved.');
    expect(await page.getByLabel('Addresses and networks, one per line').inputValue()).toBe(
      '203.0.113.0/24\n198.51.100.7/32',
    );
    await expectAxeClean(page, 'settings');
  });
});
