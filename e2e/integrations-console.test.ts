/**
 * The Integrations page in Chromium at 360 px, as an owner uses it: adds a webhook endpoint from
 * the keyboard (the signing secret shown once), watches a delivery fail and then arrive in the
 * log (in words, no codes), and sends it again; the receiver checks every signature with the
 * secret the page showed. Axe-clean, no sideways scrolling. Also in Arabic (right to left).
 * Screenshots are saved under test-results/integrations.
 */
import { mkdirSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '@server/modules/accounts/accounts.service';
import { verifySignature } from '@server/modules/webhooks/signature';
import { webhooksWorker } from '@server/modules/webhooks/webhooks-worker';
import { emitEvent } from '@server/modules/webhooks/webhooks.service';
import { startWebhookReceiver, type WebhookReceiver } from '@server/test/webhook-receiver';
import { browserAvailable, launchBrowser, newContext } from './support/browser';
import { expectAxeClean, expectReadable, sidewaysOverflow, signIn, signInIn } from './support/console';
import { startTestServer, type TestServer } from './support/server';

const SHOTS = 'test-results/integrations';
const OWNER = { email: 'owen.owner@example.com', name: 'Owen', password: 'owner-passphrase-4-hooks' };

describe.runIf(browserAvailable)('integrations in the console', () => {
  let server: TestServer;
  let browser: Browser;
  let receiver: WebhookReceiver;

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    // Retries come due within milliseconds, so the test need not wait for the backoff.
    server = await startTestServer({ WEBHOOKS_ALLOW_PLAIN: 'true', WEBHOOKS_TIME_SCALE: '60000' });
    await createUser(server.database.db, server.demo.tenantId, { ...OWNER, role: 'owner' });
    receiver = await startWebhookReceiver([500, 200]);
    browser = await launchBrowser();
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await receiver?.close();
    await server?.close();
  });

  const deliverDue = async () => {
    const worker = webhooksWorker(server, server.app.log, { loop: false });
    await worker.runOnce();
    await worker.stop();
  };

  it('adds an endpoint, shows the delivery log in words and sends a delivery again', async () => {
    const context = await newContext(browser, { width: 360 });
    const page = await context.newPage();
    page.setDefaultTimeout(10_000);
    await signIn(page, server.adminUrl, OWNER.email, OWNER.password);
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('link', { name: 'Integrations' }).click();
    await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe('Integrations');
    await page.getByText('No endpoints yet: add one below.').waitFor();

    // From the keyboard: the address, then Enter sends the form (every event is ticked at first).
    await page.getByLabel('Address', { exact: true }).focus();
    await page.keyboard.type(receiver.url);
    await page.keyboard.press('Enter');
    const secretField = page.getByLabel('Signing secret of the new endpoint');
    const secret = await secretField.inputValue();
    expect(secret).toMatch(/^whsec_/);
    await page.getByRole('table', { name: 'Where events are sent' }).getByText(receiver.url).waitFor();
    await page.screenshot({ path: `${SHOTS}/added-360.png`, fullPage: true });
    expect(await sidewaysOverflow(page), 'added').toBe(0);
    await expectAxeClean(page, 'added');
    await expectReadable(page, 'added');

    await emitEvent(server.database.db, {
      tenantId: server.demo.tenantId,
      type: 'campaign.ended',
      campaignId: server.demo.campaignId,
      data: {},
    });
    await deliverDue();
    await page.getByRole('button', { name: 'Refresh' }).click();
    const log = page.getByRole('table', { name: 'Deliveries, newest first' });
    await log.getByText('The receiver answered with an error.').waitFor();
    await log.getByText('Waiting to be sent').waitFor();
    await deliverDue();
    await page.getByRole('button', { name: 'Refresh' }).click();
    await log.getByText('Delivered', { exact: true }).waitFor();
    await page.screenshot({ path: `${SHOTS}/log-360.png`, fullPage: true });
    expect(await sidewaysOverflow(page), 'log').toBe(0);
    await expectAxeClean(page, 'log');
    await expectReadable(page, 'log');

    await page.getByRole('button', { name: `Send “A campaign ended” to ${receiver.url} again` }).click();
    await page.getByText('Queued to be sent again.').waitFor();
    await deliverDue();
    expect(receiver.received).toHaveLength(3);
    for (const r of receiver.received) {
      expect(verifySignature(secret, r.body, String(r.headers['hookwise-signature']))).toBe(true);
    }
    expect(new Set(receiver.received.map((r) => r.headers['hookwise-event-id'])).size).toBe(1);
    await context.close();
  });

  it('reads right to left in Arabic, in words', async () => {
    const context = await newContext(browser, { width: 360 });
    const page = await context.newPage();
    page.setDefaultTimeout(10_000);
    await signInIn(page, server.adminUrl, 'ar', OWNER);
    await page.goto(`${server.adminUrl}/integrations`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe('التكاملات');
    await page.getByRole('table', { name: 'عمليات التسليم، الأحدث أولًا' }).waitFor();
    await page.screenshot({ path: `${SHOTS}/ar-360.png`, fullPage: true });
    expect(await sidewaysOverflow(page), 'ar').toBe(0);
    await expectAxeClean(page, 'ar');
    await expectReadable(page, 'ar');
    await context.close();
  });
});
