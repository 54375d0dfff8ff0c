/**
 * The report loop end to end, as it runs for a security team: an employee's report comes in, the
 * reviewer gets their /poll link by e-mail (a real SMTP server), opens it in Chromium and marks
 * the phishing URL malicious; the blocklist, CSV, STIX and MISP feeds then carry it, and the
 * reporter is told in their own language that it was real phishing.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actingAs, SYSTEM_ACTOR } from '@server/modules/audit/actor-context';
import { runReportMailer } from '@server/modules/mail-reports/report-mailer';
import { startSmtpSink, type SmtpSink } from '@server/test/smtp-sink';
import { browserAvailable, launchBrowser, newContext } from './support/browser';
import { startTestServer, type TestServer } from './support/server';

const PHISH = 'https://login.contoso-hr.example/keep';
const fixture = (name: string, values: Record<string, string>) =>
  Object.entries(values).reduce(
    (text, [key, value]) => text.replaceAll(`{{${key}}}`, value),
    readFileSync(path.join(import.meta.dirname, '../src/server/modules/mail-reports/fixtures', name), 'utf8'),
  );

describe.runIf(browserAvailable)('the report loop, from a reported e-mail to the feeds', () => {
  let server: TestServer;
  let sink: SmtpSink;
  let browser: Browser;
  const api = async (method: string, url: string, body?: unknown, type = 'application/json') => {
    const res = await fetch(`${server.adminUrl}${url}`, {
      method,
      headers: {
        authorization: `Bearer ${server.demo.apiKey}`,
        ...(body === undefined ? {} : { 'content-type': type }),
      },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
    return res;
  };
  const mailer = () =>
    actingAs(SYSTEM_ACTOR, () =>
      runReportMailer(server.database.db, server.config, { warn: () => undefined }),
    );

  beforeAll(async () => {
    sink = await startSmtpSink();
    server = await startTestServer();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await sink?.close();
  });

  it('mails the reviewer, takes the decision from Chromium, feeds it out and answers the reporter', async () => {
    // Ben reads German: the campaign he is in says so.
    const campaign = (await (
      await api('POST', '/api/admin/campaigns', {
        name: 'Payroll',
        language_code: 'en',
        phishing: { brand: 'Northwind' },
        awareness: { content: 'This was a simulated phishing exercise.' },
      })
    ).json()) as { id: string };
    await api(
      'POST',
      `/api/admin/campaigns/${campaign.id}/recipients`,
      'email,language\nben@acme.example,de\n',
      'text/csv',
    );
    const profile = (await (
      await api('POST', '/api/admin/sending-profiles', {
        name: 'Security team',
        host: '127.0.0.1',
        port: sink.port,
        tls: 'none',
        envelope_from: 'security@acme.example',
      })
    ).json()) as { id: string };
    await api('PUT', '/api/admin/report-followup', {
      reviewers: ['analyst@acme.example'],
      profile_id: profile.id,
      answers_enabled: true,
      answer_domains: ['acme.example'],
    });

    const report = fixture('real-phish-wrapped.eml', { REPORTER: 'ben@acme.example', REPORT_ID: 'ben' });
    await api('POST', '/api/admin/mail-reports', report, 'message/rfc822');
    await mailer();

    const mailed = sink.received.find((m) => m.to === 'analyst@acme.example');
    const link = /http:\/\/\S+\/poll\?p=\S+/.exec(mailed?.text ?? '')?.[0];
    expect(link).toBeTruthy();
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto(String(link));
    const row = page.locator('tbody tr', { has: page.getByText(PHISH, { exact: true }) });
    await row.getByRole('radio', { name: `True Positive for ${PHISH}`, exact: true }).click();
    await row.getByRole('button', { name: 'Submit', exact: true }).click();
    await expect.poll(() => row.getByRole('button').last().textContent()).toBe('Resubmit');
    await context.close();

    const blocklist = await (await api('GET', '/api/admin/feeds/blocklist.txt')).text();
    expect(blocklist.split('\n')).toContain(PHISH);
    expect(await (await api('GET', '/api/admin/feeds/blocklist.txt?as=host')).text()).toContain(
      'login.contoso-hr.example',
    );
    expect(await (await api('GET', '/api/admin/feeds/malicious-urls.csv')).text()).toContain(PHISH);
    const stix = (await (await api('GET', '/api/admin/feeds/stix.json')).json()) as {
      objects: { pattern?: string }[];
    };
    expect(stix.objects.map((o) => o.pattern)).toContain(`[url:value = '${PHISH}']`);
    const misp = (await (await api('GET', '/api/admin/feeds/misp.json')).json()) as {
      Event: { Attribute: { value: string }[] };
    };
    expect(misp.Event.Attribute.map((a) => a.value)).toContain(PHISH);

    await mailer();
    expect(sink.received.filter((m) => m.to === 'ben@acme.example').map((m) => m.subject)).toEqual([
      'Ihre Meldung ist eingegangen: Action required: password expires today',
      'Sie haben echtes Phishing gemeldet: Action required: password expires today',
    ]);
  });
});
