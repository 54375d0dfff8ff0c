/**
 * What the journey records and shows is what happened: steps opened from the address bar are
 * not shown as done, an empty sign-in is not "entered data", a failed quiz says so and can be
 * retaken (each attempt kept), and a link to a campaign that is not running says so in the
 * recipient's language.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ja from '../public/assets/i18n/ja.upi-public.json';
import { seedCampaign } from '@server/test/campaign-fixtures';
import { demoCampaign } from '@server/modules/demo/demo-campaign';
import { browserAvailable, launchBrowser, newContext } from './support/browser';
import { eventsOf, expectAxeClean, recipientByRid } from './support/journey';
import { startTestServer, type TestServer } from './support/server';

const pathOf = (page: Page) => new URL(page.url()).pathname;

describe.runIf(browserAvailable)('an honest journey in Chromium', () => {
  let server: TestServer;
  let browser: Browser;
  const freshRid = async (options: { starts_at?: string; language_code?: string } = {}) =>
    (
      await seedCampaign(server.database.db, demoCampaign(server.url), {
        ...(options.starts_at ? { starts_at: options.starts_at } : {}),
        recipients: [{ email: 'pat@example.com', language_code: options.language_code ?? 'en' }],
      })
    ).recipients[0]!.rid;
  const attempts = (recipientId: string) =>
    server.database.db
      .selectFrom('journey_attempts')
      .select(['kind', 'details'])
      .where('recipient_id', '=', recipientId)
      .orderBy('created_at')
      .execute();

  beforeAll(async () => {
    server = await startTestServer();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('shows steps skipped from the address bar as not done, with links back to them', async () => {
    const rid = await freshRid();
    const context = await newContext(browser, { width: 1280 });
    const page = await context.newPage();
    await page.goto(`${server.url}/phish/questionnaire?rid=${rid}`);
    const steps = page.locator('.journey-progress__step');
    await expect.poll(() => steps.count()).toBe(6);
    expect(await page.locator('.journey-progress__step.is-done').count()).toBe(0);
    expect(await page.locator('.journey-progress__step.is-missed').count()).toBe(4);
    const missed = page.locator('.journey-progress__missed a');
    expect(await missed.allInnerTexts()).toEqual([
      'Awareness',
      'Training material',
      'Red flags',
      'Quiz intro',
    ]);
    await expectAxeClean(page, 'questionnaire with missed steps');
    // Following a link records that step; it is then shown as done.
    await missed.first().click();
    await expect.poll(() => pathOf(page)).toBe('/phish/awareness');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect.poll(() => pathOf(page)).toBe('/phish/pdf');
    await expect
      .poll(() => page.locator('.journey-progress__step').first().getAttribute('class'))
      .toContain('is-done');
    await context.close();
  });

  it('counts a sign-in with every field empty as an attempt, not as submitted data', async () => {
    const rid = await freshRid();
    const recipient = await recipientByRid(server.database, rid);
    const context = await newContext(browser, { width: 360 });
    const page = await context.newPage();
    await page.goto(`${server.url}/phish?rid=${rid}`);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect.poll(() => pathOf(page)).toBe('/phish/awareness');
    await expect.poll(async () => (await attempts(recipient.id)).length).toBe(1);
    expect(JSON.parse((await attempts(recipient.id))[0]!.details)).toEqual({ fields: [] });
    expect((await eventsOf(server.database, recipient.id)).map((e) => e.type)).not.toContain('submitted');
    await context.close();
  });

  it('says pass or fail against the pass mark, offers one retake action, and keeps each attempt', async () => {
    const rid = await freshRid();
    const recipient = await recipientByRid(server.database, rid);
    const context = await newContext(browser, { width: 1280 });
    const page = await context.newPage();
    await page.goto(`${server.url}/phish/questionnaire?rid=${rid}`);
    for (const option of ['The greeting', 'An urgent deadline', 'Report it to the security team']) {
      await page.getByLabel(option).check();
      await page.locator('.journey-actions .journey-button').click();
    }
    await expect.poll(() => page.locator('.result__score').innerText()).toBe('33%');
    expect(await page.locator('.result__summary').innerText()).toContain('Pass mark: 70%');
    expect(await page.getByRole('button', { name: 'Try again' }).count()).toBe(1);
    await page.getByRole('button', { name: 'Continue' }).click();

    await expect.poll(() => pathOf(page)).toBe('/campaign/campaign-completed');
    const verdict = page.locator('.completed-verdict');
    await expect.poll(() => verdict.innerText()).toContain('Not passed: the pass mark is 70%.');
    // Points follow the pass mark: nothing for a failed quiz (and no other step was done).
    expect(await page.locator('.stats').innerText()).toContain('0 of 90');
    // One primary action, the retake; nothing sends the recipient away meanwhile.
    expect(await page.locator('.journey-actions .journey-button').allInnerTexts()).toEqual([
      'Retake the quiz',
    ]);
    expect(await page.locator('[role=timer]').count()).toBe(0);
    await expectAxeClean(page, 'completed, failed');
    await page.getByRole('button', { name: 'Retake the quiz' }).click();

    await expect.poll(() => pathOf(page)).toBe('/phish/questionnaire');
    await page.getByLabel('The sender’s domain').check();
    await page.locator('.journey-actions .journey-button').click();
    await page.getByLabel('An urgent deadline').check();
    await page.getByLabel('A request for your password').check();
    await page.locator('.journey-actions .journey-button').click();
    await page.getByLabel('Report it to the security team').check();
    await page.locator('.journey-actions .journey-button').click();
    await expect.poll(() => page.locator('.result__score').innerText()).toBe('100%');
    await page.getByRole('button', { name: 'Continue' }).click();

    await expect.poll(() => verdict.innerText()).toContain('Passed: the pass mark is 70%.');
    expect(await page.locator('.stats').innerText()).toContain('50 of 90');
    expect(await page.locator('.journey-actions .journey-button').allInnerTexts()).toEqual(['Return now']);
    await page.getByRole('button', { name: 'Pause' }).click();
    const timer = await page.locator('[role=timer]').innerText();
    expect(timer).toBe('The automatic return is paused.');
    expect(timer).not.toContain('automatically in');

    const kept = await attempts(recipient.id);
    expect(kept.map((a) => (JSON.parse(a.details) as { score: number }).score)).toEqual([33, 100]);
    expect((await recipientByRid(server.database, rid)).score).toBe(100);
    const events = await eventsOf(server.database, recipient.id);
    expect(events.filter((e) => e.type === 'questionnaire_completed')).toHaveLength(1);
    await context.close();
  });

  it('says "not available" in the recipient’s language for a campaign that has not started', async () => {
    const rid = await freshRid({
      starts_at: new Date(Date.now() + 86_400_000).toISOString(),
      language_code: 'ja',
    });
    const context = await newContext(browser, { locale: 'en-US' });
    const page = await context.newPage();
    await page.goto(`${server.url}/phish?rid=${rid}`);
    await expect.poll(() => pathOf(page)).toBe('/campaign/campaign-error');
    await expect.poll(() => page.locator('h1').innerText()).toBe(ja['campaignError.title']);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('ja');
    expect(await page.locator('.simple-page__next').innerText()).toBe(ja['campaignError.next']);
    await context.close();
  });
});
