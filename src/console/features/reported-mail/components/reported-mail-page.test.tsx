import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { MailIntake, MailReport, ReportCluster, ReportFollowup } from '@shared/mail-reports';
import en from '@locales/en.console.json';
import enReports from '@locales/en.console-reports.json';
import { initI18n } from '@console/lib/i18n';
import { mockFetch, renderPage, type Call } from '@console/test/render';
import { ReportedMailPage } from './reported-mail-page';

beforeAll(() =>
  initI18n({ language: 'en', resources: { en: { console: en, 'console-reports': enReports } } }),
);
afterEach(() => vi.unstubAllGlobals());

const HOSTILE = '<img src=x onerror=alert(1)>';
const PHISH_URL = 'https://login.contoso-hr.example/keep';

const report = (id: string, over: Partial<MailReport> = {}): MailReport => ({
  id,
  received_at: '2026-11-24T11:20:00.000Z',
  source: 'imap',
  reporter: 'ana@acme.example',
  outcome: 'queued',
  error: null,
  sender: 'it@acme.example',
  subject: HOSTILE,
  reply_to: 'helpdesk-desk@contoso-hr.example',
  return_path: 'bounce@contoso-hr.example',
  authentication_results: [
    'mx.acme.example; spf=fail smtp.mailfrom=contoso-hr.example; dkim=none; dmarc=pass header.from=acme.example',
  ],
  received: ['from mail-out.contoso-hr.example (203.0.113.77) by mx.acme.example with ESMTP id 9a'],
  urls: [{ url: PHISH_URL, written: 'https://eur01.safelinks.example/?url=x', via: ['safelinks'] }],
  credited: 0,
  notes: [],
  cluster: 'c1',
  ...over,
});

const cluster: ReportCluster = {
  cluster: 'c1',
  reports: 3,
  reporters: 3,
  first_at: '2026-11-24T11:20:00.000Z',
  last_at: '2026-11-24T11:40:00.000Z',
  latest: report('r3'),
  decision: null,
};

const reports: MailReport[] = [
  report('r3'),
  report('r2', { outcome: 'simulation', credited: 1, urls: [], subject: 'Your payslip', cluster: null }),
  report('r1', { outcome: 'no_urls', urls: [], subject: 'Lunch?', notes: ['invoice.zip: not opened'] }),
  report('r0', {
    outcome: 'failed',
    error: 'the message is larger than 25 MB',
    subject: '',
    reporter: null,
    urls: [],
  }),
];

const intake = (over: Partial<MailIntake['imap']> = {}, listening = false): MailIntake => ({
  imap: {
    enabled: true,
    host: 'imap.acme.example',
    port: 993,
    tls: true,
    user: 'phishing@acme.example',
    password_set: true,
    folder: 'INBOX',
    processed_folder: 'Processed',
    last_poll_at: '2026-11-24T11:00:00.000Z',
    last_error: 'The mail server refused the user name or password',
    ...over,
  },
  smtp: { addresses: ['phishing@acme.example'], allowed_domains: [], listening },
});

const followup: ReportFollowup = {
  reviewers: [],
  profile_id: null,
  reviewer_interval_minutes: 60,
  answers_enabled: false,
  pseudonymous_reporters: false,
  answer_domains: [],
  answer_texts: {},
  reviewers_mailed_at: null,
  default_texts: {},
};

function api(put?: (call: Call) => { status?: number; json?: unknown }) {
  return (call: Call) => {
    if (call.url.pathname === '/api/admin/mail-reports/clusters/decision')
      return { json: { cluster: 'c1', decision: 'TP', urls: [PHISH_URL] } };
    if (call.url.pathname === '/api/admin/mail-reports/clusters') return { json: { clusters: [cluster] } };
    if (call.url.pathname === '/api/admin/mail-reports') return { json: { reports } };
    if (call.url.pathname === '/api/admin/mail-intake') {
      if (call.method === 'PUT') return put?.(call) ?? { json: intake() };
      return { json: intake() };
    }
    if (call.url.pathname === '/api/admin/report-followup') return { json: followup };
    if (call.url.pathname === '/api/admin/sending-profiles') return { json: { profiles: [] } };
    return undefined;
  };
}

const show = (role: 'owner' | 'operator' | 'viewer' = 'owner') =>
  renderPage(<ReportedMailPage />, { path: '/reported-mail', url: '/reported-mail', role });

describe('ReportedMailPage', () => {
  it('gives an operator one verdict for the whole cluster', async () => {
    const calls = mockFetch(api());
    show('operator');
    const card = (await screen.findByRole('heading', { level: 3, name: HOSTILE })).closest('article')!;
    const verdict = within(within(card).getByRole('group', { name: 'Verdict' }));
    verdict.getByText('Not decided yet: its URLs wait for a reviewer.');
    fireEvent.click(verdict.getByRole('button', { name: 'Malicious: block its URLs' }));
    await verdict.findByText('Done: URLs decided malicious: 1.');
    const sent = calls.find((c) => c.url.pathname === '/api/admin/mail-reports/clusters/decision');
    expect(sent?.method).toBe('POST');
    expect(JSON.parse(sent?.body ?? '{}')).toEqual({ cluster: 'c1', decision: 'TP' });
  });

  it('shows a viewer what was decided, without the buttons', async () => {
    mockFetch(api());
    show('viewer');
    const card = (await screen.findByRole('heading', { level: 3, name: HOSTILE })).closest('article')!;
    const verdict = within(within(card).getByRole('group', { name: 'Verdict' }));
    verdict.getByText('Not decided yet: its URLs wait for a reviewer.');
    expect(verdict.queryByRole('button')).toBeNull();
  });

  it('shows a cluster with its headers as text, and never a link to a reported URL', async () => {
    const calls = mockFetch(api());
    const { container } = show('viewer');
    const card = (await screen.findByRole('heading', { level: 3, name: HOSTILE })).closest('article')!;
    expect(container.querySelector('img')).toBeNull();
    const facts = within(card);
    facts.getByText('Reported by 3 people (3 reports)');
    facts.getByText('helpdesk-desk@contoso-hr.example');
    facts.getByText('bounce@contoso-hr.example');
    expect(facts.getByText('SPF check').nextElementSibling?.textContent).toBe('failed');
    expect(facts.getByText('DKIM signature').nextElementSibling?.textContent).toBe('nothing to check');
    expect(facts.getByText('DMARC policy').nextElementSibling?.textContent).toBe('passed');
    expect(facts.getByText(PHISH_URL).tagName).toBe('CODE');
    facts.getByText('Unwrapped from Microsoft Safe Links');
    facts.getByRole('button', { name: `Copy the link ${PHISH_URL}` });
    facts.getByText(/from mail-out\.contoso-hr\.example/);
    // Nothing of the reported message is a link; the page's only link is to the reviewers' queue.
    const hrefs = [...container.querySelectorAll('a[href]')].map((a) => a.getAttribute('href'));
    expect(hrefs).toEqual(['/reviewers']);
    expect(container.innerHTML).not.toContain('<img');
    // Viewers do not see (or ask for) the intake settings.
    expect(screen.queryByRole('heading', { name: 'How reports come in' })).toBeNull();
    expect(calls.some((c) => c.url.pathname === '/api/admin/mail-intake')).toBe(false);
  });

  it('says in words what each report became', async () => {
    mockFetch(api());
    show('viewer');
    const table = await screen.findByRole('table', { name: 'Reports, newest first' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows[0]?.textContent).toContain('Its links were sent to the reviewers');
    expect(rows[0]?.textContent).toContain('Links: 1');
    expect(rows[1]?.textContent).toContain('A simulation: well spotted');
    expect(rows[1]?.textContent).toContain('People credited with reporting it: 1');
    expect(rows[2]?.textContent).toContain('No links found in it');
    expect(rows[2]?.textContent).toContain('invoice.zip: not opened');
    expect(rows[3]?.textContent).toContain('Could not be read');
    expect(rows[3]?.textContent).toContain('Why: the message is larger than 25 MB');
    expect(rows[3]?.textContent).toContain('someone unknown');
    expect(rows[3]?.textContent).toContain('(no subject)');
    for (const row of rows) expect(row.textContent).not.toMatch(/no_urls|queued|\bfailed\b|outcome\./);
  });

  it('shows empty states in words', async () => {
    mockFetch((call) => {
      if (call.url.pathname === '/api/admin/mail-reports/clusters') return { json: { clusters: [] } };
      if (call.url.pathname === '/api/admin/mail-reports') return { json: { reports: [] } };
      return undefined;
    });
    show('viewer');
    await screen.findByText('No real message has been reported yet.');
    await screen.findByText('No reports yet. They appear here once people report messages.');
  });

  it('saves the intake settings with the right body, and never shows the password', async () => {
    const calls = mockFetch(api(() => ({ json: intake({ last_error: null }) })));
    show('owner');
    const password = await screen.findByLabelText('Password');
    expect(password).toHaveProperty('value', '');
    screen.getByText('A password is set. Leave this empty to keep it; it is never shown.');
    screen.getByText('The last read failed: The mail server refused the user name or password');
    screen.getByText(/This server does not run the mail intake/);
    fireEvent.change(screen.getByLabelText('Port'), { target: { value: '143' } });
    fireEvent.click(screen.getByLabelText('Connect with TLS from the start'));
    fireEvent.change(password, { target: { value: 'n3w-s3cret' } });
    fireEvent.change(screen.getByLabelText('Addresses that take reports'), {
      target: { value: 'phishing@acme.example, Report@Acme.example' },
    });
    fireEvent.change(screen.getByLabelText('Domains reports may come from'), {
      target: { value: 'acme.example\nsub.acme.example\n' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Saved. A mailbox turned on is read within a minute.');
    const put = calls.find((c) => c.method === 'PUT');
    expect(JSON.parse(put?.body ?? '{}')).toEqual({
      imap: {
        enabled: true,
        host: 'imap.acme.example',
        port: 143,
        tls: false,
        user: 'phishing@acme.example',
        password: 'n3w-s3cret',
        folder: 'INBOX',
        processed_folder: 'Processed',
      },
      smtp: {
        addresses: ['phishing@acme.example', 'report@acme.example'],
        allowed_domains: ['acme.example', 'sub.acme.example'],
      },
    });
    expect(put?.headers['x-csrf-token']).toBe('csrf-owner');
    expect(screen.getByLabelText('Password')).toHaveProperty('value', '');
    expect(document.body.textContent).not.toContain('n3w-s3cret');
    expect(screen.queryByText(/The last read failed/)).toBeNull();
  });

  it('keeps the stored password when none is typed', async () => {
    const calls = mockFetch(api());
    show('owner');
    fireEvent.click(await screen.findByRole('button', { name: 'Save' }));
    await screen.findByText('Saved. A mailbox turned on is read within a minute.');
    const body = JSON.parse(calls.find((c) => c.method === 'PUT')?.body ?? '{}') as {
      imap: Record<string, unknown>;
    };
    expect('password' in body.imap).toBe(false);
  });

  it('names a wrong value next to its field before sending', async () => {
    const calls = mockFetch(api());
    show('owner');
    fireEvent.change(await screen.findByLabelText('Port'), { target: { value: '99999' } });
    fireEvent.change(screen.getByLabelText('Addresses that take reports'), {
      target: { value: 'phishing@acme.example\nnot-an-address' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Some values need fixing: see the notes under the fields.');
    expect(screen.getByLabelText('Port').getAttribute('aria-invalid')).toBe('true');
    screen.getByText('A port is a whole number from 1 to 65535.');
    screen.getByText('Not an email address: not-an-address');
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it('shows a 409 in words', async () => {
    mockFetch(
      api((call) => {
        const body = JSON.parse(call.body ?? '{}') as { smtp: { addresses: string[] } };
        return body.smtp.addresses.includes('taken@acme.example')
          ? {
              status: 409,
              json: {
                error: {
                  code: 'intake_address_taken',
                  message: "taken@acme.example already takes another organisation's reports",
                },
              },
            }
          : {
              status: 409,
              json: {
                error: {
                  code: 'intake_incomplete',
                  message: 'To read a mailbox, give its host, port and user',
                },
              },
            };
      }),
    );
    show('owner');
    fireEvent.click(await screen.findByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'To read a mailbox, give its server, port, user name and password.',
    );
    fireEvent.change(screen.getByLabelText('Addresses that take reports'), {
      target: { value: 'taken@acme.example' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const words = 'taken@acme.example already takes another organisation’s reports: choose another address.';
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(words));
    expect(screen.getAllByText(words)).toHaveLength(2);
    expect(document.body.textContent).not.toContain('intake_');
  });
});
