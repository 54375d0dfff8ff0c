import AxeBuilder from '@axe-core/playwright';
import type { Browser, BrowserContext, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_KNOWN_MALICIOUS, DEMO_POLL_URLS } from '@server/modules/demo/demo-campaign';
import { mintPollToken } from '@server/modules/poll/poll-token';
import { browserAvailable, launchBrowser, newContext } from './support/browser';
import { startTestServer, type TestServer } from './support/server';

const IDN = 'https://xn--pypal-4ve.com/signin';
const IP = 'http://203.0.113.7/invoice.zip';
const PLAIN = 'https://www.example.org/newsletter/unsubscribe';

describe.runIf(browserAvailable)('reviewer page /poll in Chromium', () => {
  let server: TestServer;
  let browser: Browser;
  let token = '';
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    server = await startTestServer();
    browser = await launchBrowser();
    token = new URL(server.demo.pollUrl).searchParams.get('p') ?? '';
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
    await server?.close();
  });

  async function open(path: string, width?: number): Promise<Page> {
    const context = await newContext(browser, { width });
    contexts.push(context);
    const page = await context.newPage();
    await page.goto(`${server.url}${path}`);
    await expect.poll(() => page.locator('h1').textContent()).toBe('Malicious URLs');
    return page;
  }
  const row = (page: Page, url: string) =>
    page.locator('tbody tr', { has: page.getByText(url, { exact: true }) });
  const tp = (page: Page, url: string) =>
    page.getByRole('radio', { name: `True Positive for ${url}`, exact: true });
  const fp = (page: Page, url: string) =>
    page.getByRole('radio', { name: `False Positive for ${url}`, exact: true });
  const reviews = (url: string) =>
    server.database.db
      .selectFrom('url_reviews')
      .selectAll()
      .where('url', '=', url)
      .orderBy('created_at')
      .execute();
  const submits = (page: Page) => {
    const seen: Request[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === '/api/submit') seen.push(r);
    });
    return seen;
  };

  it('shows the whole page: title, columns, one row per URL, the known note, URLs as text only', async () => {
    const page = await open(`/poll?p=${token}`);
    expect(await page.title()).toBe('Malicious URLs');
    expect(await page.locator('thead th').allTextContents()).toEqual([
      'URLs',
      'True Positive',
      'False Positive',
      'Action',
    ]);
    expect(await page.locator('tbody tr').count()).toBe(DEMO_POLL_URLS.length);
    for (const url of DEMO_POLL_URLS) {
      await expect.poll(() => row(page, url).count(), { message: url }).toBe(1);
      const note = row(page, url).getByText('This URL is already present in our malicious URLs database.');
      expect(await note.count(), url).toBe(url === DEMO_KNOWN_MALICIOUS ? 1 : 0);
      expect(await tp(page, url).isChecked()).toBe(false);
      expect(await fp(page, url).isChecked()).toBe(false);
      expect(await row(page, url).getByRole('button', { name: 'Submit', exact: true }).count()).toBe(1);
    }
    expect(await page.locator('a').count()).toBe(0);
    expect(await row(page, IP).innerText()).toContain('hxxp://203[.]0[.]113[.]7/invoice.zip');
    const idn = await row(page, IDN).innerText();
    expect(idn).toContain('pаypal.com');
    expect(idn).toContain('xn--pypal-4ve.com');
    expect(idn).toContain('Warning: the host name imitates paypal.com.');
    // Script names joined by Intl.ListFormat in the page language.
    expect(idn).toContain('mixes writing systems (Cyrillic and Latin)');
    expect(await row(page, PLAIN).innerText()).not.toContain('Warning');
  });

  it('selects, flips the already-selected option, and copies the exact and the defanged URL', async () => {
    const page = await open(`/poll?p=${token}`);
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
    await tp(page, PLAIN).click();
    expect([await tp(page, PLAIN).isChecked(), await fp(page, PLAIN).isChecked()]).toEqual([true, false]);
    await tp(page, PLAIN).click();
    expect([await tp(page, PLAIN).isChecked(), await fp(page, PLAIN).isChecked()]).toEqual([false, true]);
    await fp(page, PLAIN).click();
    expect([await tp(page, PLAIN).isChecked(), await fp(page, PLAIN).isChecked()]).toEqual([true, false]);
    // Other rows are untouched.
    expect(await tp(page, IP).isChecked()).toBe(false);
    await row(page, IDN).getByRole('button', { name: 'Copy exact URL' }).click();
    await expect.poll(() => row(page, IDN).getByRole('status').last().textContent()).toBe('Copied');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(IDN);
    await row(page, IDN).getByRole('button', { name: 'Copy defanged' }).click();
    await expect.poll(() => row(page, IDN).getByRole('status').first().textContent()).toBe('Copied');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
      'hxxps://xn--pypal-4ve[.]com/signin',
    );
  });

  it('sends the exact request and reads Resubmit before the call finishes', async () => {
    const page = await open(`/poll?p=${token}`);
    const seen = submits(page);
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/submit', async (route) => {
      await held;
      await route.continue();
    });
    await tp(page, IP).click();
    await row(page, IP).getByRole('button', { name: 'Submit' }).click();
    await expect.poll(() => seen.length).toBe(1);
    // The call is still held by the route: the row is already submitted.
    expect(await row(page, IP).getByRole('button').last().textContent()).toBe('Resubmit');
    expect(await reviews(IP)).toEqual([]);
    release();

    const request = seen[0];
    expect(request?.method()).toBe('POST');
    const headers = (await request?.allHeaders()) ?? {};
    expect(headers.authorization).toBe(`Bearer ${token}`);
    expect(headers['content-type']).toBe('application/json');
    expect(headers.accept).toBe('application/json');
    expect(request?.postData()).toBe(JSON.stringify({ url: IP, decision: 'TP' }));
    await expect.poll(async () => (await reviews(IP)).map((r) => r.decision)).toEqual(['TP']);
    expect((await reviews(IP))[0]).toMatchObject({
      tenant_id: server.demo.tenantId,
      reviewer: 'demo-reviewer',
    });

    // After a reload the rows start unchosen (seed) and show the stored decision beside them.
    await page.reload();
    const stored = row(page, IP).locator('.review-stored');
    await expect.poll(() => stored.innerText()).toMatch(/^Stored: True Positive by demo-reviewer, /);
    expect(await tp(page, IP).isChecked()).toBe(false);
    // Submitting with no choice sends an empty decision: kept as an audit row, TP stays current.
    await row(page, IP).getByRole('button', { name: 'Submit' }).click();
    await expect.poll(async () => (await reviews(IP)).map((r) => r.decision)).toEqual(['TP', '']);
    expect(seen.at(-1)?.postData()).toBe(JSON.stringify({ url: IP, decision: '' }));
    expect(await row(page, IP).getByRole('button').last().textContent()).toBe('Resubmit');
    await page.reload();
    await expect.poll(() => stored.innerText()).toMatch(/^Stored: True Positive by demo-reviewer, /);
  });

  it('keeps a decision the server failed to take, shows nothing, and delivers it after a reload', async () => {
    const page = await open(`/poll?p=${token}`);
    const seen = submits(page);
    await page.route('**/api/submit', (route) => route.fulfill({ status: 500, body: '{}' }));
    await fp(page, PLAIN).click();
    await row(page, PLAIN).getByRole('button', { name: 'Submit' }).click();
    await expect.poll(() => seen.length).toBeGreaterThan(0);
    expect(await row(page, PLAIN).getByRole('button').last().textContent()).toBe('Resubmit');
    expect(await page.getByRole('alert').count()).toBe(0);
    const stored = await page.evaluate(() => localStorage.getItem('hookwise.review.outbox'));
    expect(JSON.parse(stored ?? '[]')).toMatchObject([{ url: PLAIN, decision: 'FP', token }]);
    expect(await reviews(PLAIN)).toEqual([]);

    await page.unroute('**/api/submit');
    await page.reload();
    await expect
      .poll(async () => (await reviews(PLAIN)).map((r) => r.decision), { timeout: 10_000 })
      .toEqual(['FP']);
    await expect.poll(() => page.evaluate(() => localStorage.getItem('hookwise.review.outbox'))).toBe('[]');
  });

  it('works with the keyboard alone: Space selects, Space again flips, Enter submits', async () => {
    const page = await open(`/poll?p=${token}`);
    const seen = submits(page);
    const first = DEMO_POLL_URLS[0];
    await page.keyboard.press('Tab'); // Copy defanged of the first row
    await page.keyboard.press('Tab'); // Copy exact URL
    await page.keyboard.press('Tab'); // its radio group
    expect(await tp(page, first).evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Space');
    expect(await tp(page, first).isChecked()).toBe(true);
    await page.keyboard.press('Space');
    expect(await fp(page, first).isChecked()).toBe(true);
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await expect.poll(() => seen.length).toBe(1);
    expect(seen[0]?.postData()).toBe(JSON.stringify({ url: first, decision: 'FP' }));
    expect(await row(page, first).getByRole('button').last().textContent()).toBe('Resubmit');
  });

  it("explains a broken link, keeps 'Invalid token specified' in a details line, and shows no table", async () => {
    const page = await open('/poll?p=not-a-token');
    const alert = page.getByRole('alert');
    expect(await alert.innerText()).toContain('This review link is invalid or damaged');
    expect(await alert.innerText()).not.toContain('Invalid token specified');
    await alert.getByText('Technical details').click();
    expect(await alert.innerText()).toContain('Invalid token specified');
    expect(await page.locator('table').count()).toBe(0);
    expect((await new AxeBuilder({ page }).analyze()).violations.map((v) => v.id)).toEqual([]);

    const empty = await open('/poll');
    expect(await empty.locator('table').count()).toBe(0);
    expect(await empty.getByRole('alert').count()).toBe(0);
    expect(await empty.getByRole('status').innerText()).toContain('Open the complete link you received');
    expect((await new AxeBuilder({ page: empty }).analyze()).violations.map((v) => v.id)).toEqual([]);
  });

  it('has no axe violations, wide and at 360 px', async () => {
    for (const width of [1280, 360]) {
      const page = await open(`/poll?p=${token}`, width);
      await tp(page, IDN).click();
      const results = await new AxeBuilder({ page }).analyze();
      expect(
        results.violations.map((v) => `${v.id}: ${String(v.nodes[0]?.target)}`),
        String(width),
      ).toEqual([]);
    }
  });

  it('fits a 360 px phone with a very long URL, keeping the table semantics', async () => {
    const long = `https://cdn.evil.example/${'a1b2c3d4e5'.repeat(40)}?redirect=${'x'.repeat(200)}`;
    const longToken = await mintPollToken(server.config.pollTokenSecret, {
      tenantId: server.demo.tenantId,
      urls: { [long]: false, [IDN]: false },
      expiresInSeconds: 600,
    });
    const page = await open(`/poll?p=${longToken}`, 360);
    await expect.poll(() => page.locator('tbody tr').count()).toBe(2);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    for (const control of await page.locator('tbody button, tbody input').all()) {
      const box = await control.boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= 360).toBe(true);
    }
    // Chromium's own accessibility tree still sees a table with headers and cells.
    const cdp = await page.context().newCDPSession(page);
    const { nodes } = (await cdp.send('Accessibility.getFullAXTree')) as {
      nodes: { role?: { value?: string } }[];
    };
    const roles = nodes.map((n) => n.role?.value);
    expect(roles).toContain('table');
    expect(roles.filter((r) => r === 'columnheader')).toHaveLength(4);
    expect(roles.filter((r) => r === 'cell').length).toBeGreaterThanOrEqual(8);
  });
});
