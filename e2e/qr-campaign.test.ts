/**
 * A QR campaign end to end (issue 25): Hookwise's outbox sends the campaign to a real SMTP
 * server; the message's HTML part shows an inline PNG by its Content-ID which, decoded as a
 * phone's camera would, carries the recipient's link with `via=qr`. A person opens that URL on a
 * phone (touch context, phone agent, no automation flag), taps the e-mail field and types; the
 * results API, its CSV, the dashboard API and the console's results page all show that the click
 * came through the QR code, and the recipient who did nothing shows no click.
 */
import { parse } from 'csv-parse/sync';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Dashboard } from '@shared/dashboard';
import type { Results } from '@shared/results';
import { createUser } from '@server/modules/accounts/accounts.service';
import { outboxWorker, type OutboxWorker } from '@server/modules/sending/outbox-worker';
import { decodeQrPng } from '@server/test/qr-decode';
import { startSmtpSink, type SmtpSink } from '@server/test/smtp-sink';
import { browserAvailable, launchBrowser, newContext } from './support/browser';
import { signIn } from './support/console';
import { AGENTS, judged, launchPersonBrowser, markSent, random, tapAndType } from './support/people';
import { sentRecorded } from './support/scenario-walk';
import { startTestServer, type TestServer } from './support/server';

const VIEWER = {
  email: 'quinn.viewer@example.com',
  name: 'Quinn Viewer',
  password: 'viewer-passphrase-4-qr-tests',
};
const EMAIL = {
  from: 'Facilities <facilities@northwind.example>',
  subject: 'Your parking permit expires',
  body: 'Hello {{first_name}},\n\nScan the code with your phone to renew your permit:\n\n{{qr_code}}',
  html: '<p>Hello {{first_name}},</p><p>Scan the code with your phone to renew your permit:</p>{{qr_code}}',
};
const SCANNER = 'qr.scanner@example.com';
// Generous: the suite shares two cores with the server, Chromium and the SMTP server.
const WAIT = 20_000;
const IDLE = 'qr.idle@example.com';

describe.runIf(browserAvailable)('a QR campaign, from the outbox to the results', () => {
  let server: TestServer;
  let sink: SmtpSink;
  let worker: OutboxWorker;
  let person: Browser;
  let operator: Browser;
  let campaignId = '';

  const api = async (method: 'GET' | 'POST', url: string, payload?: unknown, type?: string) => {
    const res = await server.admin.inject({
      method,
      url,
      headers: {
        authorization: `Bearer ${server.demo.apiKey}`,
        ...(type ? { 'content-type': type } : {}),
      },
      ...(payload === undefined ? {} : { payload: payload as string }),
    });
    if (res.statusCode >= 300) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
    return res;
  };

  beforeAll(async () => {
    server = await startTestServer({ TRUST_PROXY: 'true' });
    sink = await startSmtpSink();
    worker = outboxWorker({ config: server.config, database: server.database }, server.app.log);
    await createUser(server.database.db, server.demo.tenantId, { ...VIEWER, role: 'viewer' });
    person = await launchPersonBrowser();
    operator = await launchBrowser();
  }, 60_000);

  afterAll(async () => {
    await worker?.stop();
    await person?.close();
    await operator?.close();
    await sink?.close();
    await server?.close();
  });

  it(
    'sends an inline QR code of the recipient’s own link, and counts its scan as qr',
    { timeout: 120_000 },
    async () => {
      const profile = (
        await api('POST', '/api/admin/sending-profiles', {
          name: 'Test relay',
          host: '127.0.0.1',
          port: sink.port,
          tls: 'none',
          envelope_from: 'bounces@northwind.example',
        })
      ).json<{ id: string }>();
      const file = {
        name: 'Parking permits',
        language_code: 'en',
        phishing: { brand: 'Northwind Facilities' },
        awareness: { content: 'This was a simulated phishing exercise.' },
        email: EMAIL,
      };
      campaignId = (await api('POST', '/api/admin/campaigns', file)).json<{ id: string }>().id;
      await api(
        'POST',
        `/api/admin/campaigns/${campaignId}/recipients`,
        `email,first_name\n${SCANNER},Ana\n${IDLE},Ben\n`,
        'text/csv',
      );
      await api('POST', `/api/admin/campaigns/${campaignId}/sending`, {
        profile_id: profile.id,
        rate_per_minute: 600,
      });

      // The outbox sends; the message arrives at the SMTP server.
      await expect
        .poll(() => sink.received.filter((m) => m.to.startsWith('qr.')).length, { timeout: WAIT })
        .toBe(2);
      const message = sink.received.find((m) => m.to === SCANNER)!;
      const image = message.attachments.find((a) => a.cid === 'qr-code@hookwise');
      expect(image?.contentType).toBe('image/png');
      expect(message.html).toMatch(/<img src="cid:qr-code@hookwise" alt="QR code"/);
      const links = (await api('GET', `/api/admin/campaigns/${campaignId}/links`)).json<{
        links: { email: string; rid: string }[];
      }>().links;
      const rid = links.find((l) => l.email === SCANNER)!.rid;
      const scanned = decodeQrPng(image!.content);
      expect(scanned).toBe(`${server.url}/phish?rid=${rid}&via=qr`);

      // Ana reads the message a few minutes later and scans the code with her phone. (The outbox
      // records the send after the server accepted it: once it has, it is moved back.)
      await sentRecorded(server, rid);
      await markSent(server.database.db, [rid], 300);
      const phone = await person.newContext({
        locale: 'en-US',
        userAgent: AGENTS.iphone,
        viewport: { width: 393, height: 659 },
        screen: { width: 393, height: 852 },
        deviceScaleFactor: 3,
        isMobile: true,
        hasTouch: true,
        extraHTTPHeaders: { 'x-forwarded-for': '192.0.2.61' },
      });
      const page = await phone.newPage();
      await page.goto(scanned!);
      await page.getByLabel('Email or username').waitFor();
      await tapAndType(page, random('qr-campaign'));
      // Counted as a person, on what the person did (the tap and the typing).
      await expect
        .poll(async () => (await judged(server.database.db, rid)).verdict, { timeout: WAIT })
        .toBe('human');
      await phone.close();
      expect((await judged(server.database.db, rid)).clicked).toBe(true);

      // The results API, its CSV and the dashboard API: the click came through the QR code.
      const results = (await api('GET', `/api/admin/campaigns/${campaignId}/results`)).json<Results>();
      expect(results.funnel.clicked_via).toEqual({ link: 0, qr: 1 });
      const via = Object.fromEntries(results.recipients.map((r) => [r.email, r.click_via]));
      expect(via).toEqual({ [SCANNER]: 'qr', [IDLE]: null });
      const csv = parse<Record<string, string>>(
        (await api('GET', `/api/admin/campaigns/${campaignId}/results.csv`)).body,
        { columns: true },
      );
      expect(Object.fromEntries(csv.map((r) => [r.email, r.click_via]))).toEqual({
        [SCANNER]: 'qr',
        [IDLE]: '',
      });
      const dashboard = (await api('GET', `/api/admin/campaigns/${campaignId}/dashboard`)).json<Dashboard>();
      expect(dashboard.clicked_via).toEqual({ link: 0, qr: 1 });

      // The console's results page says so in words.
      const resultsPage = await (await newContext(operator, { width: 1280 })).newPage();
      resultsPage.setDefaultTimeout(10_000);
      await signIn(resultsPage, server.adminUrl, VIEWER.email, VIEWER.password);
      await resultsPage.goto(`${server.adminUrl}/campaigns/${campaignId}/results`);
      const funnel = resultsPage.getByRole('table', { name: /Recipients at each step/ });
      await expect
        .poll(() => funnel.getByRole('row', { name: /^Clicked through the QR code/ }).innerText(), {
          timeout: WAIT,
        })
        .toMatch(/^Clicked through the QR code\s+1\s/);
      const row = resultsPage
        .getByRole('table', { name: /Recipients matching the filters/ })
        .getByRole('row', { name: /qr\.scanner/ });
      await expect.poll(() => row.locator('td[data-via]').innerText(), { timeout: WAIT }).toBe('QR code');
      await resultsPage.context().close();
    },
  );
});
