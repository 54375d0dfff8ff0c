/**
 * The recipient journey's layout, measured in Chromium (element boxes, not only the DOM) at
 * 360 px and 1280 px in en, ar and ja: red-flag numbers never cover what they mark, step labels
 * are never cut, operator text keeps its own direction, the simple pages share the journey's
 * frame, and the PDF is readable on every screen.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CampaignFileInput } from '@shared/campaign';
import { seedCampaign } from '@server/test/campaign-fixtures';
import { demoCampaign } from '@server/modules/demo/demo-campaign';
import { browserAvailable, launchBrowser, newContext } from './support/browser';
import { expectAxeClean, expectNoHorizontalScroll } from './support/journey';
import { startTestServer, type TestServer } from './support/server';

const LANGUAGES = ['en', 'ar', 'ja'] as const;
const WIDTHS = [360, 1280] as const;

interface Box {
  left: number;
  right: number;
  top: number;
  bottom: number;
}

const intersects = (a: Box, b: Box) =>
  a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5;

/** Each flagged element's badge box, and the boxes of its own text (the badge left out). */
function flaggedBoxes(page: Page) {
  return page.locator('.mock-email__flagged').evaluateAll((elements) =>
    elements.map((element) => {
      const badge = element.querySelector('.mock-email__badge')!.getBoundingClientRect();
      const text: DOMRect[] = [];
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (!node.textContent?.trim()) continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        text.push(...Array.from(range.getClientRects()));
      }
      const box = (r: DOMRect) => ({ left: r.left, right: r.right, top: r.top, bottom: r.bottom });
      return { badge: box(badge), text: text.map(box) };
    }),
  );
}

/**
 * The demo campaign with a red flag on the page (a region) beside those on the email, in English
 * only: every language gets the English texts, so the Arabic pages show operator text in another
 * direction than the page's.
 */
function withPageFlag(base: CampaignFileInput): CampaignFileInput {
  return {
    ...base,
    translations: {},
    sei: [
      ...(base.sei ?? []),
      {
        id: 'form',
        title: 'A sign-in form on a strange address',
        explanation: 'The page asks for your company password, but it is not your company’s site.',
        target: { on: 'page', label: 'Sign-in form', region: { x: 10, y: 30, width: 80, height: 45 } },
      },
    ],
  };
}

describe.runIf(browserAvailable)('recipient journey layout in Chromium', () => {
  let server: TestServer;
  let browser: Browser;
  const rids: Record<(typeof LANGUAGES)[number], string> = { en: '', ar: '', ja: '' };
  let germanRid = '';

  beforeAll(async () => {
    server = await startTestServer();
    browser = await launchBrowser();
    const { recipients } = await seedCampaign(server.database.db, withPageFlag(demoCampaign(server.url)), {
      recipients: [...LANGUAGES, 'de'].map((language_code) => ({
        email: `${language_code}@example.com`,
        language_code,
      })),
    });
    LANGUAGES.forEach((language, i) => (rids[language] = recipients[i]!.rid));
    germanRid = recipients[3]!.rid;
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('never covers the marked text with a red flag’s number, and draws flags on the page', async () => {
    for (const language of LANGUAGES) {
      for (const width of WIDTHS) {
        const label = `${language} ${width}px`;
        const context = await newContext(browser, { width });
        const page = await context.newPage();
        await page.goto(`${server.url}/phish/sei?rid=${rids[language]}`);
        await expect.poll(() => page.locator('.mock-email__flagged').count(), { message: label }).toBe(3);
        for (const [i, flag] of (await flaggedBoxes(page)).entries()) {
          expect(flag.text.length, `${label} flag ${i + 1}`).toBeGreaterThan(0);
          for (const text of flag.text)
            expect(intersects(flag.badge, text), `${label} flag ${i + 1}`).toBe(false);
        }
        // The page flag: a region over the drawn page, its number outside the region.
        const region = page.locator('.mock-page .flag-region');
        expect(await region.count(), label).toBe(1);
        const boxes = await region.evaluate((element) => {
          const box = (r: DOMRect) => ({ left: r.left, right: r.right, top: r.top, bottom: r.bottom });
          return {
            region: box(element.getBoundingClientRect()),
            badge: box(element.querySelector('.flag-badge')!.getBoundingClientRect()),
            page: box(element.closest('.mock-page__box')!.getBoundingClientRect()),
            number: element.querySelector('.flag-badge')!.getAttribute('data-number'),
          };
        });
        expect(boxes.region.bottom - boxes.region.top, label).toBeGreaterThan(20);
        expect(boxes.region.left, label).toBeGreaterThanOrEqual(boxes.page.left);
        expect(boxes.region.right, label).toBeLessThanOrEqual(boxes.page.right);
        expect(intersects(boxes.badge, boxes.region), label).toBe(false);
        expect(boxes.number, label).toBe(language === 'en' ? '4' : new Intl.NumberFormat(language).format(4));
        expect(await page.locator('.sei-item').count(), label).toBe(4);
        await expectNoHorizontalScroll(page, label);
        await expectAxeClean(page, `sei ${label}`);
        await context.close();
      }
    }
  });

  it('shows every step label whole at 1280 px (en, ar, ja, de), and calls entry_text the quiz intro', async () => {
    for (const [language, rid] of [...LANGUAGES.map((l) => [l, rids[l]]), ['de', germanRid]]) {
      const context = await newContext(browser, { width: 1280 });
      const page = await context.newPage();
      await page.goto(`${server.url}/phish/awareness?rid=${rid}`);
      const labels = page.locator('.journey-progress__label');
      await expect.poll(() => labels.count(), { message: language }).toBe(6);
      // As the page settles (its fonts and styles in): on a busy machine the labels can be
      // counted before they are laid out.
      const cut = () =>
        labels.evaluateAll((elements) =>
          elements
            .filter((e) => e.scrollWidth > e.clientWidth || e.getBoundingClientRect().width < 10)
            .map((e) => e.textContent),
        );
      await expect.poll(cut, { message: language }).toEqual([]);
      if (language === 'en') expect(await labels.nth(3).innerText()).toBe('Quiz intro');
      await context.close();
    }
  });

  it('keeps checkboxes their size when an option’s label wraps, at 360 px', async () => {
    const context = await newContext(browser, { width: 360 });
    const page = await context.newPage();
    await page.goto(`${server.url}/phish/questionnaire?rid=${rids.en}`);
    await page.getByLabel('The sender’s domain').check();
    await page.getByRole('button', { name: 'Next question' }).click();
    const inputs = page.locator('.option input[type=checkbox]');
    await expect.poll(() => inputs.count()).toBe(3);
    const sizes = await inputs.evaluateAll((elements) =>
      elements.map((e) => ({ width: e.getBoundingClientRect().width, lines: e.parentElement!.offsetHeight })),
    );
    // The third option wraps at 360 px; its box is as wide as the others'.
    expect(sizes[2]!.lines).toBeGreaterThan(sizes[0]!.lines);
    expect(new Set(sizes.map((s) => Math.round(s.width)))).toEqual(new Set([Math.round(sizes[0]!.width)]));
    expect(sizes[0]!.width).toBeGreaterThanOrEqual(16);
    await context.close();
  });

  it('gives error, not-found and default pages the journey’s frame and a “what now” line', async () => {
    for (const width of WIDTHS) {
      const context = await newContext(browser, { width });
      const page = await context.newPage();
      for (const url of ['/campaign/campaign-error', '/no-such-page', '/default']) {
        await page.goto(`${server.url}${url}`);
        const card = page.locator('.simple-page__card');
        await expect.poll(() => card.count(), { message: url }).toBe(1);
        const box = (await card.boundingBox())!;
        expect(box.y, `${url} ${width}`).toBeGreaterThan(16);
        // Centred like the journey's column.
        expect(Math.abs(box.x - (width - box.x - box.width)), `${url} ${width}`).toBeLessThan(2);
        expect((await page.locator('.simple-page__next').innerText()).length).toBeGreaterThan(10);
        await expectAxeClean(page, `${url} ${width}`);
      }
      await context.close();
    }
  });

  it('in Arabic, operator text keeps its own direction and lines up with the page', async () => {
    const context = await newContext(browser, { width: 1280 });
    const page = await context.newPage();
    await page.goto(`${server.url}/phish/sei?rid=${rids.ar}`);
    const titles = page.locator('.sei-item__title');
    await expect.poll(() => titles.count()).toBe(4);
    const edges = await titles.evaluateAll((elements) =>
      elements.map((e) => {
        const range = document.createRange();
        range.selectNodeContents(e);
        const text = range.getBoundingClientRect();
        return { direction: getComputedStyle(e).direction, right: Math.round(text.right) };
      }),
    );
    // English titles read left to right, yet start where the Arabic page starts: the right.
    expect(edges.every((e) => e.direction === 'ltr')).toBe(true);
    expect(new Set(edges.map((e) => e.right)).size).toBe(1);

    await page.goto(`${server.url}/phish/questionnaire?rid=${rids.ar}`);
    for (const option of ['The greeting', 'An urgent deadline', 'Report it to the security team']) {
      await page.getByLabel(option).check();
      await page.locator('.journey-actions .journey-button').click();
    }
    const question = page.locator('.result__question').first();
    await expect.poll(() => question.count()).toBe(1);
    const shape = await question.evaluate((e) => {
      const range = document.createRange();
      range.selectNodeContents(e.firstChild!);
      const text = range.getBoundingClientRect();
      const box = e.getBoundingClientRect();
      return { direction: getComputedStyle(e).direction, gap: box.right - text.right, text: e.textContent };
    });
    expect(shape).toMatchObject({ direction: 'ltr', text: expect.stringMatching(/^Which detail.*\?$/) });
    expect(shape.gap).toBeLessThan(1);
    await expectAxeClean(page, 'ar questionnaire result');
    await context.close();
  });

  it('opens the PDF fit to width without the sidebar, and offers a card on phones', async () => {
    const wide = await newContext(browser, { width: 1280 });
    const page = await wide.newPage();
    await page.goto(`${server.url}/phish/pdf?rid=${rids.ja}`);
    const frame = page.locator('iframe.pdf-frame');
    await expect.poll(() => frame.count()).toBe(1);
    expect(await frame.getAttribute('src')).toBe(
      `${server.url}/assets/demo/training.pdf#view=FitH&pagemode=none`,
    );
    await wide.close();
    const narrow = await newContext(browser, { width: 360 });
    const phone = await narrow.newPage();
    await phone.goto(`${server.url}/phish/pdf?rid=${rids.ar}`);
    await expect.poll(() => phone.locator('.pdf-card').count()).toBe(1);
    expect(await phone.locator('iframe').count()).toBe(0);
    expect(await phone.locator('.pdf-card a').count()).toBe(2);
    await expectNoHorizontalScroll(phone, 'pdf card ar');
    await expectAxeClean(phone, 'pdf card ar');
    await narrow.close();
  });
});
