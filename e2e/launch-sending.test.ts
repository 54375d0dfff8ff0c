/**
 * One launch that sends, and sending failures in plain sight, in Chromium against a real server
 * and a real SMTP server: the launch dialog says what will happen (messages, times in the chosen
 * zone, per hour), "send me this e-mail" in German arrives at the SMTP server, and a launch
 * through a relay whose name does not resolve shows the failure and its cause on the campaign,
 * then the sending paused (SENDING_PAUSE_AFTER_FAILURES=3), and the same on the campaign list.
 * Axe-clean throughout.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaignFileSchema } from '@shared/campaign';
import { createUser } from '@server/modules/accounts/accounts.service';
import { importCampaign, requireCampaign } from '@server/modules/campaigns/campaigns.service';
import { addRecipients } from '@server/modules/recipients/recipients.service';
import { outboxWorker, type OutboxWorker } from '@server/modules/sending/outbox-worker';
import { createProfile } from '@server/modules/sending/sending-profiles.service';
import { startSmtpSink, type SmtpSink } from '@server/test/smtp-sink';
import { browserAvailable, launchBrowser, newContext } from './support/browser';
import { expectAxeClean, signIn } from './support/console';
import { startTestServer, type TestServer } from './support/server';

const OWNER = {
  email: 'lena.launch@example.com',
  name: 'Lena Launch',
  password: 'launch-passphrase-4-tests',
};

const file = campaignFileSchema.parse({
  name: 'Payroll notice',
  language_code: 'en',
  phishing: { brand: 'Contoso' },
  awareness: { content: 'This was a test.' },
  email: {
    from: 'Payroll <payroll@contoso-hr.example>',
    subject: 'Your payslip, {{first_name}}',
    body: 'Dear {{first_name}},\n\nRead it here: {{link}}',
  },
  translations: { de: { email: { subject: 'Ihre Gehaltsabrechnung, {{first_name}}' } } },
});

describe.runIf(browserAvailable)('one launch that sends, and failures in plain sight', () => {
  let server: TestServer;
  let sink: SmtpSink;
  let browser: Browser;
  let page: Page;
  let campaignId: string;
  let worker: OutboxWorker;

  beforeAll(async () => {
    server = await startTestServer({ SENDING_POLL_MS: '100', SENDING_PAUSE_AFTER_FAILURES: '3' });
    sink = await startSmtpSink();
    const { db } = server.database;
    const tenantId = server.demo.tenantId;
    await createUser(db, tenantId, { ...OWNER, role: 'owner' });
    const base = { port: 25, tls: 'none' as const, envelope_from: 'bounces@contoso-hr.example', headers: {} };
    await createProfile(db, server.config, tenantId, {
      ...base,
      name: 'Local relay',
      host: '127.0.0.1',
      port: sink.port,
    });
    await createProfile(db, server.config, tenantId, { ...base, name: 'Nowhere', host: 'relay.invalid' });
    campaignId = (await importCampaign(db, tenantId, file, { draft: true })).id;
    const campaign = await requireCampaign(db, tenantId, campaignId);
    await addRecipients(
      db,
      campaign,
      ['ana', 'ben', 'cem', 'dan', 'eva', 'fay'].map((name) => ({
        email: `${name}@example.com`,
        person_id: null,
        first_name: name,
        language_code: null,
        department: 'Finance',
      })),
    );
    // The test server builds the apps only; the outbox worker runs as server.ts would run it.
    worker = outboxWorker({ config: server.config, database: server.database }, server.app.log);
    browser = await launchBrowser();
    page = await (await newContext(browser, { width: 1280 })).newPage();
    page.setDefaultTimeout(10_000);
  });
  afterAll(async () => {
    await browser?.close();
    await worker?.stop();
    await sink?.close();
    await server?.close();
  });

  it('says what the launch will do and sends me the e-mail in German first', async () => {
    await signIn(page, server.adminUrl, OWNER.email, OWNER.password);
    await page.goto(`${server.adminUrl}/campaigns/${campaignId}`);
    await page.getByRole('button', { name: 'Launch…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Launch “Payroll notice”' });
    await dialog.getByLabel('Time zone of these dates').selectOption('Europe/Berlin');
    await dialog.getByLabel('Start', { exact: true }).fill('2030-03-04T09:00');
    await dialog.getByLabel('Send through').selectOption({ label: `Local relay (127.0.0.1:${sink.port})` });
    await dialog.getByLabel('Messages per minute').fill('1');
    await dialog.getByLabel('Spread over (minutes, 0: as fast as the rate allows)').fill('150');
    // 6 messages over 150 minutes: one every 25 minutes, from 9:00 to 11:05 in Berlin, 2.4 per hour.
    await expect
      .poll(() => dialog.getByText(/^6 messages from/).innerText())
      .toMatch(/^6 messages from .*9:00.* to 11:05.{0,4}Europe\/Berlin, 2\.4 per hour$/);
    await expectAxeClean(page, 'the launch dialog');

    await dialog.getByLabel('Language of the e-mail').selectOption('de');
    await dialog.getByLabel('Your e-mail address').fill('lena.launch@example.com');
    await dialog.getByRole('button', { name: 'Send me this e-mail in Deutsch' }).click();
    await expect
      .poll(() => dialog.getByRole('status').last().innerText())
      .toMatch(/^Sent to lena\.launch@example\.com/);
    await expect.poll(() => sink.received.length).toBe(1);
    expect(sink.received[0]).toMatchObject({
      to: 'lena.launch@example.com',
      subject: 'Ihre Gehaltsabrechnung, ana',
    });
    await expectAxeClean(page, 'the launch dialog after sending me the e-mail');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
  });

  it('launches through an unresolvable relay: the campaign shows why, then pauses; so does the list', async () => {
    await page.goto(`${server.adminUrl}/campaigns/${campaignId}`);
    await page.getByRole('button', { name: 'Launch…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Launch “Payroll notice”' });
    await dialog.getByLabel('Send through').selectOption({ label: 'Nowhere (relay.invalid:25)' });
    await dialog.getByLabel('Messages per minute').fill('600');
    await expect.poll(() => dialog.getByText(/^6 messages from/).count()).toBe(1);
    await dialog.getByRole('button', { name: 'Launch and start sending' }).click();
    await expect
      .poll(() => page.getByRole('status').first().innerText())
      .toBe('The campaign is launched and its e-mail is being sent.');

    const sending = page.getByRole('region', { name: 'Sending' });
    const alert = sending.getByRole('alert');
    await expect
      .poll(() => alert.innerText(), { timeout: 60_000 })
      .toMatch(/^Sending was paused at .+ because messages kept failing: /);
    const words = await alert.innerText();
    expect(words).toContain(
      "the relay's name does not resolve (relay.invalid:25): check the host name in the sending profile",
    );
    expect(words).not.toMatch(/ENOTFOUND|EAI_AGAIN|getaddrinfo/);
    expect(await sending.getByRole('button', { name: 'Resume' }).count()).toBe(1);
    await expectAxeClean(page, 'the campaign paused for failures');

    await page.goto(`${server.adminUrl}/campaigns`);
    const row = page.getByRole('row', { name: /Payroll notice/ });
    await expect.poll(() => row.innerText()).toContain('Sending paused: the relay');
    await expectAxeClean(page, 'the campaign list with a paused sending');
  }, 120_000);
});
