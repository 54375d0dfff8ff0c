/**
 * The campaign editor in Japanese on a 390 px phone, in Chromium: nothing is red before the
 * operator touches a field; an emptied field then says what is wrong in Japanese, naming the
 * field; the editor never scrolls sideways and stays axe-clean.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '@server/modules/accounts/accounts.service';
import { browserAvailable, launchBrowser, newContext } from './support/browser';
import { expectAxeClean, sidewaysOverflow, signIn } from './support/console';
import { startTestServer, type TestServer } from './support/server';

const VIEWER = {
  email: 'vera.viewer@example.com',
  name: 'Vera Viewer',
  password: 'viewer-passphrase-4-tests',
};
const OWNER = { email: 'ema.editor@example.com', name: 'Ema Editor', password: 'editor-passphrase-4-tests' };

describe.runIf(browserAvailable)('the campaign editor’s words, in Japanese at 390 px', () => {
  let server: TestServer;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    server = await startTestServer();
    await createUser(server.database.db, server.demo.tenantId, { ...OWNER, role: 'owner' });
    await createUser(server.database.db, server.demo.tenantId, { ...VIEWER, role: 'viewer' });
    browser = await launchBrowser();
    const context = await newContext(browser, { width: 390 });
    page = await context.newPage();
    page.setDefaultTimeout(10_000);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  const invalid = () => page.locator('.campaign-editor [aria-invalid="true"]').count();

  it('shows a Japanese message naming the field once the field is left empty', async () => {
    await signIn(page, server.adminUrl, OWNER.email, OWNER.password);
    // The operator's own choice of language, as the console's language menu keeps it.
    await page.evaluate(() => localStorage.setItem('hookwise.console.language', 'ja'));
    await page.goto(`${server.adminUrl}/campaigns/${server.demo.campaignId}/edit`);
    // The editor's chunk and the Japanese texts load first.
    await expect
      .poll(() => page.getByLabel('キャンペーン名', { exact: true }).count(), { timeout: 15_000 })
      .toBe(1);
    await page.getByRole('navigation').getByRole('button', { name: 'メール', exact: true }).click();
    const subject = page.getByLabel('件名', { exact: true });
    await subject.fill('');
    expect(await invalid()).toBe(0);
    await subject.press('Tab');
    await expect.poll(() => subject.getAttribute('aria-invalid')).toBe('true');
    const errorId = (await subject.getAttribute('aria-describedby')) ?? '';
    expect(await page.locator(`[id="${errorId}"]`).innerText()).toBe('メール – 件名：入力されていません。');
    expect(await page.locator('.campaign-editor').innerText()).not.toMatch(/Too small|expected string|sei\./);
  });

  it('has no sideways scroll at 390 px and is axe-clean', async () => {
    expect(await sidewaysOverflow(page)).toBe(0);
    await page
      .getByRole('navigation')
      .getByRole('button', { name: /^危険信号/ })
      .click();
    await expect.poll(() => page.getByRole('group', { name: '危険信号 1' }).count()).toBe(1);
    expect(await page.getByLabel('識別子').count()).toBe(0);
    expect(await sidewaysOverflow(page)).toBe(0);
    await expectAxeClean(page, 'editor in Japanese at 390 px');
  });

  it('shows a viewer the fields as read-only, not as empty white boxes to type in', async () => {
    const context = await newContext(browser, { width: 390 });
    const viewer = await context.newPage();
    await signIn(viewer, server.adminUrl, VIEWER.email, VIEWER.password);
    await viewer.goto(`${server.adminUrl}/campaigns/${server.demo.campaignId}/edit`);
    const name = viewer.getByLabel('Campaign name', { exact: true });
    await expect.poll(() => name.count(), { timeout: 15_000 }).toBe(1);
    expect(await name.isDisabled()).toBe(true);
    const look = await name.evaluate((el) => {
      const style = getComputedStyle(el);
      return { background: style.backgroundColor, border: style.borderTopColor };
    });
    expect(look.background).not.toBe('rgb(255, 255, 255)');
    expect(look.border).toBe('rgba(0, 0, 0, 0)');
    expect(await sidewaysOverflow(viewer)).toBe(0);
    await expectAxeClean(viewer, 'editor for a viewer at 390 px');
    await context.close();
  });
});
