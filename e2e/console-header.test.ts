/**
 * The console's header on a 390 px phone, in Chromium: one short row (product and a menu button)
 * instead of 40 % of the first screen; the menu opens with the keyboard and its links work; no
 * sideways scroll, axe-clean; at 1280 px the navigation shows as before, without the button.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '@server/modules/accounts/accounts.service';
import { browserAvailable, launchBrowser, newContext } from './support/browser';
import { expectAxeClean, sidewaysOverflow, signIn } from './support/console';
import { startTestServer, type TestServer } from './support/server';

const OWNER = {
  email: 'hana.header@example.com',
  name: 'Hana Header',
  password: 'header-passphrase-4-tests',
};
const PHONE = { width: 390, height: 844 };

describe.runIf(browserAvailable)('the console header on a phone', () => {
  let server: TestServer;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    server = await startTestServer();
    await createUser(server.database.db, server.demo.tenantId, { ...OWNER, role: 'owner' });
    browser = await launchBrowser();
    const context = await newContext(browser, { width: PHONE.width });
    page = await context.newPage();
    page.setDefaultTimeout(10_000);
    await page.setViewportSize(PHONE);
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  const menuButton = () => page.getByRole('button', { name: 'Menu' });
  const mainNav = () => page.getByRole('navigation', { name: 'Main navigation' });

  it('is one short row with a menu button, the navigation closed', async () => {
    await signIn(page, server.adminUrl, OWNER.email, OWNER.password);
    await page.goto(`${server.adminUrl}/`);
    await menuButton().waitFor();
    const header = await page.locator('header').boundingBox();
    if (!header) throw new Error('header not drawn');
    expect(header.height).toBeLessThanOrEqual(PHONE.height * 0.15);
    expect(await menuButton().getAttribute('aria-expanded')).toBe('false');
    expect(await mainNav().isVisible()).toBe(false);
    expect(await sidewaysOverflow(page)).toBe(0);
    await expectAxeClean(page, 'header closed at 390 px');
  });

  it('opens with the keyboard, and its links work and close it', async () => {
    await page.goto(`${server.adminUrl}/`);
    await menuButton().waitFor();
    const controls = (await menuButton().getAttribute('aria-controls')) ?? '';
    expect(await page.locator(`[id="${controls}"]`).count()).toBe(1);
    // The skip link, then the menu button.
    await page.locator('.skip-link').focus();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Menu');
    await page.keyboard.press('Enter');
    await expect.poll(() => menuButton().getAttribute('aria-expanded')).toBe('true');
    expect(await mainNav().isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Sign out' }).isVisible()).toBe(true);
    expect(await sidewaysOverflow(page)).toBe(0);
    await expectAxeClean(page, 'header open at 390 px');

    // Tab into the menu: Home, then Campaigns, followed with Enter.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Home');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Campaigns');
    await page.keyboard.press('Enter');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/campaigns');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe('Campaigns');
    await expect.poll(() => menuButton().getAttribute('aria-expanded')).toBe('false');
    expect(await mainNav().isVisible()).toBe(false);

    // Space opens it as well, and a second press closes it.
    await menuButton().focus();
    await page.keyboard.press('Space');
    await expect.poll(() => mainNav().isVisible()).toBe(true);
    await page.keyboard.press('Space');
    await expect.poll(() => mainNav().isVisible()).toBe(false);
  });

  it('shows the navigation as before at 1280 px, without a menu button', async () => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${server.adminUrl}/`);
    await mainNav().waitFor();
    expect(await menuButton().isVisible()).toBe(false);
    expect(await mainNav().getByRole('link', { name: 'Campaigns' }).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Sign out' }).isVisible()).toBe(true);
    // The bar and the menu are no boxes of their own here: the header lays out product,
    // navigation and account as it did before the menu (161 px for an owner's eleven links; People
    // and Integrations wrap the links onto more rows).
    for (const part of ['.layout__bar', '.layout__menu']) {
      expect(await page.locator(part).evaluate((el) => getComputedStyle(el).display), part).toBe('contents');
    }
    const header = await page.locator('header').boundingBox();
    expect(header?.height).toBeLessThanOrEqual(250);
    expect(await sidewaysOverflow(page)).toBe(0);
    await expectAxeClean(page, 'header at 1280 px');
    await page.setViewportSize(PHONE);
  });
});
