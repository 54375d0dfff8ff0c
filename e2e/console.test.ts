/**
 * The operator console's acceptance in Chromium, against a real server on both listeners: an
 * owner signs in, writes a campaign with a German translation through the forms, previews it,
 * launches it, adds recipients and exports their links; the German recipient then reads the
 * German content on the public listener. A viewer only reads, and the public listener never
 * shows the console.
 */
import { parse } from 'csv-parse/sync';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '@server/modules/accounts/accounts.service';
import { browserAvailable, launchBrowser, newContext } from './support/browser';
import { downloadedText, expectAxeClean, sidewaysOverflow, signIn } from './support/console';
import { startTestServer, type TestServer } from './support/server';

const OWNER = {
  email: 'olivia.owner@example.com',
  name: 'Olivia Owner',
  password: 'owner-passphrase-4-tests',
};
const VIEWER = {
  email: 'victor.viewer@example.com',
  name: 'Victor Viewer',
  password: 'viewer-passphrase-4-tests',
};
const CAMPAIGN = 'Q4 invoice phishing';
const SUBJECT = 'Overdue invoice 4471: pay today';
const FLAG_TITLE = 'Pressure in the subject line';
const DE = {
  awareness: 'Dies war eine Übung. Prüfen Sie Absender und Betreff, bevor Sie klicken.',
  subject: 'Überfällige Rechnung 4471: heute zahlen',
  flagTitle: 'Druck in der Betreffzeile',
  flagExplanation: 'Eine Frist von einem Tag soll Sie vom Nachdenken abhalten.',
};
const CSV =
  'email,first_name,language,department\nanna@example.com,Anna,de,Finance\nbob@example.com,Bob,en,Sales\n';

const pathOf = (page: Page) => new URL(page.url()).pathname;
const heading = (page: Page) => page.getByRole('heading', { level: 1 }).innerText();

describe.runIf(browserAvailable)('operator console in Chromium', () => {
  let server: TestServer;
  let browser: Browser;
  let owner: BrowserContext;
  let page: Page;
  let campaignId = '';
  let germanLink = '';

  beforeAll(async () => {
    server = await startTestServer();
    const { db } = server.database;
    await createUser(db, server.demo.tenantId, { ...OWNER, role: 'owner' });
    await createUser(db, server.demo.tenantId, { ...VIEWER, role: 'viewer' });
    browser = await launchBrowser();
    owner = await newContext(browser, { width: 1280 });
    page = await owner.newPage();
    page.setDefaultTimeout(10_000);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  /** Opens an editor section from the side navigation. */
  async function openSection(name: string) {
    await page.getByRole('navigation', { name: 'Campaign sections' }).getByRole('button', { name }).click();
    await expect.poll(() => page.getByRole('heading', { level: 2, name, exact: true }).count()).toBe(1);
  }

  it('signs the owner in and creates a campaign that opens in the editor', async () => {
    await page.goto(`${server.adminUrl}/`);
    await expect.poll(() => pathOf(page)).toBe('/sign-in');
    await expect.poll(() => heading(page)).toBe('Sign in to the console');
    await expectAxeClean(page, 'sign-in');
    await signIn(page, server.adminUrl, OWNER.email, OWNER.password);
    expect(await page.locator('.layout__user').innerText()).toBe('Olivia Owner (owner)');
    await expect
      .poll(() => page.getByRole('table').innerText())
      .toContain('Demo: shared document notification');
    await expectAxeClean(page, 'campaigns');

    const form = page.getByRole('form', { name: 'New campaign' });
    await form.getByLabel('Campaign name').fill(CAMPAIGN);
    await form.getByLabel('Default language').selectOption({ label: 'English' });
    await form.getByRole('button', { name: 'Create and edit' }).click();

    await expect.poll(() => pathOf(page)).toMatch(/^\/campaigns\/[^/]+\/edit$/);
    campaignId = pathOf(page).split('/')[2] ?? '';
    await expect.poll(() => heading(page)).toBe(`Edit campaign: ${CAMPAIGN}`);
  });

  it('fills the email, awareness text, a red flag placed by clicking, and German side by side', async () => {
    await openSection('Email');
    await page.getByLabel('The campaign has a phishing email').check();
    await page.getByLabel('From', { exact: true }).fill('Accounts Payable <billing@payables-example.net>');
    await page.getByLabel('Subject', { exact: true }).fill(SUBJECT);
    await page
      .getByLabel('Message', { exact: true })
      .fill('Dear colleague,\n\nPlease settle the attached invoice today.');
    await expectAxeClean(page, 'editor: email');

    await openSection('Awareness');
    await page
      .getByLabel('Content', { exact: true })
      .fill('This was an exercise. Check the sender and subject before you click.');

    await openSection('Red flags');
    await page.getByRole('button', { name: 'Add a red flag' }).click();
    const flag = page.getByRole('group', { name: 'Red flag 1' });
    await flag.getByLabel('Title', { exact: true }).fill(FLAG_TITLE);
    await flag
      .getByLabel('Explanation', { exact: true })
      .fill('A one-day deadline is there to stop you thinking.');
    // Placed by clicking on the Subject line of the email in the placer.
    const subjectLine = page
      .getByRole('group', { name: 'The email: click the part this red flag points at' })
      .getByRole('button', { name: `Subject: ${SUBJECT}` });
    expect(await subjectLine.getAttribute('aria-pressed')).toBe('false');
    await subjectLine.click();
    expect(await subjectLine.getAttribute('aria-pressed')).toBe('true');
    expect(await flag.getByLabel('Part of the email').inputValue()).toBe('subject');
    await expectAxeClean(page, 'editor: red flags');

    await openSection('Languages');
    await page.getByLabel('Add a language').selectOption({ label: 'Deutsch' });
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    expect(await page.getByLabel('Translate into').inputValue()).toBe('de');
    // Each German field sits beside its English source text.
    const subjectDe = page.getByLabel('Email › Subject in Deutsch');
    expect(await page.locator(`#${await subjectDe.getAttribute('aria-describedby')}`).innerText()).toBe(
      SUBJECT,
    );
    await subjectDe.fill(DE.subject);
    await page.getByLabel('Awareness › Content in Deutsch').fill(DE.awareness);
    await page.getByLabel(/^Red flag › .+ › Title in Deutsch$/).fill(DE.flagTitle);
    await page.getByLabel(/^Red flag › .+ › Explanation in Deutsch$/).fill(DE.flagExplanation);
    await expectAxeClean(page, 'editor: languages');

    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect.poll(() => page.locator('.save-bar__state').innerText()).toBe('All changes saved');
  });

  it('previews the German red-flags page at phone width', async () => {
    const preview = page.getByRole('complementary', { name: 'Preview' });
    await preview.getByLabel('Language').selectOption({ label: 'Deutsch' });
    await preview.getByLabel('Page').selectOption({ label: 'Red flags' });
    await preview.getByRole('radio', { name: 'Phone' }).check();
    const iframe = preview.locator('iframe');
    await expect.poll(() => iframe.getAttribute('title')).toBe('Preview of the Red flags page in Deutsch');
    const frame = page.frameLocator('iframe[title="Preview of the Red flags page in Deutsch"]');
    await expect
      .poll(() => frame.locator('h1').innerText())
      .toBe('Diese Warnsignale hätten Sie erkennen können');
    await expect.poll(() => frame.locator('.sei-item__title').allInnerTexts()).toEqual([DE.flagTitle]);
    // The flag marks the line it was placed on: the German subject.
    expect(await frame.locator('.mock-email__flagged').allInnerTexts()).toEqual([
      expect.stringContaining(`Betreff ${DE.subject}`),
    ]);
    expect(await frame.locator('html').getAttribute('lang')).toBe('de');
    expect(await frame.locator('body').evaluate(() => window.innerWidth)).toBe(360);
    expect(await iframe.evaluate((el) => (el as HTMLIFrameElement).offsetWidth)).toBe(360);
    // Drawn at its real size: the panel has room for a phone without scaling it down.
    expect(await iframe.evaluate((el) => el.getBoundingClientRect().width)).toBe(360);
  });

  it('is usable at 1024 px: the editor and the campaigns list do not scroll sideways', async () => {
    await page.setViewportSize({ width: 1024, height: 900 });
    expect(await sidewaysOverflow(page), 'editor at 1024 px').toBe(0);
    const save = await page.getByRole('button', { name: 'Save changes' }).boundingBox();
    expect(save && save.x + save.width).toBeLessThanOrEqual(1024);
    // The section's form keeps a working width beside the navigation; the preview moves under it.
    const form = await page.getByRole('group', { name: 'Languages' }).boundingBox();
    const nav = await page.getByRole('navigation', { name: 'Campaign sections' }).boundingBox();
    const preview = await page.getByRole('complementary', { name: 'Preview' }).boundingBox();
    if (!form || !nav || !preview) throw new Error('editor layout not drawn');
    expect(form.x).toBeGreaterThanOrEqual(nav.x + nav.width);
    expect(form.x + form.width).toBeLessThanOrEqual(1024);
    expect(form.width).toBeGreaterThan(600);
    expect(preview.y).toBeGreaterThanOrEqual(form.y + form.height);
    await page.getByRole('link', { name: 'Campaigns' }).click();
    await expect.poll(() => heading(page)).toBe('Campaigns');
    await expect.poll(() => page.getByRole('table').innerText()).toContain(CAMPAIGN);
    expect(await sidewaysOverflow(page), 'campaigns at 1024 px').toBe(0);
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  it('launches the campaign, uploads two recipients and exports their links', async () => {
    await page.getByRole('link', { name: `Open ${CAMPAIGN}` }).click();
    await expect.poll(() => heading(page)).toBe(CAMPAIGN);
    await expectAxeClean(page, 'overview');
    await page.getByRole('button', { name: 'Launch…' }).click();
    const dialog = page.getByRole('dialog', { name: `Launch “${CAMPAIGN}”` });
    await dialog.getByRole('button', { name: 'Launch the campaign' }).click();
    await expect.poll(() => page.getByText('The campaign is launched.').count()).toBe(1);
    expect(await page.getByRole('dialog').count()).toBe(0);
    await expect.poll(() => page.locator('.status-badge').innerText()).toContain('Running');

    await page.getByRole('link', { name: 'Recipients and links' }).click();
    await expect.poll(() => heading(page)).toBe('Recipients');
    await page.getByLabel('Or paste the CSV here').fill(CSV);
    await page.getByRole('button', { name: 'Upload' }).click();
    await expect
      .poll(() => page.getByText(/^Rows read:/).innerText())
      .toBe('Rows read: 2. Added: 2. Rejected: 0.');
    const list = page.getByRole('table').filter({ hasText: 'anna@example.com' });
    await expect.poll(() => list.locator('tbody tr').count()).toBe(2);
    expect(await list.getByRole('row', { name: /anna@example\.com/ }).innerText()).toMatch(
      /anna@example\.com\s+Anna\s+Deutsch\s+Finance/,
    );
    expect(await page.getByRole('button', { name: 'Remove anna@example.com' }).count()).toBe(1);
    await expectAxeClean(page, 'recipients');

    const { name, text } = await downloadedText(page, () =>
      page.getByRole('button', { name: 'Download links (CSV)' }).click(),
    );
    expect(name).toBe('q4-invoice-phishing-links.csv');
    const rows = parse<Record<string, string>>(text, { columns: true });
    expect(rows.map((r) => [r.email, r.language_code])).toEqual([
      ['anna@example.com', 'de'],
      ['bob@example.com', 'en'],
    ]);
    germanLink = rows[0]?.link ?? '';
    expect(germanLink).toMatch(new RegExp(`^${server.url}/phish\\?rid=[\\w-]+$`));
  });

  it('shows the German recipient the German content on the public listener', async () => {
    const context = await newContext(browser, { locale: 'de-DE', width: 360 });
    const recipient = await context.newPage();
    await recipient.goto(germanLink);
    await expect.poll(() => heading(recipient)).toBe('Anmelden');
    await recipient.getByLabel('E-Mail-Adresse oder Benutzername').fill('anna');
    await recipient.getByLabel('Passwort').fill('not-a-real-password');
    await recipient.getByRole('button', { name: 'Anmelden' }).click();

    await expect.poll(() => pathOf(recipient)).toBe('/phish/awareness');
    await expect.poll(() => recipient.locator('.journey-prose').innerText()).toContain(DE.awareness);
    // A new campaign starts with the steps it has content for: awareness and red flags.
    expect(await recipient.locator('.journey-progress__count').innerText()).toBe('Schritt 1 von 3');
    await recipient.getByRole('button', { name: 'Weiter' }).click();
    await expect.poll(() => pathOf(recipient)).toBe('/phish/sei');
    await expect.poll(() => recipient.locator('.sei-item__title').allInnerTexts()).toEqual([DE.flagTitle]);
    expect(await recipient.locator('.mock-email__flagged').allInnerTexts()).toEqual([
      expect.stringContaining(`Betreff ${DE.subject}`),
    ]);
    await context.close();

    // The operator sees how far she got.
    await page.reload();
    await expect
      .poll(() => page.getByRole('row', { name: /anna@example\.com/ }).innerText())
      .toContain('Reviewed the red flags');
  });

  it('passes axe on the users and audit pages', async () => {
    await page.getByRole('link', { name: 'Users' }).click();
    await expect.poll(() => heading(page)).toBe('Users');
    await expect.poll(() => page.getByRole('table').innerText()).toContain(VIEWER.email);
    await expectAxeClean(page, 'users');
    await page.getByRole('link', { name: 'Audit log' }).click();
    await expect.poll(() => heading(page)).toBe('Audit log');
    // Names, not addresses or ids: "Olivia Owner signed in".
    await expect.poll(() => page.getByRole('table').innerText()).toContain(`${OWNER.name} signed in`);
    await expectAxeClean(page, 'audit');
  });

  it('makes an API key shown once that works at once, and revokes it', async () => {
    await page.getByRole('link', { name: 'API keys' }).click();
    await expect.poll(() => heading(page)).toBe('API keys');
    await page.getByRole('button', { name: 'Create an API key' }).click();
    const key = await page.getByLabel('The new API key').inputValue();
    expect(key).toMatch(/^hw_/);
    const campaigns = (apiKey: string) =>
      fetch(`${server.adminUrl}/api/admin/campaigns`, { headers: { authorization: `Bearer ${apiKey}` } });
    expect((await campaigns(key)).status).toBe(200);
    // hw_<8-character prefix>_<secret>: the prefix may itself hold an underscore.
    const prefix = key.slice(3, 11);
    await expectAxeClean(page, 'api keys');
    await page.getByRole('button', { name: `Revoke key ${prefix}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Revoke' }).click();
    await expect.poll(() => page.locator(`[data-key="${prefix}"]`).innerText()).toContain('Revoked');
    expect((await campaigns(key)).status).toBe(401);
  });

  it('keeps a viewer read-only, and refuses a change without the CSRF token', async () => {
    const context = await newContext(browser);
    const viewer = await context.newPage();
    viewer.setDefaultTimeout(10_000);
    await signIn(viewer, server.adminUrl, VIEWER.email, VIEWER.password);
    expect(await viewer.locator('.layout__user').innerText()).toBe('Victor Viewer (viewer)');
    await expect.poll(() => viewer.getByRole('table').innerText()).toContain(CAMPAIGN);
    expect(await viewer.getByRole('heading', { name: 'New campaign' }).count()).toBe(0);
    expect(await viewer.getByRole('button', { name: 'Create and edit' }).count()).toBe(0);
    expect(await viewer.getByRole('button', { name: 'Import' }).count()).toBe(0);

    await viewer.goto(`${server.adminUrl}/campaigns/${campaignId}/edit`);
    await expect.poll(() => heading(viewer)).toBe(`Edit campaign: ${CAMPAIGN}`);
    expect(await viewer.getByText('You can view this campaign but not change it').count()).toBe(1);
    expect(await viewer.getByRole('button', { name: 'Save changes' }).count()).toBe(0);
    expect(await viewer.getByLabel('Campaign name').isDisabled()).toBe(true);
    // Reading includes the preview.
    const preview = viewer.frameLocator('iframe[title="Preview of the Phishing page in English"]');
    await expect.poll(() => preview.locator('h1').innerText()).toBe('Sign in');

    await viewer.goto(`${server.adminUrl}/campaigns/${campaignId}/recipients`);
    await expect.poll(() => viewer.getByRole('table').innerText()).toContain('anna@example.com');
    expect(await viewer.getByRole('heading', { name: 'Add recipients from a CSV file' }).count()).toBe(0);
    expect(await viewer.getByRole('button', { name: 'Upload' }).count()).toBe(0);
    expect(await viewer.getByRole('button', { name: 'Remove anna@example.com' }).count()).toBe(0);

    // The page's own fetch, so the session cookie goes along: the campaign's file with a new
    // name, once without the CSRF header, once with it (then the role is what refuses it).
    const put = (csrf: boolean) =>
      viewer.evaluate(
        async ({ id, csrf }) => {
          const session = (await (await fetch('/api/admin/session')).json()) as { csrf_token: string };
          const { file } = (await (await fetch(`/api/admin/campaigns/${id}`)).json()) as {
            file: Record<string, unknown>;
          };
          const response = await fetch(`/api/admin/campaigns/${id}/content`, {
            method: 'PUT',
            headers: {
              'content-type': 'application/json',
              ...(csrf ? { 'x-csrf-token': session.csrf_token } : {}),
            },
            body: JSON.stringify({ ...file, name: 'Changed by a viewer' }),
          });
          const body = (await response.json()) as { error: { code: string } };
          return [response.status, body.error.code];
        },
        { id: campaignId, csrf },
      );
    expect(await put(false)).toEqual([403, 'csrf_failed']);
    expect(await put(true)).toEqual([403, 'forbidden']);
    await viewer.reload();
    // Still the same name.
    await expect.poll(() => viewer.getByRole('link', { name: `Back to ${CAMPAIGN}` }).count()).toBe(1);
    await context.close();
  });

  it('keeps the console and its API off the public listener', async () => {
    for (const path of ['/api/admin/campaigns', '/api/admin/session', '/api/openapi.json']) {
      const response = await fetch(`${server.url}${path}`);
      expect(response.status, path).toBe(404);
      expect(response.headers.get('content-type'), path).toMatch(/^application\/json/);
      expect(((await response.json()) as { error: { code: string } }).error.code, path).toBe('not_found');
    }
    // The admin listener does serve them.
    expect((await fetch(`${server.adminUrl}/api/openapi.json`)).status).toBe(200);
    const consoleHtml = await (await fetch(`${server.adminUrl}/sign-in`)).text();
    const consoleScript = /<script[^>]+src="([^"]+)"/.exec(consoleHtml)?.[1] ?? '';
    expect(consoleScript).toMatch(/^\/.+\.js$/);

    const context = await newContext(browser);
    const visitor = await context.newPage();
    const pages = { '/': 'Welcome', '/sign-in': 'Page not found', '/campaigns': 'Page not found' };
    for (const [path, title] of Object.entries(pages)) {
      const response = await visitor.goto(`${server.url}${path}`);
      await expect.poll(() => heading(visitor), { message: path }).toBe(title);
      expect(await response?.text(), path).not.toContain(consoleScript);
      expect(await visitor.getByLabel('Email address', { exact: true }).count(), path).toBe(0);
    }
    await context.close();
  });
});
