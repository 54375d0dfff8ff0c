/**
 * A new operator's walk through every page of the console, in Chromium, in Japanese and Arabic
 * at 1280 and 390 px: home, campaigns, a campaign and its launch dialog, the editor, recipients,
 * results with one recipient's timeline, trends, a campaign whose sending failed, sending
 * profiles and the allow-listing assistant, reviewers, malicious URLs, reported mail, users,
 * API keys, the audit log, settings and the GoPhish import. On each: no raw code, id, JSON or placeholder
 * where a person reads, no sideways scrolling, axe-clean (at 1280 px; the layout at 390 px is
 * checked for overflow). Screenshots of every page are saved under test-results/console-walk.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaignFileSchema } from '@shared/campaign';
import { createUser } from '@server/modules/accounts/accounts.service';
import { importCampaign, requireCampaign } from '@server/modules/campaigns/campaigns.service';
import { addRecipients } from '@server/modules/recipients/recipients.service';
import { outboxWorker, type OutboxWorker } from '@server/modules/sending/outbox-worker';
import { createProfile } from '@server/modules/sending/sending-profiles.service';
import { browserAvailable, launchBrowser, newContext } from './support/browser';
import {
  expectAxeClean,
  expectReadable,
  networkQuiet,
  sidewaysOverflow,
  signInIn,
  trackRequests,
} from './support/console';
import { recipientByRid } from './support/journey';
import { startTestServer, type TestServer } from './support/server';

const SHOTS = 'test-results/console-walk';
const OWNER = { email: 'wanda.walk@example.com', name: 'Wanda Walk', password: 'walk-passphrase-4-tests' };

/** The console's own words, to find a button the way a reader of that language would. */
function words(language: string, namespace: string): Record<string, string> {
  const file = `public/assets/i18n/${language}.${namespace}.json`;
  return JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
}

const file = (name: string) =>
  campaignFileSchema.parse({
    name,
    language_code: 'en',
    phishing: { brand: 'Contoso' },
    awareness: { content: 'This was a test.' },
    email: {
      from: 'Payroll <payroll@contoso-hr.example>',
      subject: 'Your payslip, {{first_name}}',
      body: 'Dear {{first_name}},\n\nRead it here: {{link}}',
    },
    translations: { ja: { email: { subject: '給与明細、{{first_name}}' } } },
  });

const person = (name: string, language: 'ar' | 'ja' | 'en') => ({
  email: `${name}@example.com`,
  person_id: null,
  first_name: name,
  language_code: language,
  department: 'Finance',
});

describe.runIf(browserAvailable)('a new operator walks the whole console', () => {
  let server: TestServer;
  let browser: Browser;
  let worker: OutboxWorker;
  /** The demo recipient whose link a scanner fetched: their timeline has a visit. */
  let scanned = '';
  const ids: Record<'draft' | 'failing' | 'demo' | 'profile', string> = {
    draft: '',
    failing: '',
    demo: '',
    profile: '',
  };

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    console.log(`screenshots: ${SHOTS}`);
    server = await startTestServer({ SENDING_POLL_MS: '100', SENDING_PAUSE_AFTER_FAILURES: '1' });
    const { db } = server.database;
    const tenantId = server.demo.tenantId;
    ids.demo = server.demo.campaignId;
    await createUser(db, tenantId, { ...OWNER, role: 'owner' });
    const base = { port: 25, tls: 'none' as const, envelope_from: 'bounces@contoso-hr.example', headers: {} };
    const profile = await createProfile(db, server.config, tenantId, {
      ...base,
      name: 'Nowhere',
      host: 'relay.invalid',
    });
    ids.profile = profile.id;

    // A draft with recipients in a language it has no text for: the launch dialog warns.
    ids.draft = (await importCampaign(db, tenantId, file('Payroll notice'), { draft: true })).id;
    await addRecipients(db, await requireCampaign(db, tenantId, ids.draft), [
      person('ana', 'ar'),
      person('ben', 'ja'),
      person('cem', 'en'),
    ]);

    // A campaign launched through a relay whose name does not resolve: its sending pauses.
    ids.failing = (await importCampaign(db, tenantId, file('Benefits update'), { draft: true })).id;
    await addRecipients(db, await requireCampaign(db, tenantId, ids.failing), [person('dan', 'en')]);
    const signed = await server.admin.inject({
      method: 'POST',
      url: '/api/admin/session',
      payload: { email: OWNER.email, password: OWNER.password },
    });
    const headers = {
      cookie: `hw_session=${signed.cookies.find((c) => c.name === 'hw_session')?.value ?? ''}`,
      'x-csrf-token': signed.json<{ csrf_token: string }>().csrf_token,
    };
    const launched = await server.admin.inject({
      method: 'POST',
      url: `/api/admin/campaigns/${ids.failing}/launch`,
      headers,
      payload: { sending: { profile_id: ids.profile, rate_per_minute: 600 } },
    });
    expect(launched.statusCode).toBe(200);
    worker = outboxWorker({ config: server.config, database: server.database }, server.app.log);

    // The demo's recipients: one link fetched by a scanner (HEAD), one opened as a plain GET.
    const [first, second] = server.demo.recipients;
    await fetch(first!.url, { method: 'HEAD' });
    await fetch(second!.url);
    scanned = (await recipientByRid(server.database, first!.rid)).email ?? '';
    browser = await launchBrowser();
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await worker?.stop();
    await server?.close();
  });

  /** Opens a page and waits until it has loaded what it shows. */
  async function visit(page: Page, path: string) {
    await page.goto(`${server.adminUrl}${path}`);
    await page.locator('h1').first().waitFor();
    await expect.poll(() => page.locator('[aria-busy="true"]').count()).toBe(0);
    await networkQuiet(page);
  }

  async function check(page: Page, label: string, width: number) {
    await page.screenshot({ path: `${SHOTS}/${label}-${width}.png`, fullPage: true });
    await expectReadable(page, `${label} ${width}`);
    expect(await sidewaysOverflow(page), `${label} ${width}: sideways scroll`).toBe(0);
    if (width === 1280) await expectAxeClean(page, `${label} ${width}`);
  }

  for (const language of ['ja', 'ar'] as const) {
    for (const width of [1280, 390]) {
      it(`walks every page in ${language} at ${width} px`, async () => {
        const context = await newContext(browser, { width });
        const page = await context.newPage();
        page.setDefaultTimeout(10_000);
        trackRequests(page);
        const console_ = words(language, 'console');

        await signInIn(page, server.adminUrl, language, OWNER);

        const pages: [string, string][] = [
          ['home', '/'],
          ['campaigns', '/campaigns'],
          ['scenarios', '/scenarios'],
          ['campaign-failing', `/campaigns/${ids.failing}`],
          ['editor', `/campaigns/${ids.draft}/edit`],
          ['recipients', `/campaigns/${ids.draft}/recipients`],
          ['trends', '/trends'],
          ['sending-profiles', '/sending-profiles'],
          ['allowlist', `/sending-profiles/${ids.profile}/allowlist`],
          ['reviewers', '/reviewers'],
          ['malicious-urls', '/malicious-urls'],
          ['reported-mail', '/reported-mail'],
          ['users', '/users'],
          ['api-keys', '/api-keys'],
          ['audit', '/audit'],
          ['settings', '/settings'],
          ['account', '/account'],
          ['gophish-import', '/import/gophish'],
        ];
        for (const [label, path] of pages) {
          await visit(page, path);
          if (label === 'campaign-failing') {
            // The failure and its cause, in the reader's language, once the relay was tried.
            await page.locator('[role="alert"]').first().waitFor({ timeout: 30_000 });
          }
          await check(page, `${label}-${language}`, width);
        }

        // The launch dialog of a draft whose recipients include a language it has no text for.
        await visit(page, `/campaigns/${ids.draft}`);
        await page.getByRole('button', { name: console_['overview.launch'] }).click();
        const dialog = page.getByRole('dialog');
        await dialog.locator('select').first().waitFor();
        await networkQuiet(page);
        await check(page, `launch-dialog-${language}`, width);
        await page.keyboard.press('Escape');

        // Results, and one recipient's timeline: a scanner's HEAD and a plain fetch, in words.
        await visit(page, `/campaigns/${ids.demo}/results`);
        await check(page, `results-${language}`, width);
        await page.locator('.results-recipients tbody tr', { hasText: scanned }).locator('button').click();
        await page.getByRole('dialog').locator('li').first().waitFor();
        await check(page, `timeline-${language}`, width);
        await context.close();
      }, 180_000);
    }
  }
});
