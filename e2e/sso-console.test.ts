/**
 * Single sign-on in Chromium, against a real OpenID provider (oidc-provider on a free port, its
 * own login form): a person gives their work address on the sign-in page, signs in at the
 * provider, and lands in the console with the role their group maps to (an owner sees Users and
 * Audit, an operator does not). A person of another domain comes back to the sign-in page with
 * the reason in words. The sign-in page at 360 px: keyboard-usable, axe-clean, no sideways
 * scrolling. Screenshots are saved under test-results/sso-console.
 */
import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestProvider, type TestProvider } from '@server/test/oidc-provider';
import { browserAvailable, launchBrowser, newContext } from './support/browser';
import { expectAxeClean, sidewaysOverflow } from './support/console';
import { startTestServer, type TestServer } from './support/server';

const SHOTS = 'test-results/sso-console';

describe.runIf(browserAvailable)('single sign-on in the console', () => {
  let server: TestServer;
  let idp: TestProvider;
  let browser: Browser;

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    server = await startTestServer();
    idp = await startTestProvider([`${server.adminUrl}/api/admin/sso/callback`]);
    idp.accounts.set('ana', { email: 'ana@acme.test', name: 'Ana Owner', groups: ['hw-owners'] });
    idp.accounts.set('olga', { email: 'olga@acme.test', name: 'Olga Operator', groups: ['hw-operators'] });
    idp.accounts.set('eve', { email: 'eve@elsewhere.test', name: 'Eve', groups: ['hw-owners'] });
    const res = await fetch(`${server.adminUrl}/api/admin/settings/sso`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${server.demo.apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        issuer: idp.issuer,
        client_id: idp.clientId,
        client_secret: idp.clientSecret,
        allowed_domains: ['acme.test'],
        role_claim: 'groups',
        role_values: { owner: ['hw-owners'], operator: ['hw-operators'], viewer: [] },
      }),
    });
    expect(res.status, await res.text()).toBe(200);
    browser = await launchBrowser();
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await idp?.close();
    await server?.close();
  });

  /** From the console's sign-in page through the provider's login form, by keyboard. */
  async function signInWithSso(page: Page, workEmail: string, login: string) {
    await page.goto(`${server.adminUrl}/sign-in`);
    const work = page.getByLabel('Work email address');
    await work.focus();
    await page.keyboard.type(workEmail);
    await page.keyboard.press('Enter');
    // The provider's own login page.
    await page.locator('input[name="login"]').waitFor();
    expect(new URL(page.url()).origin).toBe(idp.issuer);
    await page.locator('input[name="login"]').fill(login);
    await page.locator('input[name="password"]').fill('any password');
    await page.locator('button[type="submit"]').click();
    await expect.poll(() => new URL(page.url()).origin).toBe(server.adminUrl);
  }

  it('shows the way in on the sign-in page, readable and axe-clean at 360 px', async () => {
    const context = await newContext(browser, { width: 360 });
    const page = await context.newPage();
    await page.goto(`${server.adminUrl}/sign-in`);
    await page.getByRole('button', { name: 'Sign in with single sign-on' }).waitFor();
    await page.screenshot({ path: `${SHOTS}/sign-in-360.png`, fullPage: true });
    expect(await sidewaysOverflow(page)).toBe(0);
    await expectAxeClean(page, 'sign-in with single sign-on');
    await context.close();
  });

  it('signs an owner in through the provider, with the role their group maps to', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    page.setDefaultTimeout(10_000);
    await signInWithSso(page, 'ana@acme.test', 'ana');
    await page.getByText('Ana Owner').waitFor();
    expect(await page.locator('.layout__role').innerText()).toBe('(owner)');
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    expect(await nav.getByRole('link', { name: 'Users' }).count()).toBe(1);
    expect(await nav.getByRole('link', { name: 'Audit log' }).count()).toBe(1);
    await page.screenshot({ path: `${SHOTS}/owner.png`, fullPage: true });
    // The settings page shows the owner the redirect URI to register, and never the secret.
    await nav.getByRole('link', { name: 'Settings' }).click();
    const section = page.getByRole('region', { name: 'Single sign-on' });
    await section.getByText(`${server.adminUrl}/api/admin/sso/callback`).waitFor();
    expect(await section.getByLabel('Client secret').inputValue()).toBe('');
    expect(await page.content()).not.toContain(idp.clientSecret);
    await expectAxeClean(page, 'settings');
    // Readable on a phone: the long redirect URI wraps instead of scrolling the page sideways.
    await page.setViewportSize({ width: 360, height: 900 });
    await section.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/settings-360.png`, fullPage: true });
    expect(await sidewaysOverflow(page), 'settings at 360 px').toBe(0);
    await context.close();
  });

  it('signs an operator in without the owner’s pages', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    page.setDefaultTimeout(10_000);
    await signInWithSso(page, 'olga@acme.test', 'olga');
    await page.getByText('Olga Operator').waitFor();
    expect(await page.locator('.layout__role').innerText()).toBe('(operator)');
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await nav.getByRole('link', { name: 'Campaigns' }).waitFor();
    expect(await nav.getByRole('link', { name: 'Users' }).count()).toBe(0);
    expect(await nav.getByRole('link', { name: 'Audit log' }).count()).toBe(0);
    await context.close();
  });

  it('sends a person of another domain back to the sign-in page, saying why in words', async () => {
    const context = await newContext(browser, { width: 360 });
    const page = await context.newPage();
    page.setDefaultTimeout(10_000);
    await signInWithSso(page, 'ana@acme.test', 'eve');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/sign-in');
    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect(await alert.innerText()).toContain('not in one of your organisation’s domains');
    expect(await alert.innerText()).not.toContain('domain_not_allowed');
    await page.screenshot({ path: `${SHOTS}/refused-360.png`, fullPage: true });
    expect(await sidewaysOverflow(page)).toBe(0);
    await expectAxeClean(page, 'refused');
    await context.close();
  });
});
