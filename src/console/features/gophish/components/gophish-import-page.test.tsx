import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { CampaignSummary } from '@shared/admin-api';
import { mockFetch, renderPage, setupI18n } from '@console/test/render';
import { GophishImportPage } from './gophish-import-page';

beforeAll(setupI18n);
afterEach(() => vi.unstubAllGlobals());

const campaign: CampaignSummary = {
  id: 'c 42',
  tenant_id: 't1',
  name: 'Password expiry',
  language_code: 'en',
  status: 'draft',
  starts_at: null,
  ends_at: null,
  ended_at: null,
  launched_at: null,
  time_zone: 'Europe/Paris',
  created_at: '2026-11-01T08:00:00.000Z',
  recipients: 2,
};
const item = (
  list: 'mapped' | 'dropped' | 'attention',
  code: string,
  place: string,
  params: Record<string, string | number> = {},
) => ({ list, code, place, name: 'Expiry', params, text: `${code}: English words` });
const report = {
  mapped: ['English words'],
  dropped: ['English words'],
  attention: ['English words'],
  notices: [],
  items: [
    item('mapped', 'email_html_mapped', 'template'),
    item('mapped', 'text_from_html', 'template_text'),
    item('mapped', 'variable_mapped', 'template_html', {
      variable: '{{.FirstName}}',
      replacement: '{{first_name}}',
    }),
    item('dropped', 'attachment', 'template', { file: 'invoice.pdf' }),
    item('dropped', 'tracker_dropped', 'template_html', { variable: '{{.Tracker}}' }),
    item('attention', 'no_subject', 'template'),
  ],
};
const worded = {
  mapped: [
    'Email template “Expiry”: subject, text, HTML and sender taken over.',
    'Text part of email template “Expiry”: made from the HTML, as the template had none.',
    'HTML of email template “Expiry”: {{.FirstName}} became {{first_name}}.',
  ],
  dropped: [
    'Email template “Expiry”: the attachment invoice.pdf was left out: Hookwise sends no attachments.',
    'HTML of email template “Expiry”: {{.Tracker}} was left out: Hookwise does not track opens with an image.',
  ],
  attention: ['Email template “Expiry”: no subject. A placeholder is used: set it.'],
};

// jsdom counts a required file input as empty even with a file chosen, so the form is submitted
// directly instead of through its button (a browser submits it: see e2e/sending-console.test.ts).
const submit = () => fireEvent.submit(screen.getByRole('form', { name: 'GoPhish files' }));
const choose = (label: string, file: File) =>
  userEvent.upload(screen.getByLabelText(label), file, { applyAccept: false });

describe('GophishImportPage', () => {
  it('sends the files, lists every report item and links to the new draft', async () => {
    const calls = mockFetch((call) =>
      call.url.pathname === '/api/admin/import/gophish' && call.method === 'POST'
        ? { status: 201, json: { campaigns: [{ campaign, recipients: 2 }], sending_profiles: [], report } }
        : undefined,
    );
    renderPage(<GophishImportPage />, { path: '/import/gophish', url: '/import/gophish', role: 'operator' });
    const template = { name: 'Expiry', subject: 'Your password expires', text: 'Hi {{.FirstName}}' };
    await choose('Email templates (JSON, optional)', new File([JSON.stringify(template)], 'template.json'));
    await choose(
      'Landing pages (JSON, optional)',
      new File(['{"name":"Login","html":"<form>"}'], 'page.json'),
    );
    const csv = 'First Name,Last Name,Email,Position\nAna,Lee,ana@example.com,IT\n';
    await choose('Group (JSON or CSV, optional)', new File([csv], 'group.csv'));
    fireEvent.change(screen.getByLabelText("Campaign name (optional: the template's name)"), {
      target: { value: 'Password expiry' },
    });
    submit();

    const section = await screen.findByRole('region', { name: 'Import report' });
    expect(within(section).getByRole('status').textContent).toBe(
      'Draft campaign “Password expiry” created with 2 recipients.',
    );
    for (const [kind, heading] of [
      ['mapped', 'Mapped (3)'],
      ['dropped', 'Dropped (2)'],
      ['attention', 'Needs your attention (1)'],
    ] as const) {
      const list = within(within(section).getByRole('region', { name: heading })).getByRole('list');
      expect(
        within(list)
          .getAllByRole('listitem')
          .map((li) => li.textContent),
      ).toEqual(worded[kind]);
    }
    const link = within(section).getByRole('link', { name: 'Open the draft campaign' });
    expect(link.getAttribute('href')).toBe('/campaigns/c%2042');

    const post = calls.find((c) => c.method === 'POST');
    expect(post?.headers['x-csrf-token']).toBe('csrf-operator');
    expect(JSON.parse(post?.body ?? '{}')).toEqual({
      template,
      page: { name: 'Login', html: '<form>' },
      group_csv: csv,
      name: 'Password expiry',
    });
  });

  it('says which file is not JSON and sends nothing', async () => {
    const calls = mockFetch(() => undefined);
    renderPage(<GophishImportPage />, { path: '/import/gophish', url: '/import/gophish', role: 'owner' });
    await choose('Email templates (JSON, optional)', new File(['<html>'], 'template.html'));
    submit();
    expect((await screen.findByRole('alert')).textContent).toBe('template.html is not a valid JSON file.');
    expect(calls).toEqual([]);
  });

  it('sends a GoPhish campaign file and links to the imported campaign, saying its clicks are unverified', async () => {
    const finished: CampaignSummary = {
      ...campaign,
      id: 'c50',
      name: 'Q1 parcels',
      status: 'ended',
      launched_at: '2024-03-04T09:00:00.123Z',
      ended_at: '2024-03-11T17:00:00.000Z',
      recipients: 5,
      imported_from: 'gophish',
    };
    const timeline = { sent: 4, opened: 3, clicked: 3, submitted: 1, reported: 1, send_error: 1 };
    const calls = mockFetch((call) =>
      call.url.pathname === '/api/admin/import/gophish'
        ? {
            status: 201,
            json: {
              campaigns: [],
              sending_profiles: [],
              imported_campaigns: [{ campaign: finished, recipients: 5, timeline }],
              report: { mapped: [], dropped: [], attention: [], notices: [] },
            },
          }
        : undefined,
    );
    renderPage(<GophishImportPage />, { path: '/import/gophish', url: '/import/gophish', role: 'operator' });
    const exported = { name: 'Q1 parcels', results: [], timeline: [] };
    await choose(
      'Campaigns with their results (JSON, optional)',
      new File([JSON.stringify(exported)], 'c.json'),
    );
    submit();
    const section = await screen.findByRole('region', { name: 'Import report' });
    expect(section.textContent).toContain(
      'Finished campaign “Q1 parcels” imported with 5 recipients. Its clicks are unverified: GoPhish could not tell people from mail scanners.',
    );
    const link = within(section).getByRole('link', { name: 'Open the results of “Q1 parcels”' });
    expect(link.getAttribute('href')).toBe('/campaigns/c50');
    const post = calls.find((c) => c.method === 'POST');
    expect(JSON.parse(post?.body ?? '{}')).toEqual({ campaign: exported });
  });

  it('offers a viewer no import form', () => {
    mockFetch(() => undefined);
    renderPage(<GophishImportPage />, { path: '/import/gophish', url: '/import/gophish', role: 'viewer' });
    expect(screen.getByText('Only operators and owners can import campaigns.')).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it("shows each campaign and profile made, and what needs attention in the operator's words", async () => {
    const second = { ...campaign, id: 'c43', name: 'Cloned portal', recipients: 0 };
    mockFetch((call) =>
      call.url.pathname === '/api/admin/import/gophish'
        ? {
            status: 201,
            json: {
              campaigns: [
                { campaign, recipients: 2 },
                { campaign: second, recipients: 0 },
              ],
              sending_profiles: [{ id: 'p1', name: 'Relay' }],
              report: {
                mapped: [],
                dropped: [],
                attention: ['template "A": no subject: a placeholder is used, set it'],
                notices: [
                  { code: 'base_href', name: 'Cloned portal', text: 'English words' },
                  { code: 'smtp_password', name: 'Relay', text: 'English words' },
                ],
                items: [
                  {
                    list: 'attention',
                    code: 'no_subject',
                    place: 'template',
                    name: 'A',
                    params: {},
                    text: 'template "A": no subject: a placeholder is used, set it',
                  },
                ],
              },
            },
          }
        : undefined,
    );
    renderPage(<GophishImportPage />, { path: '/import/gophish', url: '/import/gophish', role: 'operator' });
    await choose(
      'Sending profiles (SMTP, JSON, optional)',
      new File(['{"host":"smtp.example:587"}'], 'smtp.json'),
    );
    submit();
    const section = await screen.findByRole('region', { name: 'Import report' });
    expect(within(section).getByRole('status').textContent).toBe('Draft campaigns created: 2.');
    expect(
      within(section)
        .getByRole('link', { name: 'Open “Cloned portal” (recipients: 0)' })
        .getAttribute('href'),
    ).toBe('/campaigns/c43');
    expect(within(section).getByText(/Sending profile “Relay” created\. Enter its password/)).toBeTruthy();
    const attention = within(
      within(section).getByRole('region', { name: 'Needs your attention (3)' }),
    ).getAllByRole('listitem');
    expect(attention.map((li) => li.textContent)).toEqual([
      'Landing page “Cloned portal” sets a base address (<base href>), which Hookwise ignores: its relative links and images will not load. Make them absolute.',
      "Sending profile “Relay”: the password in GoPhish's file was not taken. Enter it in the sending profile.",
      'Email template “A”: no subject. A placeholder is used: set it.',
    ]);
  });

  it('lists the templates, pages and groups added to the library, and a name kept in words', async () => {
    mockFetch((call) =>
      call.url.pathname === '/api/admin/import/gophish'
        ? {
            status: 201,
            json: {
              campaigns: [{ campaign, recipients: 2 }],
              sending_profiles: [],
              library: [
                { kind: 'template', id: 1, name: 'Password expiry', created: true },
                { kind: 'page', id: 2, name: 'O365 sign-in', created: true },
                { kind: 'group', id: 1, name: 'Finance', created: false },
              ],
              report: {
                mapped: [],
                dropped: [],
                attention: [],
                notices: [{ code: 'library_group_kept', name: 'Finance', text: 'English words' }],
              },
            },
          }
        : undefined,
    );
    renderPage(<GophishImportPage />, { path: '/import/gophish', url: '/import/gophish', role: 'operator' });
    await choose(
      'Email templates (JSON, optional)',
      new File(['{"name":"Password expiry","text":"Hi"}'], 'template.json'),
    );
    submit();
    const section = await screen.findByRole('region', { name: 'Import report' });
    expect(within(section).getByText('Email template “Password expiry” added to the library.')).toBeTruthy();
    expect(within(section).getByText('Landing page “O365 sign-in” added to the library.')).toBeTruthy();
    // The group kept is not said to be added: it is under attention, in words.
    expect(within(section).queryByText(/Group “Finance” added/)).toBeNull();
    const attention = within(
      within(section).getByRole('region', { name: 'Needs your attention (1)' }),
    ).getAllByRole('listitem');
    expect(attention.map((li) => li.textContent)).toEqual([
      'A group named “Finance” already exists: it was kept with its members. The draft campaign has the imported recipients.',
    ]);
  });

  it("shows the server's words when a file is of the wrong kind", async () => {
    mockFetch((call) =>
      call.url.pathname === '/api/admin/import/gophish'
        ? {
            status: 400,
            json: {
              error: {
                code: 'validation_failed',
                message: `Invalid template: this is GoPhish's JSON for a landing page, not an e-mail template: give it as "page"`,
              },
            },
          }
        : undefined,
    );
    renderPage(<GophishImportPage />, { path: '/import/gophish', url: '/import/gophish', role: 'operator' });
    await choose(
      'Email templates (JSON, optional)',
      new File(['{"name":"P","capture_credentials":true}'], 'page.json'),
    );
    submit();
    expect((await screen.findByRole('alert')).textContent).toBe(
      `Invalid template: this is GoPhish's JSON for a landing page, not an e-mail template: give it as "page"`,
    );
  });

  it('asks for a file before sending anything', async () => {
    const calls = mockFetch(() => undefined);
    renderPage(<GophishImportPage />, { path: '/import/gophish', url: '/import/gophish', role: 'operator' });
    submit();
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Choose an email template, a landing page, a sending profile or a campaign.',
    );
    expect(calls).toEqual([]);
  });
});
