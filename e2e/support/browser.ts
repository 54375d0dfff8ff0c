/**
 * Chromium for browser tests: Debian's build at CHROME_PATH or /usr/bin/chromium. Missing →
 * a loud SKIPPED line, or a failure when REQUIRE_BROWSER=1.
 */
import { execFileSync } from 'node:child_process';
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

/**
 * Whether fontconfig knows a font for this language's script: Chromium draws the characters of
 * a script with no font as boxes. Without one, the glyph checks print a loud SKIPPED line, or
 * fail when REQUIRE_BROWSER=1 (CI installs the fonts; see docs/testing.md).
 */
export function fontsFor(language: string): boolean {
  let families = '';
  try {
    families = execFileSync('fc-list', [`:lang=${language}`, 'family'], { encoding: 'utf8' });
  } catch {
    // No fontconfig: nothing to tell; the check itself decides.
    return true;
  }
  if (families.trim() !== '' || process.env.REQUIRE_BROWSER === '1') return true;
  console.warn(
    `\n*** SKIPPED: fonts for ${language} (characters would be drawn as boxes; apt-get install -y fonts-noto-cjk fonts-noto-core) ***\n`,
  );
  return false;
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
