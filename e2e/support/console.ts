/**
 * Helpers for the console's browser tests: signing in through the sign-in page, axe at WCAG 2
 * A/AA, the document's sideways overflow, the text of a file the page downloads, and waiting
 * until a page has nothing more to load.
 */
import { readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

export async function signIn(page: Page, adminUrl: string, email: string, password: string): Promise<void> {
  // From /campaigns, so the sign-in comes back there (`/` is the home page).
  await page.goto(`${adminUrl}/campaigns`);
  await expect.poll(() => new URL(page.url()).pathname).toBe('/sign-in');
  // Exact names: the page also has single sign-on's "Work email address" and its button.
  await page.getByLabel('Email address', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect.poll(() => new URL(page.url()).pathname).toBe('/campaigns');
  await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe('Campaigns');
}

/**
 * Signs in through the sign-in page with the console set to `language` (as the language picker
 * leaves it), and waits until the page reads in that language's direction.
 */
export async function signInIn(
  page: Page,
  adminUrl: string,
  language: string,
  credentials: { email: string; password: string },
): Promise<void> {
  await page.goto(`${adminUrl}/sign-in`);
  await page.evaluate((lang) => localStorage.setItem('hookwise.console.language', lang), language);
  await page.reload();
  // The password form: the page also has single sign-on's own email field and button.
  const form = page.locator('form').filter({ has: page.locator('input[type="password"]') });
  await form.locator('input[type="email"]').fill(credentials.email);
  await form.locator('input[type="password"]').fill(credentials.password);
  await form.locator('button[type="submit"]').click();
  await expect.poll(() => new URL(page.url()).pathname).not.toBe('/sign-in');
  // The direction is set once the console's language has loaded.
  await expect.poll(() => page.locator('html').getAttribute('dir')).toBe(language === 'ar' ? 'rtl' : 'ltr');
}

/**
 * A frame with an empty `sandbox` (the email preview's) runs no script, axe's included: axe would
 * wait for it forever. It is left out; the frame element itself, with its title, is checked.
 * `exclude`: more to leave out, such as a frame showing a page copied from another site.
 */
export async function expectAxeClean(page: Page, label: string, exclude: string[] = []): Promise<void> {
  let builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).exclude('iframe[sandbox=""]');
  for (const selector of exclude) builder = builder.exclude(selector);
  const results = await builder.analyze();
  const found = results.violations.map(
    (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
  expect(found, label).toEqual([]);
}

const trackers = new WeakMap<Page, { inFlight: number; last: number }>();

/**
 * Follows the page's requests from now on (call before it navigates): how many are in flight,
 * and when the last one started or ended.
 */
export function trackRequests(page: Page): void {
  if (trackers.has(page)) return;
  const tracker = { inFlight: 0, last: Date.now() };
  trackers.set(page, tracker);
  page.on('request', () => {
    tracker.inFlight += 1;
    tracker.last = Date.now();
  });
  const done = () => {
    tracker.inFlight = Math.max(0, tracker.inFlight - 1);
    tracker.last = Date.now();
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
}

/**
 * Waits until the page has had no request in flight for `quietMs` (Playwright's 'networkidle'
 * waits 500 ms after the last one: half a second on every page a walk opens).
 */
export async function networkQuiet(page: Page, quietMs = 150): Promise<void> {
  const tracker = trackers.get(page);
  if (!tracker) throw new Error('trackRequests(page) before it navigates');
  await expect
    .poll(() => tracker.inFlight === 0 && Date.now() - tracker.last >= quietMs, {
      interval: 50,
      timeout: 15_000,
    })
    .toBe(true);
}

/** How far the document scrolls sideways (0 when everything fits the viewport). */
export function sidewaysOverflow(page: Page): Promise<number> {
  return page.evaluate(() => Math.max(0, document.documentElement.scrollWidth - window.innerWidth));
}

/** Runs `click` and returns the name and text of the file the page downloads because of it. */
export async function downloadedText(
  page: Page,
  click: () => Promise<void>,
): Promise<{ name: string; text: string }> {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  const path = await download.path();
  return { name: download.suggestedFilename(), text: await readFile(path, 'utf8') };
}

/**
 * What must never reach a reader: an action code or translation key standing as a word (a host
 * name such as relay.example is the operator's own value, not a code), a snake_case code, a
 * uuid, JSON, a placeholder.
 */
const CODE_PREFIXES =
  'campaign|sending_profile|recipients?|reviewer_link|user|session|api_key|settings|tenant|report|' +
  'malicious_url|verdict|reason|stage|activity|common|overview|home|audit|recipientStatus';
const RAW = {
  code: new RegExp(`(^|[\\s(「“])(${CODE_PREFIXES})\\.[A-Za-z_]+(?=$|[\\s),」”])`, 'm'),
  snake: /(^|[\s(「“:])[a-z]+_[a-z_]+(?=$|[\s),.:;」”])/m,
  id: /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i,
  json: /\{"|":\s*[[{"\d]/,
  placeholder: /\{\{\s*\w+\s*\}\}/,
};

/**
 * The page's visible text holds no raw code, id, JSON or placeholder. Text set as code (`<code>`,
 * `<kbd>`, `<pre>`: a column name to type, a value to paste) is what the reader must type, and
 * left out.
 */
export async function expectReadable(page: Page, label: string): Promise<void> {
  const text = await page.evaluate(() => {
    const parts: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const element = node.parentElement;
      if (!element || element.closest('code, kbd, pre, script, style, template')) continue;
      if (element.getClientRects().length === 0) continue;
      parts.push(node.textContent ?? '');
    }
    return parts.join('\n');
  });
  for (const [kind, pattern] of Object.entries(RAW)) {
    expect(text.match(pattern)?.[0] ?? null, `${label}: a raw ${kind} in the page`).toBeNull();
  }
}
