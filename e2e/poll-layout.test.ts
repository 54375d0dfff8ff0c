/**
 * The reviewer page as Chromium lays it out, in en, ar (rtl) and ja at 360 and 1280 px: long URLs
 * wrap inside their own cell, decision controls keep their size, nothing leaves the viewport;
 * the URL analysis reads in the page language; radios are drawn by us with a visible focus.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ar from '../public/assets/i18n/ar.upi-public.json';
import ja from '../public/assets/i18n/ja.upi-public.json';
import { mintPollToken } from '@server/modules/poll/poll-token';
import { browserAvailable, launchBrowser } from './support/browser';
import { startTestServer, type TestServer } from './support/server';

const LONG = `https://cdn.evil.example/${'a1b2c3d4e5/'.repeat(30)}login.php?redirect=${'x'.repeat(100)}&session=${'f00d'.repeat(20)}`;
const USERINFO = 'https://www.paypal.com@evil.example/signin';
const HEX_IP = 'http://0x7f000001/admin';
const IDN = 'https://xn--pypal-4ve.com/signin';
const SHORT = 'https://bit.ly/3xYzAb';

describe.runIf(browserAvailable)('reviewer page layout and analysis in Chromium', () => {
  let server: TestServer;
  let browser: Browser;
  let token = '';
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    server = await startTestServer();
    browser = await launchBrowser();
    token = await mintPollToken(server.config.pollTokenSecret, {
      tenantId: server.demo.tenantId,
      urls: { [LONG]: false, [USERINFO]: false, [HEX_IP]: false, [IDN]: true, [SHORT]: false },
      expiresInSeconds: 600,
      reviewer: 'layout-reviewer',
    });
    expect(LONG.length).toBeGreaterThan(440);
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
    await server?.close();
  });

  async function open(path: string, language: string, width: number): Promise<Page> {
    const context = await browser.newContext({ locale: language, viewport: { width, height: 900 } });
    contexts.push(context);
    const page = await context.newPage();
    await page.goto(`${server.url}${path}`);
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe(language);
    await expect.poll(() => page.locator('h1').count()).toBe(1);
    return page;
  }

  for (const language of ['en', 'ar', 'ja']) {
    for (const width of [360, 1280]) {
      it(`keeps a ${LONG.length}-character URL inside its cell and every control its size (${language}, ${width} px)`, async () => {
        const page = await open(`/poll?p=${token}`, language, width);
        await expect.poll(() => page.locator('tbody tr').count()).toBe(5);
        await expect.poll(() => page.locator('.review-stored').count()).toBe(5);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

        const boxes = await page.evaluate(() => {
          const box = (el: Element) => {
            const r = el.getBoundingClientRect();
            return { left: r.left, right: r.right, width: r.width, height: r.height };
          };
          return [...document.querySelectorAll('tbody tr')].map((tr) => {
            const cell = tr.querySelector('.review-url-cell');
            const texts = [
              ...tr.querySelectorAll('.review-defanged, .review-url, .review-host-name, .review-details dd'),
            ];
            const buttons = [...tr.querySelectorAll('button')];
            return {
              cell: cell ? box(cell) : null,
              texts: texts.map((el) => ({ ...box(el), scroll: el.scrollWidth, client: el.clientWidth })),
              defanged: box(tr.querySelector('.review-defanged') ?? tr),
              values: [...tr.querySelectorAll('.review-defanged, .review-details dd')].map(box),
              radios: [...tr.querySelectorAll('input[type=radio]')].map(box),
              buttons: buttons.map((b) => ({ ...box(b), scroll: b.scrollWidth, client: b.clientWidth })),
              submit: box(buttons.at(-1) ?? tr),
              all: [...tr.querySelectorAll('*')].map(box).filter((b) => b.width > 0),
            };
          });
        });
        const submitWidths = new Set<number>();
        for (const row of boxes) {
          const cell = row.cell;
          if (!cell) throw new Error('no URL cell');
          for (const text of row.texts) {
            // The URL's text stays inside its own cell and wraps instead of overflowing.
            expect(text.left).toBeGreaterThanOrEqual(cell.left - 1);
            expect(text.right).toBeLessThanOrEqual(cell.right + 1);
            expect(text.scroll).toBeLessThanOrEqual(text.client + 1);
          }
          // The defanged URL gets the cell's whole width, never a sliver of it.
          expect(row.defanged.width).toBeGreaterThanOrEqual(cell.width * 0.8);
          // No URL or host text is squeezed into a narrow column beside its label.
          for (const value of row.values) expect(value.width).toBeGreaterThanOrEqual(cell.width * 0.5);
          for (const radio of row.radios) expect([radio.width, radio.height]).toEqual([24, 24]);
          for (const button of row.buttons) {
            // One line of text, not wrapped letter by letter, and none of it cut off.
            expect(button.height).toBeLessThanOrEqual(48);
            expect(button.scroll).toBeLessThanOrEqual(button.client + 1);
          }
          submitWidths.add(Math.round(row.submit.width));
          for (const b of row.all) {
            expect(b.left).toBeGreaterThanOrEqual(-1);
            expect(b.right).toBeLessThanOrEqual(width + 1);
          }
        }
        // Submit is as wide beside the longest URL as beside the shortest.
        expect(submitWidths.size).toBe(1);
        if (width === 1280) {
          const long = boxes[0]?.cell;
          expect(long?.width).toBeGreaterThan(500);
        }
        const violations = (await new AxeBuilder({ page }).analyze()).violations;
        expect(violations.map((v) => `${v.id}: ${String(v.nodes[0]?.target)}`)).toEqual([]);
      });
    }
  }

  it('explains each trick and names the real host, defanged text first (en)', async () => {
    const page = await open(`/poll?p=${token}`, 'en', 1280);
    const row = (url: string) => page.locator('tbody tr', { has: page.getByText(url, { exact: true }) });
    await expect.poll(() => page.locator('tbody tr').count()).toBe(5);
    const userinfo = row(USERINFO);
    expect(await userinfo.locator('.review-host-name').innerText()).toBe('evil.example');
    expect(await userinfo.innerText()).toContain('“www.paypal.com” before the “@” is not the destination');
    expect(await userinfo.locator('.review-defanged').innerText()).toBe(
      'hxxps://www[.]paypal[.]com@evil[.]example/signin',
    );
    expect(await row(HEX_IP).locator('.review-host-name').innerText()).toBe('127.0.0.1');
    expect(await row(HEX_IP).innerText()).toContain('the host 0x7f000001 is an IP address in disguise');
    expect(await row(SHORT).innerText()).toContain('a URL shortener hides the real destination');
    expect(await row(IDN).locator('.review-host-name').innerText()).toBe('xn--pypal-4ve.com');
    expect(await page.locator('a').count()).toBe(0);
  });

  it('reads the analysis in Arabic: script names and list in Arabic, no English comma', async () => {
    const page = await open(`/poll?p=${token}`, 'ar', 360);
    await expect.poll(() => page.locator('tbody tr').count()).toBe(5);
    const idn = page.locator('tbody tr', { has: page.getByText(IDN, { exact: true }) });
    const warning = await idn.locator('.review-warnings li').first().innerText();
    expect(warning).not.toMatch(/Cyrillic|Latin|,/);
    expect(warning).toMatch(/\(.*\p{Script=Arabic}.*\)/u);
  });

  it('draws its own radios, with a visible focus ring from the keyboard', async () => {
    const page = await open(`/poll?p=${token}`, 'en', 1280);
    const radio = page.getByRole('radio', { name: `True Positive for ${LONG}`, exact: true });
    expect(await radio.evaluate((el) => getComputedStyle(el).appearance)).toBe('none');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    expect(await radio.evaluate((el) => el === document.activeElement)).toBe(true);
    const ring = await radio.evaluate((el) => {
      const style = getComputedStyle(el);
      return [style.outlineStyle, style.outlineWidth];
    });
    expect(ring).toEqual(['solid', '3px']);
    await page.keyboard.press('Space');
    expect(await radio.isChecked()).toBe(true);
    // The checked dot is ours too (it grows in over 0.1 s).
    await expect
      .poll(() => radio.evaluate((el) => getComputedStyle(el, '::before').transform))
      .toBe('matrix(1, 0, 0, 1, 0, 0)');
  });

  it('says what is wrong with a link in the reviewer language, with no table (ja)', async () => {
    const broken = await open('/poll?p=garbage', 'ja', 360);
    const alert = broken.getByRole('alert');
    expect(await alert.locator('p').first().innerText()).toBe(ja['poll.invalidLink']);
    expect(await alert.innerText()).not.toContain('Invalid token specified');
    expect(await alert.locator('summary').innerText()).toBe(ja['poll.technicalDetails']);
    expect(await broken.locator('table').count()).toBe(0);

    const none = await open('/poll', 'ar', 360);
    expect(await none.getByRole('status').innerText()).toBe(ar['poll.noLink']);
    expect(await none.locator('table').count()).toBe(0);
    expect((await new AxeBuilder({ page: none }).analyze()).violations.map((v) => v.id)).toEqual([]);
  });
});
