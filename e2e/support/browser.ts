/**
 * Chromium for browser tests: Debian's build at CHROME_PATH or /usr/bin/chromium. Missing →
 * a loud SKIPPED line, or a failure when REQUIRE_BROWSER=1.
 */
import { existsSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext } from 'playwright-core';

const executablePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';

export const browserAvailable = existsSync(executablePath);

if (!browserAvailable) {
  if (process.env.REQUIRE_BROWSER === '1') {
    throw new Error(`REQUIRE_BROWSER=1 but no Chromium at ${executablePath}`);
  }
  console.warn(
    `\n*** SKIPPED: browser tests (no Chromium at ${executablePath}; apt-get install -y chromium) ***\n`,
  );
}

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
    ],
  });
}

export async function newContext(
  browser: Browser,
  options: { locale?: string; width?: number } = {},
): Promise<BrowserContext> {
  return browser.newContext({
    locale: options.locale ?? 'en-US',
    viewport: { width: options.width ?? 1280, height: 900 },
  });
}
