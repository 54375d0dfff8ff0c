import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import en from '@locales/en.console.json';
import enProgramme from '@locales/en.console-programme.json';
import type { ProgrammeDepartment, ProgrammeMonth, ProgrammeReport } from '@shared/programme';
import { initI18n } from '@console/lib/i18n';
import { mockFetch, renderPage } from '@console/test/render';
import { ProgrammePage } from './programme-page';

beforeAll(() =>
  initI18n({ language: 'en', resources: { en: { console: en, 'console-programme': enProgramme } } }),
);
afterEach(() => vi.unstubAllGlobals());

const mix = { '1': 0, '2': 0, '3': 0, '4': 0, '5': 0, unknown: 0 };
const month = (m: string, over: Partial<ProgrammeMonth>): ProgrammeMonth => ({
  month: m,
  sent: 0,
  clicked: 0,
  submitted: 0,
  reported: 0,
  click_rate: null,
  submit_rate: null,
  report_rate: null,
  median_minutes_to_report: null,
  difficulty: mix,
  ...over,
});
const department = (name: string | null, people: number, over: Partial<ProgrammeDepartment> = {}) => ({
  department: name,
  people,
  sent: people * 2,
  clicked: 1,
  submitted: 0,
  reported: people,
  click_rate: 1 / (people * 2),
  submit_rate: 0,
  report_rate: 0.5,
  median_minutes_to_report: 30,
  ...over,
});

const REPORT: ProgrammeReport = {
  from: '2026-01',
  to: '2026-02',
  department: null,
  group_by: 'month',
  months_by: 'sent_at_utc',
  months: [
    month('2026-01', {
      sent: 20,
      clicked: 5,
      submitted: 2,
      reported: 4,
      click_rate: 0.25,
      submit_rate: 0.1,
      report_rate: 0.2,
      median_minutes_to_report: 75,
      difficulty: { ...mix, '2': 20 },
    }),
    month('2026-02', {
      sent: 20,
      clicked: 2,
      submitted: 0,
      reported: 9,
      click_rate: 0.1,
      submit_rate: 0,
      report_rate: 0.45,
      median_minutes_to_report: 12.5,
      difficulty: { ...mix, unknown: 20 },
    }),
  ],
  totals: {
    people: 20,
    sent: 40,
    clicked: 7,
    submitted: 2,
    reported: 13,
    click_rate: 0.175,
    submit_rate: 0.05,
    report_rate: 0.325,
    median_minutes_to_report: 30,
    difficulty: { ...mix, '2': 20, unknown: 20 },
  },
  departments: [department('Finance', 12), department('Legal', 3), department(null, 2), department('IT', 3)],
};

describe('ProgrammePage', () => {
  it('shows the months as a chart and a table, the difficulty mix and the departments, and filters by department', async () => {
    const calls = mockFetch((call) =>
      call.url.pathname === '/api/admin/programme/report'
        ? {
            json: call.url.searchParams.get('department')
              ? { ...REPORT, department: 'Finance', departments: [REPORT.departments[0]] }
              : REPORT,
          }
        : undefined,
    );
    renderPage(<ProgrammePage />, { path: '/programme', url: '/programme', role: 'viewer' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Programme' })).toBeTruthy();
    const months = await screen.findByRole('table', { name: "Each month's figures, by month of sending" });
    const january = within(months).getByRole('row', { name: /Jan 2026/ });
    expect(
      within(january)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['20', '25%', '10%', '20%', '75 minutes']);
    const february = within(months).getByRole('row', { name: /Feb 2026/ });
    expect(
      within(february)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['20', '10%', '0%', '45%', '12.5 minutes']);
    expect(screen.getByRole('figure', { name: 'Click, submit and report rates by month' })).toBeTruthy();
    expect(screen.getByText('Months are counted by when each message was sent (UTC).')).toBeTruthy();

    const difficulty = screen.getByRole('table', { name: 'Messages sent per difficulty level, by month' });
    expect(within(difficulty).getByRole('columnheader', { name: 'Not from the library' })).toBeTruthy();
    const jan = within(difficulty).getByRole('row', { name: /Jan 2026/ });
    expect(
      within(jan)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['0', '20', '0', '0', '0', '0']);

    // On screen every department; printed, those under five people become "Other departments".
    const screenDepartments = document.querySelector('[data-table="departments"]') as HTMLElement;
    expect(
      within(screenDepartments)
        .getAllByRole('rowheader')
        .map((h) => h.textContent),
    ).toEqual(['Finance', 'Legal', 'No department', 'IT']);
    const printed = document.querySelector('[data-table="printed-departments"]') as HTMLElement;
    const rows = within(printed).getAllByRole('row').slice(1);
    expect(rows.map((r) => Array.from(r.children).map((c) => c.textContent))).toEqual([
      ['Finance', '12', '24', '4.2%', '0%', '50%', '30 minutes'],
      ['Other departments', '8', '16', '18.8%', '0%', '50%', '—'],
    ]);
    expect(screen.getByText(/fewer than 5 people are merged into “Other departments”/)).toBeTruthy();

    const select = screen.getByLabelText('Department');
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['All departments', 'Finance', 'Legal', 'IT']);
    fireEvent.change(select, { target: { value: 'Finance' } });
    await waitFor(() =>
      expect(calls.some((c) => c.url.searchParams.get('department') === 'Finance')).toBe(true),
    );
    const last = calls.filter((c) => c.url.searchParams.get('department')).at(-1)!;
    expect(last.url.searchParams.get('group_by')).toBe('month');
    expect(last.url.searchParams.get('from')).toMatch(/^\d{4}-\d{2}$/);
  });

  it('prints through the browser, and says when nothing was sent', async () => {
    const print = vi.fn();
    vi.stubGlobal('print', print);
    mockFetch(() => ({ json: REPORT }));
    renderPage(<ProgrammePage />, { path: '/programme', url: '/programme', role: 'viewer' });
    await screen.findByRole('table', { name: "Each month's figures, by month of sending" });
    fireEvent.click(screen.getByRole('button', { name: 'Print report' }));
    await waitFor(() => expect(print).toHaveBeenCalled());
    expect(document.body.textContent).not.toMatch(/@/);
  });

  it('refuses a period that ends before it starts', async () => {
    const empty = {
      ...REPORT,
      months: [],
      departments: [],
      totals: { ...REPORT.totals, people: 0, sent: 0 },
    };
    mockFetch(() => ({ json: empty }));
    renderPage(<ProgrammePage />, { path: '/programme', url: '/programme', role: 'viewer' });
    expect(await screen.findByText('No simulation was sent in this period.')).toBeTruthy();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Print report' }).disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('From month'), { target: { value: '2099-01' } });
    expect(screen.getByRole('alert').textContent).toBe(
      'Choose a first month that is not after the last month.',
    );
  });
});
