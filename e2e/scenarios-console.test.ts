/**
 * The Scenarios page in Chromium, against a real server and the library Hookwise ships: an
 * operator filters by keyboard, starts a campaign from `shared-document` in two clicks and lands
 * in the campaign editor with the scenario's texts; the page is axe-clean and readable, fits a
 * 390 px phone, and reads right to left in Arabic with the scenario's Arabic title, its pages
 * previewed in Arabic before any campaign is made.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import type { ScenarioDetail } from '@shared/scenario-api';
import { createUser } from '@server/modules/accounts/accounts.service';
import { browserAvailable, launchBrowser, newContext } from './support/browser';
import { expectAxeClean, expectReadable, sidewaysOverflow, signIn, signInIn } from './support/console';
import { startTestServer, type TestServer } from './support/server';

const OPERATOR = {
  email: 'sam.scenario@example.com',
  name: 'Sam Scenario',
  password: 'scenario-passphrase-4-tests',
};
const heading = (page: Page) => page.getByRole('heading', { level: 1 }).innerText();
const words = (language: string) =>
  JSON.parse(readFileSync(`public/assets/i18n/${language}.console-scenarios.json`, 'utf8')) as Record<
    string,
    string
  >;

describe.runIf(browserAvailable)('the scenario library in the console', () => {
  let server: TestServer;
  let browser: Browser;
  let scenario: ScenarioDetail;

  beforeAll(async () => {
    server = await startTestServer();
    await createUser(server.database.db, server.demo.tenantId, { ...OPERATOR, role: 'operator' });
    const res = await server.admin.inject({
      method: 'GET',
      url: '/api/admin/scenarios/shared-document',
      headers: { authorization: `Bearer ${server.demo.apiKey}` },
    });
    scenario = res.json<ScenarioDetail>();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('filters by keyboard and starts a campaign from shared-document in two clicks', async () => {
    const page = await (await newContext(browser, { width: 1280 })).newPage();
    page.setDefaultTimeout(10_000);
    const title = scenario.texts.en!.title;
    await signIn(page, server.adminUrl, OPERATOR.email, OPERATOR.password);
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Scenarios' })
      .click();
    await expect.poll(() => heading(page)).toBe('Scenarios');
    await page.getByRole('article', { name: title }).waitFor();

    // The keyboard alone: into the lure filter, and its option chosen by typing.
    await page.getByLabel('Difficulty', { exact: true }).focus();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe(
      await page.getByLabel('Lure', { exact: true }).getAttribute('id'),
    );
    await page.keyboard.type('Shared document');
    await expect.poll(() => page.getByLabel('Lure', { exact: true }).inputValue()).toBe('shared_document');
    await expect.poll(() => page.getByRole('article').count()).toBeGreaterThan(0);
    const lures = await page.locator('.scenario-card__tags .scenario-tag:first-child').allInnerTexts();
    expect(new Set(lures)).toEqual(new Set(['Shared document']));
    const card = page.getByRole('article', { name: title });
    expect(await card.innerText()).toContain(`Level ${scenario.difficulty} of 5`);
    await expectAxeClean(page, 'the scenarios page');
    await expectReadable(page, 'the scenarios page');
    expect(await sidewaysOverflow(page)).toBe(0);

    // Click one: the dialog, its name prefilled; click two: the draft, in the editor.
    await card.getByRole('button', { name: 'Start a campaign', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: `Start a campaign from ${title}` });
    expect(await dialog.getByLabel('Campaign name').inputValue()).toBe(title);
    await expectAxeClean(page, 'the start dialog');
    await dialog.getByRole('button', { name: 'Create the draft' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toMatch(/^\/campaigns\/[^/]+\/edit$/);
    await expect
      .poll(() => page.getByLabel('Campaign name', { exact: true }).inputValue(), { timeout: 15_000 })
      .toBe(title);
    await page.getByRole('navigation').getByRole('button', { name: 'Email', exact: true }).click();
    expect(await page.getByLabel('Subject', { exact: true }).inputValue()).toBe(
      scenario.campaign.email!.subject,
    );
    await page.context().close();
  });

  it('fits a 390 px phone, and reads right to left in Arabic', async () => {
    const phone = await (await newContext(browser, { width: 390 })).newPage();
    phone.setDefaultTimeout(10_000);
    await signInIn(phone, server.adminUrl, 'ar', OPERATOR);
    await phone.goto(`${server.adminUrl}/scenarios`);
    const ar = words('ar');
    await expect.poll(() => heading(phone)).toBe(ar['scenarios.title']);
    expect(await phone.locator('html').getAttribute('dir')).toBe('rtl');
    const title = scenario.texts.ar?.title ?? scenario.texts.en!.title;
    const card = phone.getByRole('article', { name: title });
    await card.waitFor();
    expect(await card.locator('h3').getAttribute('dir')).toBe('rtl');
    expect(await card.innerText()).toContain(
      ar['level.of']!.replace('{{level}}', String(scenario.difficulty)),
    );
    expect(await sidewaysOverflow(phone)).toBe(0);
    await expectAxeClean(phone, 'the scenarios page in Arabic at 390 px');
    await expectReadable(phone, 'the scenarios page in Arabic');

    // The scenario's own page: its e-mail in Arabic, right to left.
    await card.getByRole('link', { name: title }).click();
    await expect.poll(() => heading(phone)).toBe(title);
    const email = phone.locator('.scenario-email');
    expect(await email.getAttribute('dir')).toBe('rtl');
    expect(await email.innerText()).not.toContain('{{');

    // Its pages, before any campaign is made: the phishing page, then the awareness page picked
    // from the keyboard, both in Arabic, right to left.
    const editorWords = JSON.parse(
      readFileSync('public/assets/i18n/ar.console-editor.json', 'utf8'),
    ) as Record<string, string>;
    const frame = phone.frameLocator('iframe.preview-frame__iframe');
    await expect.poll(() => frame.locator('html').getAttribute('dir'), { timeout: 15_000 }).toBe('rtl');
    const pagePicker = phone.getByLabel(editorWords['preview.page']!, { exact: true });
    await pagePicker.focus();
    await phone.keyboard.press('ArrowDown');
    await expect.poll(() => pagePicker.inputValue()).toBe('awareness');
    const awareness = scenario.campaign.translations.ar?.awareness?.title ?? '';
    expect(awareness).not.toBe('');
    await expect.poll(() => frame.locator('body').innerText(), { timeout: 15_000 }).toContain(awareness);
    expect(await sidewaysOverflow(phone)).toBe(0);
    await expectAxeClean(phone, 'a scenario in Arabic at 390 px');
    await phone.context().close();
  });
});
