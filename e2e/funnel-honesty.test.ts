/**
 * A funnel that adds up, read in Chromium (issue 26): a campaign where a sandbox (webdriver) walks
 * the whole journey and one person does too. The dashboard's funnel is monotonic, labelled for what
 * it counts (people; the link opened at all, scanners included, apart), shows only the campaign's
 * stages, and puts the sandbox's steps apart; a campaign never sent says so and has no time to
 * click; the recipient's activity does not call the sandbox's click a person's; in Arabic no count
 * is drawn over a stage's name. Axe-clean.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Dashboard } from '@shared/dashboard';
import { createUser } from '@server/modules/accounts/accounts.service';
import { recordEvent } from '@server/test/admin-fixtures';
import { browserAvailable, launchBrowser, newContext } from './support/browser';
import { expectAxeClean } from './support/console';
import { startTestServer, type TestServer } from './support/server';

const OPERATOR = {
  email: 'fiona.funnel@example.com',
  name: 'Fiona Funnel',
  password: 'funnel-passphrase-4-tests',
};
const PERSON = {
  webdriver: false,
  visible_ms: 900,
  focused: true,
  trusted_gesture: true,
  pointer_moved: true,
};
const QUESTIONNAIRE = {
  questions: [
    {
      id: 'q1',
      type: 'single',
      text: 'What should you do?',
      options: [
        { id: 'a', text: 'Report it' },
        { id: 'b', text: 'Reply' },
      ],
      correct: ['a'],
    },
  ],
};

describe.runIf(browserAvailable)('a funnel that adds up, in Chromium', () => {
  let server: TestServer;
  let browser: Browser;
  let page: Page;
  let walked = '';
  let neverSent = '';
  const api = async <T>(method: 'GET' | 'POST', url: string, payload?: unknown, csv = false) => {
    const res = await server.admin.inject({
      method,
      url,
      headers: {
        authorization: `Bearer ${server.demo.apiKey}`,
        ...(csv ? { 'content-type': 'text/csv' } : {}),
      },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
    if (res.statusCode >= 300) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
    return res.json<T>();
  };
  const campaign = async (name: string, csv: string) => {
    const { id } = await api<{ id: string }>('POST', '/api/admin/campaigns', {
      name,
      language_code: 'en',
      phishing: { brand: 'Northwind' },
      awareness: { content: 'This was an exercise.' },
      questionnaire: QUESTIONNAIRE,
    });
    await api('POST', `/api/admin/campaigns/${id}/recipients`, csv, true);
    const { links } = await api<{ links: { email: string; rid: string }[] }>(
      'GET',
      `/api/admin/campaigns/${id}/links`,
    );
    return { id, rid: (email: string) => links.find((l) => l.email === email)!.rid };
  };
  const click = async (rid: string, ip: string, evidence = PERSON) => {
    // The link opened (a plain GET), then the page reports its click.
    await server.app.inject({ method: 'GET', url: `/phish?rid=${rid}`, remoteAddress: ip });
    await server.app.inject({
      method: 'POST',
      url: '/api/events',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({
        rid,
        type: 'clicked',
        details: { reason: 'user_gesture', gesture: 'pointer', elapsed_ms: 10, evidence },
      }),
      remoteAddress: ip,
    });
  };
  const journey = async (rid: string, answer: string, score: number) => {
    const h = { database: server.database };
    await recordEvent(h, rid, 'submitted', { details: { fields: ['username', 'password'] } });
    await recordEvent(h, rid, 'awareness_viewed');
    await recordEvent(h, rid, 'questionnaire_completed', { details: { answers: { q1: [answer] }, score } });
    await recordEvent(h, rid, 'completed');
  };

  /** Through the sign-in page (as support/console.ts, without expect.poll: it runs in beforeAll too). */
  async function signIn(p: Page) {
    await p.goto(`${server.adminUrl}/campaigns`);
    await p.waitForURL(/\/sign-in$/);
    await p.getByLabel('Email address', { exact: true }).fill(OPERATOR.email);
    await p.getByLabel('Password', { exact: true }).fill(OPERATOR.password);
    await p.getByRole('button', { name: 'Sign in', exact: true }).click();
    await p.waitForURL(/\/campaigns$/);
  }

  beforeAll(async () => {
    server = await startTestServer();
    await createUser(server.database.db, server.demo.tenantId, { ...OPERATOR, role: 'operator' });
    const sent = new Date(Date.now() - 3600_000).toISOString();
    const a = await campaign(
      'Sandbox walks the journey',
      ['email,sent_at', ...['ann', 'bot', 'eve'].map((n) => `${n}@example.com,${sent}`)].join('\n'),
    );
    walked = a.id;
    await click(a.rid('ann@example.com'), '198.51.100.10');
    await click(a.rid('bot@example.com'), '203.0.113.10', { ...PERSON, webdriver: true });
    await journey(a.rid('ann@example.com'), 'a', 100);
    await journey(a.rid('bot@example.com'), 'b', 0);
    const b = await campaign('Launched, never sent', 'email\nann@example.com\nbob@example.com\n');
    neverSent = b.id;
    await click(b.rid('ann@example.com'), '198.51.101.10');

    browser = await launchBrowser();
    const context = await newContext(browser, { width: 1280 });
    page = await context.newPage();
    page.setDefaultTimeout(10_000);
    await signIn(page);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  const funnelRows = (p: Page) =>
    p.locator('[data-table="funnel"] tbody tr:not(.results-subrow)').evaluateAll((rows) =>
      rows.map((r) => ({
        stage: r.getAttribute('data-stage'),
        label: r.querySelector('th')?.textContent ?? '',
        count: Number(r.querySelector('td')?.getAttribute('data-value')),
      })),
    );

  it('reads a monotonic, labelled funnel with the sandbox’s steps apart', async () => {
    await page.goto(`${server.adminUrl}/campaigns/${walked}/results`);
    await page.locator('[data-table="funnel"]').waitFor();
    const rows = await funnelRows(page);
    expect(rows.map((r) => [r.label, r.count])).toEqual([
      ['Recipients', 3],
      ['Sent (recorded)', 3],
      ['Clicked (people)', 1],
      ['Read the lesson', 1],
      ['Answered the questions', 1],
      ['Completed', 1],
    ]);
    expect(rows.every((r, i) => i === 0 || r.count <= rows[i - 1]!.count)).toBe(true);
    // The API says the same.
    const d = await api<Dashboard>('GET', `/api/admin/campaigns/${walked}/dashboard`);
    expect(rows.map((r) => r.count)).toEqual(d.funnel.map((s) => s.count));
    // No PDF in this campaign: no stage for it anywhere on the page.
    expect(await page.getByText('Opened the training PDF').count()).toBe(0);
    const opened = page.locator('[data-table="funnel-apart"] [data-stage="link_opened"]');
    expect(await opened.locator('th').innerText()).toBe('Link opened (any visit, scanners included)');
    expect(await opened.locator('td').first().getAttribute('data-value')).toBe('2');
    await expect
      .poll(() => page.getByRole('heading', { name: 'Activity after visits not counted as clicks' }).count())
      .toBe(1);
    const apart = await page
      .locator('[data-table="outside"] tbody tr')
      .evaluateAll((trs) =>
        trs.map((tr) => [
          tr.getAttribute('data-outside'),
          tr.querySelector('td')?.getAttribute('data-value'),
        ]),
      );
    expect(apart).toEqual([
      ['submitted', '1'],
      ['awareness_viewed', '1'],
      ['questionnaire_completed', '1'],
      ['completed', '1'],
    ]);
    await expectAxeClean(page, 'dashboard with a sandbox’s steps apart');
  });

  it('does not list a click of people in the sandbox’s activity', async () => {
    await page.goto(`${server.adminUrl}/campaigns/${walked}/results`);
    await page.getByRole('button', { name: 'Details of bot@example.com' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.locator('[data-event="clicked"]').waitFor();
    expect(await dialog.locator('[data-event="clicked"]').innerText()).toContain('not counted');
    expect(await dialog.getByText('Clicked (people)').count()).toBe(0);
    await expectAxeClean(page, 'activity of a sandbox');
  });

  it('shows no send and no time to click for a campaign never sent', async () => {
    await page.goto(`${server.adminUrl}/campaigns/${neverSent}/results`);
    await page.locator('[data-table="funnel"]').waitFor();
    expect(await page.locator('[data-fact="sent"]').innerText()).toBe('No message sent');
    expect(await page.locator('[data-fact="median-click"]').innerText()).toBe('—');
    expect((await funnelRows(page)).map((r) => r.stage)).not.toContain('sent');
    await page.goto(`${server.adminUrl}/trends`);
    const row = page.locator('[data-table="trends"] tr', { hasText: 'Launched, never sent' });
    await row.waitFor();
    expect(await row.innerText()).toContain('Not sent');
    expect(await row.innerText()).not.toMatch(/\d%/);
    await expectAxeClean(page, 'trends with a campaign never sent');
  });

  it('in Arabic, draws no count over a stage’s name', async () => {
    const context = await newContext(browser, { width: 1280 });
    const arabic = await context.newPage();
    arabic.setDefaultTimeout(10_000);
    await signIn(arabic);
    await arabic.evaluate(() => localStorage.setItem('hookwise.console.language', 'ar'));
    for (const width of [1280, 390]) {
      await arabic.setViewportSize({ width, height: 900 });
      await arabic.goto(`${server.adminUrl}/campaigns/${walked}/results`);
      await arabic.locator('[data-table="funnel"]').waitFor();
      expect(await arabic.locator('html').getAttribute('dir')).toBe('rtl');
      const boxes = async (selector: string) =>
        arabic.locator(selector).evaluateAll((els) =>
          els.map((e) => {
            const r = e.getBoundingClientRect();
            return { left: r.left, right: r.right, top: r.top, bottom: r.bottom };
          }),
        );
      const labels = await boxes('[data-chart="funnel"] svg .recharts-yAxis-tick-labels text');
      const counts = await boxes('[data-chart="funnel"] svg .chart__value');
      expect(labels.length).toBeGreaterThan(0);
      expect(counts.length).toBe(labels.length);
      const overlaps = (a: (typeof labels)[number], b: (typeof labels)[number]) =>
        a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5;
      const over = counts.flatMap((c, i) => labels.filter((l) => overlaps(c, l)).map(() => i));
      expect(over, `counts over names at ${width} px: ${JSON.stringify({ labels, counts })}`).toEqual([]);
      // In the table, each count stands in its own cell, apart from the stage's name.
      const cells = await arabic.locator('[data-table="funnel"] tbody tr').evaluateAll((rows) =>
        rows.map((r) => {
          const name = r.querySelector('th')!.getBoundingClientRect();
          const count = r.querySelector('td')!.getBoundingClientRect();
          return count.right <= name.left + 0.5 || count.left >= name.right - 0.5;
        }),
      );
      expect(cells.every(Boolean)).toBe(true);
    }
    await expectAxeClean(arabic, 'Arabic dashboard');
    await context.close();
  });
});
