/**
 * Languages in Chromium: Arabic lays the reviewer table, the progress bar and the questionnaire
 * out right to left (checked on a screenshot), and Japanese and Hindi render every character
 * with a real glyph and nothing pushed off a 360-pixel-wide phone.
 */
import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoCampaign } from '@server/modules/demo/demo-campaign';
import { seedCampaign } from '@server/test/campaign-fixtures';
import { browserAvailable, fontsFor, launchBrowser, newContext } from './support/browser';
import { expectAxeClean } from './support/journey';
import { elementsOutsideViewport, missingGlyphs, screenshotPixels } from './support/rendering';
import { startTestServer, type TestServer } from './support/server';

const SHOTS = 'test-results/languages';
const box = async (page: Page, selector: string) => {
  const rect = await page.locator(selector).first().boundingBox();
  if (!rect) throw new Error(`${selector} is not visible`);
  return rect;
};

describe.runIf(browserAvailable)('languages in Chromium', () => {
  let server: TestServer;
  let browser: Browser;
  const ridFor: Record<string, string> = {};

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    server = await startTestServer();
    browser = await launchBrowser();
    const { recipients } = await seedCampaign(server.database.db, demoCampaign(server.url), {
      recipients: ['ar', 'ja', 'hi'].map((language_code) => ({
        email: `${language_code}@example.com`,
        language_code,
      })),
    });
    for (const r of recipients) ridFor[r.language_code ?? ''] = r.rid;
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('shows the reviewer table right to left in Arabic', async () => {
    const context = await newContext(browser, { width: 360 });
    const page = await context.newPage();
    await page.goto(`${server.demo.pollUrl}&lang=ar`);
    await expect.poll(() => page.locator('table th').count()).toBe(4);
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    const urls = await box(page, 'table th:nth-child(1)');
    const falsePositive = await box(page, 'table th:nth-child(3)');
    // The first column (URLs) is the rightmost one.
    expect(urls.x).toBeGreaterThan(falsePositive.x);
    await page.screenshot({ path: `${SHOTS}/poll-ar.png`, fullPage: true });
    await expectAxeClean(page, 'poll ar');
    await context.close();
  });

  it('lays the questionnaire and its progress out right to left in Arabic (screenshot checked)', async () => {
    const context = await newContext(browser, { width: 360 });
    const page = await context.newPage();
    await page.goto(`${server.url}/phish/questionnaire?rid=${ridFor.ar}`);
    await expect.poll(() => page.locator('fieldset.question').count()).toBeGreaterThan(0);
    expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual([
      'ar',
      'rtl',
    ]);
    // Each option's control sits to the right of its text.
    const input = await box(page, 'label.option input');
    const text = await box(page, 'label.option span');
    expect(input.x).toBeGreaterThan(text.x);
    // The progress bar fills from the right: read back from a screenshot of it.
    const bar = page.locator('.journey-progress__bar');
    const shot = await screenshotPixels(
      page,
      bar,
      [
        { x: 0.98, y: 0.5 },
        { x: 0.02, y: 0.5 },
      ],
      `${SHOTS}/progress-ar.png`,
    );
    const [right, left] = shot.rgba;
    expect(right, 'the filled end is on the right').not.toEqual(left);
    const fill = await page.evaluate(
      () => getComputedStyle(document.querySelector('.journey-progress__fill')!).backgroundColor,
    );
    expect(`rgb(${right!.slice(0, 3).join(', ')})`).toBe(fill);
    await page.screenshot({ path: `${SHOTS}/questionnaire-ar.png`, fullPage: true });
    await expectAxeClean(page, 'questionnaire ar');
    await context.close();
  });

  for (const language of ['ja', 'hi'] as const) {
    it(`renders ${language} with real glyphs and nothing off-screen at 360 px`, async () => {
      const glyphsCheckable = fontsFor(language);
      const context = await newContext(browser, { width: 360 });
      const page = await context.newPage();
      const rid = ridFor[language];
      const pages = [
        `/default?lang=${language}`,
        `${server.demo.pollUrl.slice(server.url.length)}&lang=${language}`,
        `/phish?rid=${rid}`,
        `/phish/awareness?rid=${rid}`,
        `/phish/sei?rid=${rid}`,
        `/phish/entry_text?rid=${rid}`,
        `/phish/questionnaire?rid=${rid}`,
        `/campaign/campaign-error?lang=${language}`,
      ];
      for (const path of pages) {
        await page.goto(`${server.url}${path}`);
        await expect
          .poll(() => page.evaluate(() => document.documentElement.lang), { message: path })
          .toBe(language);
        await expect.poll(() => page.locator('h1, h2, legend').count(), { message: path }).toBeGreaterThan(0);
        await page.evaluate(() => document.fonts.ready);
        if (glyphsCheckable)
          expect(await missingGlyphs(page), `${path}: characters drawn as boxes`).toEqual([]);
        expect(await elementsOutsideViewport(page), `${path}: outside 360 px`).toEqual([]);
        const scroll = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(scroll, `${path}: horizontal scroll`).toBeLessThanOrEqual(0);
      }
      await page.screenshot({ path: `${SHOTS}/questionnaire-${language}.png`, fullPage: true });
      await context.close();
    });
  }
});
