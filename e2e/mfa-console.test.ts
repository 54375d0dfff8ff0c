/**
 * Two-step sign-in through the console in Chromium at 360 px: an operator sets it up on the
 * account page (the setup key shown as text, a code computed from it), keeps the recovery codes,
 * signs out, and signs in again with password and code. Keyboard-reachable, axe-clean, no
 * sideways scrolling. Screenshots are saved under test-results/mfa-console.
 */
import { mkdirSync } from 'node:fs';
import { generate } from 'otplib';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '@server/modules/accounts/accounts.service';
import { browserAvailable, launchBrowser, newContext } from './support/browser';
import { expectAxeClean, signIn, sidewaysOverflow } from './support/console';
import { startTestServer, type TestServer } from './support/server';

const SHOTS = 'test-results/mfa-console';
const USER = { email: 'tomas.totp@example.com', name: 'Tomas', password: 'a-passphrase-for-totp' };

describe.runIf(browserAvailable)('two-step sign-in in the console', () => {
  let server: TestServer;
  let browser: Browser;

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    server = await startTestServer();
    await createUser(server.database.db, server.demo.tenantId, { ...USER, role: 'operator' });
    browser = await launchBrowser();
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('sets it up on the account page, then signs in with password and code', async () => {
    const context = await newContext(browser, { width: 360 });
    const page = await context.newPage();
    page.setDefaultTimeout(10_000);
    await signIn(page, server.adminUrl, USER.email, USER.password);

    // On a phone the navigation is behind the header's menu button.
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('link', { name: 'Account' }).click();
    await page.getByRole('button', { name: 'Set up two-step sign-in' }).click();
    const qr = page.getByRole('img', { name: 'QR code for your authenticator app' });
    await qr.waitFor();
    const shown = await page.getByLabel('Or type this setup key into the app').inputValue();
    const secret = shown.replaceAll(' ', '');
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await page.screenshot({ path: `${SHOTS}/enrol-360.png`, fullPage: true });
    expect(await sidewaysOverflow(page), 'enrolment').toBe(0);
    await expectAxeClean(page, 'enrolment');

    // Typed as a person would: focus the field, type the code, Enter.
    const code = page.getByLabel('Enter the 6-digit code the app shows');
    await code.focus();
    await page.keyboard.type(await generate({ secret }));
    await page.keyboard.press('Enter');
    const codes = page.locator('.mfa-codes li');
    await expect.poll(() => codes.count()).toBe(10);
    await expectAxeClean(page, 'recovery codes');
    const done = page.getByRole('button', { name: 'Done' });
    expect(await done.isDisabled()).toBe(true);
    await page.getByLabel('I have saved my recovery codes').check();
    await done.click();
    await page.getByText('Two-step sign-in is on.').waitFor();
    expect(await page.locator('.mfa-codes').count()).toBe(0);
    await page.screenshot({ path: `${SHOTS}/on-360.png`, fullPage: true });
    await expectAxeClean(page, 'on');

    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/sign-in');
    await page.getByLabel('Email address', { exact: true }).fill(USER.email);
    await page.getByLabel('Password', { exact: true }).fill(USER.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    const field = page.getByLabel('Code from your authenticator app');
    await field.waitFor();
    expect(await field.getAttribute('autocomplete')).toBe('one-time-code');
    expect(await field.getAttribute('inputmode')).toBe('numeric');
    await page.screenshot({ path: `${SHOTS}/sign-in-code-360.png`, fullPage: true });
    expect(await sidewaysOverflow(page), 'sign-in code').toBe(0);
    await expectAxeClean(page, 'sign-in code');
    // The enrolment took this 30 s step's code: the next step's is accepted too (±1 step).
    await field.fill(await generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 }));
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect.poll(() => new URL(page.url()).pathname).not.toBe('/sign-in');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe('Campaigns');
    await context.close();
  }, 90_000);
});
