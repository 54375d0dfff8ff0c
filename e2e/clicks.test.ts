/**
 * The scanner corpus (issue 13): requests and browsers that behave like mail gateways and link
 * previews, against a real server, must never be counted as clicked; people in Chromium (pointer
 * moved and clicked, keys typed) must each be counted `human` with the gesture as reason.
 * TRUST_PROXY lets each case come from its own network (X-Forwarded-For), as it would in life.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type Browser } from 'playwright-core';
import { stepBit } from '@shared/events';
import { addRecipients } from '@server/modules/recipients/recipients.service';
import { browserAvailable, launchBrowser } from './support/browser';
import { startTestServer, type TestServer } from './support/server';

const BROWSER_UA =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

describe.skipIf(!browserAvailable)('clicks: scanners are never counted, people always are', () => {
  let server: TestServer;
  let sandbox: Browser;
  let person: Browser;
  let rids: string[] = [];
  let next = 0;
  const take = () => rids[next++]!;

  beforeAll(async () => {
    server = await startTestServer({ TRUST_PROXY: 'true' });
    const identities = Array.from({ length: 30 }, (_, i) => ({
      email: `corpus${i}@example.com`,
      person_id: null,
      first_name: null,
      language_code: null,
    }));
    const campaign = { id: server.demo.campaignId, tenant_id: server.demo.tenantId };
    rids = (await addRecipients(server.database.db, campaign, identities)).map((r) => r.rid);
    sandbox = await launchBrowser();
    // A person's browser: automation is not announced (navigator.webdriver false).
    person = await chromium.launch({
      executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
      headless: true,
      args: ['--no-sandbox', '--disable-gpu', '--disable-blink-features=AutomationControlled'],
    });
  }, 60_000);

  afterAll(async () => {
    await sandbox?.close();
    await person?.close();
    await server?.close();
  });

  const judged = async (rid: string) => {
    const row = await server.database.db
      .selectFrom('recipients')
      .select(['verdict', 'verdict_reasons', 'steps'])
      .where('rid', '=', rid)
      .executeTakeFirstOrThrow();
    return {
      verdict: row.verdict,
      reasons: JSON.parse(row.verdict_reasons ?? '[]') as string[],
      clicked: (Number(row.steps) & stepBit('clicked')) !== 0,
    };
  };
  const get = (rid: string, ip: string, headers: Record<string, string> = {}, method = 'GET') =>
    fetch(`${server.url}/phish?rid=${rid}`, {
      method,
      headers: { 'user-agent': BROWSER_UA, accept: 'text/html', 'x-forwarded-for': ip, ...headers },
    });
  const browse = async (
    browser: Browser,
    ip: string,
    rid: string,
    act: (page: import('playwright-core').Page) => Promise<void>,
  ) => {
    // A person's browser is not headless: it does not say HeadlessChrome in its user agent.
    const context = await browser.newContext({
      ...(browser === person ? { userAgent: BROWSER_UA } : {}),
      extraHTTPHeaders: { 'x-forwarded-for': ip },
      viewport: { width: 1280, height: 900 },
    });
    const page = await context.newPage();
    await page.goto(`${server.url}/phish?rid=${rid}`);
    await page.getByLabel('Email or username').waitFor();
    await act(page);
    return context;
  };

  it('filters the whole corpus and counts every person, with reasons', async () => {
    const corpus: Record<string, string> = {};
    const people: Record<string, string> = {};

    corpus['plain GET, browser UA'] = take();
    await get(corpus['plain GET, browser UA'], '198.51.100.7');
    corpus['HEAD'] = take();
    expect((await get(corpus['HEAD'], '198.51.101.7', {}, 'HEAD')).status).toBe(200);
    corpus['prefetch'] = take();
    await get(corpus['prefetch'], '198.51.102.7', { 'sec-purpose': 'prefetch' });
    const previews = {
      Slackbot: 'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)',
      Facebook: 'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)',
      BingPreview: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 BingPreview/1.0b',
      Teams: 'Mozilla/5.0 (Windows NT 6.1; WOW64) SkypeUriPreview Preview/0.5',
    };
    for (const [i, [name, agent]] of Object.entries(previews).entries()) {
      corpus[`link preview: ${name}`] = take();
      await get(corpus[`link preview: ${name}`]!, `198.51.${110 + i}.7`, { 'user-agent': agent });
    }
    corpus['catalogued network (Microsoft EOP)'] = take();
    await get(corpus['catalogued network (Microsoft EOP)'], '40.107.3.4');

    // One address opening 10 recipients' links within 10 s, as a gateway does on delivery.
    const fanout = Array.from({ length: 10 }, take);
    for (const rid of fanout) await get(rid, '203.0.113.50');
    fanout.forEach((rid, i) => (corpus[`fan-out #${i + 1}`] = rid));

    // A detonation sandbox: runs the page, waits 5 s, touches nothing.
    corpus['headless Chromium, no gesture'] = take();
    const detonation = await browse(sandbox, '192.0.2.77', corpus['headless Chromium, no gesture'], (page) =>
      page.waitForTimeout(5500),
    );

    // People: the pointer moved and clicked; keys typed.
    people['pointer moved and clicked'] = take();
    const pointer = await browse(person, '100.64.1.20', people['pointer moved and clicked'], async (page) => {
      await page.mouse.move(40, 40);
      await page.mouse.move(400, 300, { steps: 8 });
      await page.getByLabel('Email or username').click();
    });
    people['keys typed'] = take();
    const keys = await browse(person, '100.64.2.20', people['keys typed'], async (page) => {
      await page.getByLabel('Email or username').focus();
      await page.keyboard.type('alex.morgan', { delay: 30 });
    });

    // The same person's click, 3 s after the message was sent: too soon to be anyone's.
    corpus['3 s after sent_at'] = take();
    await server.database.db
      .updateTable('recipients')
      .set({ sent_at: new Date(Date.now() - 3000).toISOString() })
      .where('rid', '=', corpus['3 s after sent_at'])
      .execute();
    const early = await browse(person, '100.64.3.20', corpus['3 s after sent_at'], async (page) => {
      await page.mouse.move(400, 300, { steps: 4 });
      await page.getByLabel('Email or username').click();
    });

    for (const rid of Object.values(people)) {
      await expect.poll(async () => judged(rid), { timeout: 5000 }).toMatchObject({ verdict: 'human' });
    }
    await expect
      .poll(async () => (await judged(corpus['headless Chromium, no gesture']!)).reasons, { timeout: 5000 })
      .toContain('navigator.webdriver');
    await expect
      .poll(async () => (await judged(corpus['3 s after sent_at']!)).verdict, { timeout: 5000 })
      .toBe('automated');
    await Promise.all([detonation.close(), pointer.close(), keys.close(), early.close()]);

    const lines: string[] = [];
    let counted = 0;
    for (const [name, rid] of Object.entries(corpus)) {
      const j = await judged(rid);
      if (j.clicked) counted++;
      lines.push(`  ${name}: ${j.verdict ?? 'none'}: ${j.reasons.join(', ')}`);
      expect({ name, verdict: j.verdict, clicked: j.clicked }).toEqual({
        name,
        verdict: name === 'plain GET, browser UA' ? 'unverified' : 'automated',
        clicked: false,
      });
    }
    let humans = 0;
    for (const [name, rid] of Object.entries(people)) {
      const j = await judged(rid);
      if (j.clicked && j.verdict === 'human') humans++;
      lines.push(`  person, ${name}: ${j.verdict ?? 'none'}: ${j.reasons.join(', ')}`);
      expect(j.reasons[0]).toMatch(/^trusted (pointer|key) gesture$/);
    }
    expect(await judged(corpus['fan-out #1']!)).toMatchObject({
      reasons: [expect.stringMatching(/^fan-out: \d+ recipients from one network/)],
    });
    console.log(
      `Scanner corpus: ${counted} of ${Object.keys(corpus).length} counted as clicked; ` +
        `people: ${humans} of ${Object.keys(people).length} counted human\n${lines.join('\n')}`,
    );
    expect(counted).toBe(0);
    expect(humans).toBe(Object.keys(people).length);
  }, 90_000);
});
