/**
 * The results console in Chromium: a seeded campaign's dashboard shows exactly the API's numbers
 * and draws its charts (the funnel, clicks and reports over time); a new click appears within
 * 5 s without a reload; filtering the recipients to `automated` lists exactly the seeded
 * scanners; the printed report (page.pdf) carries the funnel; a reviewer link minted in the
 * console works on /poll until it is revoked there; a viewer reads everything and finds no
 * control that changes anything. Axe on each page.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Dashboard } from '@shared/dashboard';
import { createUser } from '@server/modules/accounts/accounts.service';
import { browserAvailable, launchBrowser, newContext } from './support/browser';
import { pdfText } from './support/pdf-text';
import { startTestServer, type TestServer } from './support/server';

const OPERATOR = {
  email: 'oscar.operator@example.com',
  name: 'Oscar Operator',
  password: 'operator-passphrase-4-tests',
};
const VIEWER = {
  email: 'vera.viewer@example.com',
  name: 'Vera Viewer',
  password: 'viewer-passphrase-4-tests',
};
const PERSON = {
  webdriver: false,
  visible_ms: 900,
  focused: true,
  trusted_gesture: true,
  pointer_moved: true,
};
const SCANNERS = ['scan1@example.com', 'scan2@example.com'];

async function expectAxeClean(page: Page, what: string) {
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((v) => `${what}: ${v.id}`)).toEqual([]);
}

describe.runIf(browserAvailable)('results console in Chromium', () => {
  let server: TestServer;
  let browser: Browser;
  let operator: BrowserContext;
  let page: Page;
  let campaignId = '';
  const rids = new Map<string, string>();
  const api = async <T>(method: 'GET' | 'POST', url: string, payload?: unknown) => {
    const res = await server.admin.inject({
      method,
      url,
      headers: { authorization: `Bearer ${server.demo.apiKey}` },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
    if (res.statusCode >= 300) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
    return res.json<T>();
  };
  const click = (email: string, ip: string, evidence = PERSON) =>
    server.app.inject({
      method: 'POST',
      url: '/api/events',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({
        rid: rids.get(email),
        type: 'clicked',
        details: { reason: 'user_gesture', gesture: 'pointer', elapsed_ms: 10, evidence },
      }),
      remoteAddress: ip,
    });

  async function signIn(context: BrowserContext, who: typeof OPERATOR) {
    const p = await context.newPage();
    p.setDefaultTimeout(10_000);
    await p.goto(`${server.adminUrl}/sign-in`);
    await p.getByLabel('Email address', { exact: true }).fill(who.email);
    await p.getByLabel('Password', { exact: true }).fill(who.password);
    await p.getByRole('button', { name: 'Sign in', exact: true }).click();
    await p.waitForURL(/\/campaigns$/);
    return p;
  }

  beforeAll(async () => {
    server = await startTestServer();
    const { db } = server.database;
    await createUser(db, server.demo.tenantId, { ...OPERATOR, role: 'operator' });
    await createUser(db, server.demo.tenantId, { ...VIEWER, role: 'viewer' });
    // A campaign with a question, sent an hour ago to people in two languages and departments.
    campaignId = (
      await api<{ id: string }>('POST', '/api/admin/campaigns', {
        name: 'Dashboard check',
        language_code: 'en',
        phishing: { brand: 'Northwind' },
        awareness: { content: 'This was an exercise.' },
        questionnaire: {
          questions: [
            {
              id: 'q1',
              type: 'single',
              text: 'What should you do?',
              options: [
                { id: 'a', text: 'Report it' },
                { id: 'b', text: 'Reply' },
              ],
              correct: ['a'],
            },
          ],
        },
      })
    ).id;
    const sent = new Date(Date.now() - 3600_000).toISOString();
    const people = ['ann', 'bob', 'cy', 'dee', 'eve', 'fay', 'gus'].map((n) => `${n}@example.com`);
    const csv = [
      'email,language,department,sent_at',
      ...[...people, ...SCANNERS].map(
        (email, i) => `${email},${i % 2 ? 'de' : 'en'},${i % 3 ? 'Sales' : 'IT'},${sent}`,
      ),
    ].join('\n');
    const imported = await server.admin.inject({
      method: 'POST',
      url: `/api/admin/campaigns/${campaignId}/recipients`,
      headers: { authorization: `Bearer ${server.demo.apiKey}`, 'content-type': 'text/csv' },
      payload: csv,
    });
    expect(imported.statusCode, imported.body).toBe(200);
    const links = await api<{ links: { email: string; rid: string }[] }>(
      'GET',
      `/api/admin/campaigns/${campaignId}/links`,
    );
    for (const link of links.links) rids.set(link.email, link.rid);
    // Three people click; two sandboxes (webdriver) open their links; Dee's link is only fetched.
    await click('ann@example.com', '198.51.100.10');
    await click('bob@example.com', '198.51.101.10');
    await click('cy@example.com', '198.51.102.10');
    for (const [i, email] of SCANNERS.entries())
      await click(email, `203.0.11${i}.10`, { ...PERSON, webdriver: true });
    await server.app.inject({
      method: 'GET',
      url: `/phish?rid=${rids.get('dee@example.com')}`,
      remoteAddress: '198.51.103.10',
    });
    // Ann and Fay report the message (the report button).
    for (const email of ['ann@example.com', 'fay@example.com'])
      await server.app.inject({ method: 'POST', url: '/api/report', payload: { rid: rids.get(email) } });
    // Reported URLs for the reviewers' queue.
    await api('POST', '/api/admin/reports', {
      urls: ['https://evil.example/login', 'https://odd.example/x'],
      reporter: 'ann@example.com',
    });

    browser = await launchBrowser();
    operator = await newContext(browser, { width: 1280 });
    page = await signIn(operator, OPERATOR);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  const cellValue = (selector: string) => page.locator(selector).getAttribute('data-value').then(Number);

  it('shows every number of the API and draws the funnel and the timeline', async () => {
    await page.goto(`${server.adminUrl}/campaigns/${campaignId}/results`);
    await page.getByRole('heading', { level: 1, name: 'Results: Dashboard check' }).waitFor();
    const d = await api<Dashboard>('GET', `/api/admin/campaigns/${campaignId}/dashboard`);
    expect(d.funnel.find((s) => s.stage === 'clicked')?.count).toBe(3);
    for (const stage of d.funnel)
      expect(await cellValue(`[data-stage="${stage.stage}"] td[data-value]`), stage.stage).toBe(stage.count);
    for (const [verdict, count] of Object.entries(d.verdicts.counts))
      expect(await cellValue(`[data-verdict="${verdict}"] td[data-value]`), verdict).toBe(count);
    expect(await cellValue('[data-verdict="filtered_visits"] td[data-value]')).toBe(
      d.verdicts.filtered_visits,
    );
    expect(await cellValue('[data-facts="timeline"] [data-fact="clicks"]')).toBe(d.timeline.clicks);
    expect(d.timeline.reports).toBe(2);
    expect(await cellValue('[data-facts="timeline"] [data-fact="reports"]')).toBe(d.timeline.reports);
    expect(await cellValue('[data-facts="timeline"] [data-fact="median-report"]')).toBe(
      d.timeline.median_seconds_to_report,
    );
    expect(await cellValue('[data-question="q1"] td[data-value]')).toBe(d.questions[0]?.answered);

    // The charts draw one bar per funnel stage and per timeline bucket (Recharts' SVG paths).
    const funnelBars = page.locator('[data-chart="funnel"] svg .recharts-bar-rectangle path');
    expect(await funnelBars.count()).toBe(d.funnel.length);
    const widths = await funnelBars.evaluateAll((bars) => bars.map((b) => b.getBoundingClientRect().width));
    expect(widths[0]).toBeGreaterThan(100);
    // The recipients bar is the longest; every stage is drawn in proportion to its count.
    const recipients = d.funnel[0]?.count ?? 1;
    d.funnel.forEach((stage, i) =>
      expect(widths[i]! / widths[0]!, stage.stage).toBeCloseTo(Math.max(stage.count / recipients, 0), 1),
    );
    expect(d.timeline.buckets.length).toBeGreaterThan(1);
    const nonEmpty = d.timeline.buckets.filter((b) => b.clicks > 0).length;
    const timelineBars = page.locator('[data-chart="timeline"] svg .recharts-bar-rectangle path');
    const heights = await timelineBars.evaluateAll((bars) =>
      bars.map((b) => b.getBoundingClientRect().height),
    );
    expect(heights.filter((h) => h > 0)).toHaveLength(nonEmpty);
    // Reports over time: their own chart, a drawn bar for each bucket with reports.
    const reportHeights = await page
      .locator('[data-chart="reports"] svg .recharts-bar-rectangle path')
      .evaluateAll((bars) => bars.map((b) => b.getBoundingClientRect().height));
    expect(reportHeights.filter((h) => h > 0)).toHaveLength(
      d.timeline.buckets.filter((b) => b.reports > 0).length,
    );
    expect(d.timeline.buckets.reduce((sum, b) => sum + b.reports, 0)).toBe(2);
    await expectAxeClean(page, 'dashboard');
  });

  it('mirrors the charts in Arabic: names at the right, bars growing leftwards', async () => {
    const context = await newContext(browser, { width: 1280 });
    const arabic = await signIn(context, OPERATOR);
    await arabic.evaluate(() => localStorage.setItem('hookwise.console.language', 'ar'));
    await arabic.goto(`${server.adminUrl}/campaigns/${campaignId}/results`);
    await arabic.locator('[data-table="funnel"]').waitFor();
    expect(await arabic.locator('html').getAttribute('dir')).toBe('rtl');
    const bar = await arabic
      .locator('[data-chart="funnel"] svg .recharts-bar-rectangle path')
      .first()
      .boundingBox();
    const label = await arabic
      .locator('[data-chart="funnel"] svg .recharts-yAxis-tick-labels text')
      .first()
      .boundingBox();
    expect(bar && label).toBeTruthy();
    // The stage's name stands at the right and its bar grows leftwards from it (in English the
    // name is at the left of the bar).
    expect(label!.x).toBeGreaterThanOrEqual(bar!.x + bar!.width - 1);
    await context.close();
  });

  it('shows a new click on the open dashboard within 5 s', async () => {
    const before = await cellValue('[data-stage="clicked"] td[data-value]');
    await click('eve@example.com', '198.51.104.10');
    await expect
      .poll(() => cellValue('[data-stage="clicked"] td[data-value]'), { timeout: 5000, interval: 250 })
      .toBe(before + 1);
  });

  it('filters the recipients to automated: exactly the scanners', async () => {
    await page.getByLabel('Verdict').selectOption('automated');
    await expect
      .poll(async () => (await page.locator('[data-table="recipients"] tbody th').allInnerTexts()).sort(), {
        timeout: 5000,
      })
      .toEqual([...SCANNERS].sort());
    await page.getByRole('button', { name: 'Details of scan1@example.com' }).click();
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.locator('[data-visit-verdict="automated"]').count()).toBe(1);
    expect(await dialog.innerText()).toContain('Driven by automation (webdriver)');
    await expectAxeClean(page, 'activity dialog');
    await dialog.getByRole('button', { name: 'Close' }).click();
  });

  it('prints a report whose PDF carries the funnel', async () => {
    const d = await api<Dashboard>('GET', `/api/admin/campaigns/${campaignId}/dashboard`);
    // Printed once every section is on the page (a busy machine draws the verdicts last).
    await page.getByRole('heading', { name: 'How clicks were judged' }).waitFor();
    await page.emulateMedia({ media: 'print' });
    expect(await page.locator('.results-recipients').isVisible()).toBe(false);
    expect(await page.locator('[data-table="funnel"]').isVisible()).toBe(true);
    // Back to no emulation: page.pdf() prints with the print stylesheet (a 'screen' emulation would not).
    await page.emulateMedia({ media: null });
    const text = pdfText(await page.pdf({ format: 'A4' })).replace(/\s+/g, '');
    expect(text).toContain('Funnel');
    expect(text).toContain('Howclickswerejudged');
    // Each stage's label, then its count, as the funnel's chart and table print them.
    const labels: Record<string, string> = {
      recipients: 'Recipients',
      visited: 'Visited',
      clicked: 'Clicked(people)',
      questionnaire_completed: 'Answeredthequestions',
      completed: 'Completed',
    };
    for (const stage of d.funnel.filter((s) => s.stage in labels))
      expect(text, stage.stage).toContain(`${labels[stage.stage]}${stage.count}`);
    // No one's address in the report.
    expect(text).not.toContain('scan1@example.com');
  });

  it('mints a reviewer link that works on /poll, and revokes it', async () => {
    await page.goto(`${server.adminUrl}/reviewers`);
    await page.getByRole('heading', { level: 1, name: 'Reviewers' }).waitFor();
    await expectAxeClean(page, 'reviewers');
    await page.getByLabel('Reviewer', { exact: true }).fill('Rita Reviewer');
    await page.getByRole('button', { name: 'Create link' }).click();
    const minted = await page.locator('.shown-once__value').inputValue();
    const token = new URL(minted).searchParams.get('p') ?? '';
    expect(token).not.toBe('');
    const reviewer = await operator.newPage();
    await reviewer.goto(`${server.url}/poll?p=${token}`);
    await reviewer.getByText('https://evil.example/login', { exact: true }).waitFor();
    expect(await reviewer.getByText('The server does not accept this review link').count()).toBe(0);

    await page.getByRole('button', { name: 'Revoke the link of Rita Reviewer' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Revoke' }).click();
    await page.locator('[data-state="revoked"]').waitFor();
    await reviewer.reload();
    await reviewer.getByText('The server does not accept this review link', { exact: false }).waitFor();
    const submit = await server.app.inject({
      method: 'POST',
      url: '/api/submit',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      payload: JSON.stringify({ url: 'https://evil.example/login', decision: 'TP' }),
    });
    expect(submit.statusCode).toBe(401);
    await reviewer.close();
  });

  it('lets a viewer read every page and change nothing', async () => {
    const context = await newContext(browser, { width: 1280 });
    const viewer = await signIn(context, VIEWER);
    await viewer.goto(`${server.adminUrl}/campaigns/${campaignId}/results`);
    await viewer.locator('[data-table="funnel"]').waitFor();
    expect(await viewer.locator('[data-chart="funnel"] svg .recharts-bar-rectangle').count()).toBeGreaterThan(
      0,
    );
    await viewer.goto(`${server.adminUrl}/reviewers`);
    await viewer.locator('[data-table="reported"]').waitFor();
    await viewer.locator('[data-table="reviewer-links"]').waitFor();
    expect(await viewer.getByRole('button', { name: 'Create link' }).count()).toBe(0);
    expect(await viewer.getByRole('button', { name: /^Revoke/ }).count()).toBe(0);
    expect(await viewer.getByRole('checkbox').count()).toBe(0);
    await viewer.goto(`${server.adminUrl}/malicious-urls`);
    await viewer.getByRole('heading', { level: 1, name: 'Malicious URLs' }).waitFor();
    expect(await viewer.getByRole('button', { name: /^Import/ }).count()).toBe(0);
    await expectAxeClean(viewer, 'malicious URLs (viewer)');
    await viewer.goto(`${server.adminUrl}/trends`);
    await viewer.locator('[data-table="trends"]').waitFor();
    await expectAxeClean(viewer, 'trends');
    await context.close();
  });
});
