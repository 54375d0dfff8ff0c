import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Dashboard, RecipientActivity, RecipientRow } from '@shared/dashboard';
import en from '@locales/en.console.json';
import enResults from '@locales/en.console-results.json';
import type { ResultsT } from '@console/hooks/use-results-t';
import type { ConsoleT } from '@console/hooks/use-t';
import { initI18n } from '@console/lib/i18n';
import { mockFetch, renderPage } from '@console/test/render';
import { DashboardPage } from './dashboard-page';
import { dashboardRows, recipientRows } from './export-buttons';

beforeAll(() =>
  initI18n({ language: 'en', resources: { en: { console: en, 'console-results': enResults } } }),
);
afterEach(() => vi.unstubAllGlobals());

const dashboard: Dashboard = {
  campaign: { id: 'c1', name: 'Parcel notice', language_code: 'en', launched_at: null, starts_at: null },
  generated_at: '2026-12-01T10:00:00.000Z',
  funnel: [
    { stage: 'recipients', count: 10, rate: 1 },
    { stage: 'sent', count: 10, rate: 1 },
    { stage: 'clicked', count: 4, rate: 0.4 },
    { stage: 'awareness_viewed', count: 2, rate: 0.2 },
    { stage: 'sei_viewed', count: 1, rate: 0.1 },
    { stage: 'questionnaire_completed', count: 1, rate: 0.1 },
    { stage: 'completed', count: 1, rate: 0.1 },
  ],
  entered_data: 2,
  link_opened: 6,
  outside: [
    { step: 'submitted', not_counted: 1, skipped_earlier: 0 },
    { step: 'awareness_viewed', not_counted: 1, skipped_earlier: 0 },
    { step: 'sei_viewed', not_counted: 0, skipped_earlier: 0 },
    { step: 'questionnaire_completed', not_counted: 1, skipped_earlier: 0 },
    { step: 'completed', not_counted: 1, skipped_earlier: 0 },
  ],
  submit_attempted: 3,
  clicked_via: { link: 3, qr: 1 },
  verdicts: {
    counts: { human: 3, likely_human: 1, automated: 2, unverified: 0, not_visited: 4 },
    filtered_visits: 5,
    reasons: [{ verdict: 'automated', reason: 'webdriver', count: 2 }],
  },
  timeline: {
    start: '2026-12-01T09:00:00.000Z',
    first_sent_at: '2026-12-01T09:00:00.000Z',
    bucket_seconds: 60,
    buckets: [
      { at: '2026-12-01T09:00:00.000Z', clicks: 1, reports: 0 },
      { at: '2026-12-01T09:01:00.000Z', clicks: 0, reports: 2 },
      { at: '2026-12-01T09:02:00.000Z', clicks: 3, reports: 0 },
    ],
    clicks: 4,
    first_click_at: '2026-12-01T09:00:10.000Z',
    median_seconds_to_click: 95,
    reports: 2,
    first_report_at: '2026-12-01T09:01:20.000Z',
    median_seconds_to_report: 7200,
  },
  questions: [
    {
      id: 'q1',
      text: 'What should you do?',
      answered: 1,
      correct: 0,
      share_correct: 0,
      top_wrong: { option_id: 'b', text: 'Reply', count: 1 },
    },
  ],
  breakdowns: {
    language: [
      { key: 'en', recipients: 10, visited: 6, clicked: 4, submitted: 2, completed: 1, average_score: 40 },
    ],
    department: [
      { key: null, recipients: 10, visited: 6, clicked: 4, submitted: 2, completed: 1, average_score: 40 },
    ],
  },
  score: { average: 40, pass_mark: 70, scored: 1, passed: 0, pass_rate: 0, badges: [] },
};

describe('campaign dashboard', () => {
  it(
    'shows the funnel as a chart with one bar per step and as a table, the verdicts and the timeline',
    { timeout: 15_000 },
    async () => {
      mockFetch(({ url }) => {
        if (url.pathname === '/api/admin/campaigns/c1/dashboard') return { json: dashboard };
        if (url.pathname === '/api/admin/campaigns/c1/results/recipients')
          return { json: { total: 0, offset: 0, limit: 50, items: [] } };
        return undefined;
      });
      const { container } = renderPage(<DashboardPage />, {
        path: '/campaigns/:id/results',
        url: '/campaigns/c1/results',
        role: 'viewer',
      });
      await screen.findByRole('heading', { level: 1, name: 'Results: Parcel notice' });
      // The charts themselves are drawn in Chromium (e2e/dashboard.test.ts): jsdom has no layout.
      const chart = screen.getByRole('figure', { name: 'Funnel chart: recipients at each step' });
      expect(chart.querySelector('svg title')?.textContent).toBe('Funnel chart: recipients at each step');
      expect(container.querySelector('[data-chart="timeline"] svg')).toBeTruthy();
      // Reports on the timeline: their own chart, facts and a column of the table alternative.
      expect(
        screen.getByRole('figure', { name: 'Reports of the message per minute since sending' }),
      ).toBeTruthy();
      expect(container.querySelector('[data-chart="reports"] svg')).toBeTruthy();
      expect(screen.getByText('2.0 h')).toBeTruthy();
      const timeline = screen.getByRole('table', { name: 'Clicks and reports per minute' });
      const second = within(timeline).getAllByRole('row')[2]!;
      expect(
        within(second)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      ).toEqual(['0', '2']);
      const funnel = screen.getByRole('table', { name: /Recipients at each step/ });
      const clicked = within(funnel).getByRole('row', { name: /Clicked \(people\)/ });
      expect(
        within(clicked)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      ).toEqual(['4', '40.0%']);
      const verdicts = screen.getByRole('table', { name: 'Recipients per verdict' });
      expect(within(verdicts).getByRole('row', { name: /Visits filtered out/ }).textContent).toContain('5');
      expect(screen.getByText('Browser driven by automation (webdriver)')).toBeTruthy();
      expect(screen.getByText('1.6 min')).toBeTruthy();
      expect(screen.getByText('Reply (1)')).toBeTruthy();
      await waitFor(() => expect(screen.getByText('0 recipients match')).toBeTruthy());
    },
  );

  it('splits clicked by source: the funnel, the figures CSV and each recipient’s row', async () => {
    const row = {
      id: 'r1',
      email: 'ana@example.com',
      first_name: 'Ana',
      department: null,
      language_code: 'en',
      status: 'clicked',
      verdict: 'human',
      verdict_reasons: ['trusted touch gesture'],
      click_via: 'qr',
      score: null,
      sent_at: null,
      created_at: '2026-12-01T09:00:00.000Z',
    };
    mockFetch(({ url }) => {
      if (url.pathname === '/api/admin/campaigns/c1/dashboard') return { json: dashboard };
      if (url.pathname === '/api/admin/campaigns/c1/results/recipients')
        return { json: { total: 1, offset: 0, limit: 50, items: [row] } };
      return undefined;
    });
    renderPage(<DashboardPage />, {
      path: '/campaigns/:id/results',
      url: '/campaigns/c1/results',
      role: 'viewer',
    });
    const funnel = await screen.findByRole('table', { name: /Recipients at each step/ });
    const cells = (name: string) =>
      within(within(funnel).getByRole('row', { name: new RegExp(`^${name} `) }))
        .getAllByRole('cell')
        .map((c) => c.textContent);
    expect(cells('Clicked through the link')).toEqual(['3', '30.0%']);
    expect(cells('Clicked through the QR code')).toEqual(['1', '10.0%']);
    const recipients = await screen.findByRole('table', { name: /Recipients matching the filters/ });
    const person = within(recipients).getByRole('row', { name: /ana@example.com/ });
    expect(within(person).getByRole('cell', { name: 'QR code' })).toBeTruthy();
    const t: ResultsT = (key, options) => i18next.t(key, { ns: 'console-results', ...options });
    const csv = dashboardRows(dashboard, t);
    expect(csv).toContainEqual(['Funnel', 'Clicked through the QR code', 1, '10.0%']);
  });

  it('shows a funnel that adds up: only the campaign’s stages, link opened and a sandbox’s activity apart', async () => {
    mockFetch(({ url }) => {
      if (url.pathname === '/api/admin/campaigns/c1/dashboard') return { json: dashboard };
      if (url.pathname === '/api/admin/campaigns/c1/results/recipients')
        return { json: { total: 0, offset: 0, limit: 50, items: [] } };
      return undefined;
    });
    renderPage(<DashboardPage />, {
      path: '/campaigns/:id/results',
      url: '/campaigns/c1/results',
      role: 'viewer',
    });
    const funnel = await screen.findByRole('table', { name: /Recipients at each step/ });
    const stages = within(funnel)
      .getAllByRole('row')
      .slice(1)
      .filter((r) => !r.classList.contains('results-subrow'));
    const counts = stages.map((r) => Number(r.querySelector('td')?.getAttribute('data-value')));
    expect(counts).toEqual([10, 10, 4, 2, 1, 1, 1]);
    expect(counts.every((c, i) => i === 0 || c <= counts[i - 1]!)).toBe(true);
    // No PDF in this campaign: no such row; scanners' visits are labelled as what they are.
    expect(within(funnel).queryByText('Opened the training PDF')).toBeNull();
    expect(within(funnel).getByRole('row', { name: /^Sent \(recorded\) 10/ })).toBeTruthy();
    // Entering data is a part of clicked, beside it (the journey goes on without it).
    const entered = within(funnel).getByRole('row', { name: /^Entered data/ });
    expect(entered.classList.contains('results-subrow')).toBe(true);
    expect(
      within(entered)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['2', '20.0%']);
    const apart = screen.getByRole('table', { name: 'Apart from the funnel' });
    expect(
      within(apart).getByRole('row', { name: /Link opened \(any visit, scanners included\) 6 60.0%/ }),
    ).toBeTruthy();
    const outside = screen.getByRole('table', { name: 'Steps reached outside the funnel' });
    expect(screen.getByRole('heading', { name: 'Activity after visits not counted as clicks' })).toBeTruthy();
    const afterSandbox = within(outside).getByRole('row', { name: /^Entered data/ });
    expect(
      within(afterSandbox)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['1', '0']);
    // Steps nobody reached outside the funnel are left out.
    expect(within(outside).queryByRole('row', { name: /Viewed the red flags/ })).toBeNull();
  });

  it('shows no send and no time to click for a campaign whose messages were never sent', async () => {
    const neverSent: Dashboard = {
      ...dashboard,
      funnel: dashboard.funnel.filter((s) => s.stage !== 'sent'),
      timeline: { ...dashboard.timeline, first_sent_at: null, median_seconds_to_click: null },
    };
    mockFetch(({ url }) => {
      if (url.pathname === '/api/admin/campaigns/c1/dashboard') return { json: neverSent };
      if (url.pathname === '/api/admin/campaigns/c1/results/recipients')
        return { json: { total: 0, offset: 0, limit: 50, items: [] } };
      return undefined;
    });
    const { container } = renderPage(<DashboardPage />, {
      path: '/campaigns/:id/results',
      url: '/campaigns/c1/results',
      role: 'viewer',
    });
    await screen.findByRole('table', { name: /Recipients at each step/ });
    expect(container.querySelector('[data-fact="sent"]')?.textContent).toBe('No message sent');
    expect(container.querySelector('[data-fact="median-click"]')?.textContent).toBe('—');
    expect(screen.queryByRole('row', { name: /^Sent \(recorded\)/ })).toBeNull();
  });

  it('shows a recipient’s activity as one timeline in words: no key names, raw values or JSON', async () => {
    const row: RecipientRow = {
      id: 'r1',
      email: 'ana@example.com',
      first_name: 'Ana',
      department: null,
      language_code: 'en',
      status: 'submitted',
      verdict: 'automated',
      verdict_reasons: ['navigator.webdriver'],
      click_via: null,
      score: null,
      sent_at: '2026-12-01T09:00:00.000Z',
      created_at: '2026-12-01T08:00:00.000Z',
    };
    const activity: RecipientActivity = {
      recipient: row,
      events: [
        { type: 'clicked', at: '2026-12-01T09:04:01.000Z', details: { reason: 'beacon' }, counted: false },
        {
          type: 'submitted',
          at: '2026-12-01T09:05:00.000Z',
          details: { fields: ['password'] },
          counted: false,
        },
      ],
      visits: [
        {
          id: 'v1',
          at: '2026-12-01T09:04:00.000Z',
          source: 'page',
          via: 'link',
          verdict: 'automated',
          reasons: ['navigator.webdriver', 'fan-out: 12 recipients from one network in 60 s'],
          catalogue_match: 'agent: HeadlessChrome (certain)',
          fanout: 12,
          facts: {
            source: 'page',
            method: 'GET',
            prefetch: false,
            sec_fetch: 'none/navigate/document/?1',
            accept: 'html',
            since_sent_ms: 240_000,
            evidence: {
              webdriver: true,
              visible_ms: 0,
              focused: false,
              trusted_gesture: false,
              pointer_moved: false,
            },
          },
        },
      ],
      attempts: [{ kind: 'submit', at: '2026-12-01T09:05:00.000Z', details: { fields: ['password'] } }],
    };
    mockFetch(({ url }) => {
      if (url.pathname === '/api/admin/campaigns/c1/dashboard') return { json: dashboard };
      if (url.pathname === '/api/admin/campaigns/c1/results/recipients')
        return { json: { total: 1, offset: 0, limit: 50, items: [row] } };
      if (url.pathname === '/api/admin/campaigns/c1/results/recipients/r1') return { json: activity };
      return undefined;
    });
    renderPage(<DashboardPage />, {
      path: '/campaigns/:id/results',
      url: '/campaigns/c1/results',
      role: 'viewer',
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Details of ana@example.com' }));
    const dialog = await screen.findByRole('dialog', { name: 'Activity of ana@example.com' });
    const timeline = await within(dialog).findByRole('list', { name: 'What happened, oldest first' });
    const entries = [...timeline.children];
    expect(entries.map((e) => e.querySelector('strong')?.textContent)).toEqual([
      'E-mail sent',
      'Link opened',
      "Click reported by the page, not counted (the visit was not judged a person's)",
      'Entered data',
      'Pressed submit',
    ]);
    expect(entries[1]!.getAttribute('data-visit-verdict')).toBe('automated');
    expect(entries[2]!.getAttribute('data-event')).toBe('clicked');
    expect(entries[3]!.getAttribute('data-counted')).toBe('false');
    const words = dialog.textContent ?? '';
    for (const sentence of [
      'Judged: Automated',
      'Why: Browser driven by automation (webdriver), Many recipients from one network',
      'Known scanner: HeadlessChrome',
      'Recipients whose links were opened from the same network: 12',
      'Opened 4 minutes after sending',
      'Driven by automation (webdriver)',
      "Not counted: the visit was not judged a person's",
      'Fields filled in: 1',
    ])
      expect(words).toContain(sentence);
    for (const raw of [
      'sec_fetch',
      'since_sent_ms',
      'navigator.webdriver',
      'fan-out',
      'password',
      'r1',
      '{',
      'null',
    ])
      expect(words).not.toContain(raw);
    // The CSV of these recipients: headers and values in words, only the language as its code.
    const t: ResultsT = (key, options) => i18next.t(key, { ns: 'console-results', ...options });
    const tc: ConsoleT = (key, options) => i18next.t(key, { ns: 'console', ...options });
    expect(recipientRows([{ ...row, click_via: 'qr' }], t, tc)).toEqual([
      [
        'E-mail',
        'First name',
        'Department',
        'Language code',
        'Status',
        'Verdict',
        'Reasons',
        'Clicked through',
        'Score',
        'Sent at',
      ],
      [
        'ana@example.com',
        'Ana',
        null,
        'en',
        'Submitted the form',
        'Automated',
        'Browser driven by automation (webdriver)',
        'QR code',
        null,
        '2026-12-01T09:00:00.000Z',
      ],
    ]);
  });

  it('explains why e-mail opens are not counted, and writes the figures CSV in words', async () => {
    mockFetch(({ url }) => {
      if (url.pathname === '/api/admin/campaigns/c1/dashboard') return { json: dashboard };
      if (url.pathname === '/api/admin/campaigns/c1/results/recipients')
        return { json: { total: 0, offset: 0, limit: 50, items: [] } };
      return undefined;
    });
    renderPage(<DashboardPage />, {
      path: '/campaigns/:id/results',
      url: '/campaigns/c1/results',
      role: 'viewer',
    });
    expect(await screen.findByText(/Hookwise does not count e-mail opens/)).toBeTruthy();
    const t: ResultsT = (key, options) => i18next.t(key, { ns: 'console-results', ...options });
    const csv = dashboardRows(dashboard, t);
    expect(csv).toContainEqual(['How clicks were judged', 'Likely human', 1, '']);
    expect(csv).toContainEqual(['How clicks were judged', 'Not visited', 4, '']);
    expect(csv).toContainEqual(['Reason', 'Automated: Browser driven by automation (webdriver)', 2, '']);
    expect(csv).toContainEqual(['Breakdowns: By department', '(none)', 10, '40.0%']);
    expect(csv.flat().join(' ')).not.toMatch(/likely_human|not_visited|webdriver:|automated:/);
  });
});
