import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Call } from '@console/test/render';
import { mockFetch, renderPage } from '@console/test/render';
import en from '@locales/en.console.json';
import enHome from '@locales/en.console-home.json';
import { initI18n } from '@console/lib/i18n';
import { RecipientsPage } from './recipients-page';

beforeAll(() => initI18n({ language: 'en', resources: { en: { console: en, 'console-home': enHome } } }));

// Fifty rows of role queries are slow in jsdom when the whole suite runs in parallel.
const slow = { timeout: 10_000 };
afterEach(() => vi.unstubAllGlobals());

const summary = {
  id: 'c1',
  tenant_id: 't1',
  name: 'Parcel notice',
  language_code: 'en',
  status: 'running',
  starts_at: null,
  ends_at: null,
  ended_at: null,
  launched_at: '2026-11-30T08:00:00.000Z',
  time_zone: 'UTC',
  created_at: '2026-11-01T08:00:00.000Z',
  recipients: 1234,
};

/** The server withholds each rid (the personal link) from a viewer. */
const recipientPage = (offset: number, withLinks = true) => ({
  total: 1234,
  offset,
  limit: 50,
  items: Array.from({ length: 50 }, (_, i) => ({
    id: `r${offset + i}`,
    rid: withLinks ? `rid${offset + i}` : null,
    email: `person${offset + i}@example.com`,
    first_name: 'Sam',
    department: 'Finance',
    language_code: 'de',
    status: 'clicked',
    created_at: '2026-11-01T08:00:00.000Z',
  })),
});

function api(call: Call) {
  const { pathname, searchParams } = call.url;
  if (pathname === '/api/admin/campaigns/c1') {
    const file = { name: summary.name, phishing: {}, awareness: { content: 'It was a test.' } };
    return { json: { campaign: summary, file } };
  }
  if (pathname === '/api/admin/campaigns/c1/recipients' && call.method === 'GET') {
    return { json: recipientPage(Number(searchParams.get('offset'))) };
  }
  if (pathname === '/api/admin/campaigns/c1/recipients' && call.method === 'POST') {
    return {
      json: {
        rows: 3,
        accepted: 1,
        rejected: [
          { line: 3, reason: 'email: invalid email address: "not-an-email"' },
          { line: 4, reason: 'duplicate of line 2' },
        ],
      },
    };
  }
  return undefined;
}

const recipientGets = (calls: Call[]) =>
  calls
    .filter((c) => c.method === 'GET' && c.url.pathname.endsWith('/recipients'))
    .map((c) => `q=${c.url.searchParams.get('q')}&offset=${c.url.searchParams.get('offset')}`);

describe('RecipientsPage', () => {
  it(
    'searches and pages on the server, showing where the page sits in the total',
    { timeout: 30_000 },
    async () => {
      const calls = mockFetch(api);
      renderPage(<RecipientsPage />, {
        path: '/campaigns/:id/recipients',
        url: '/campaigns/c1/recipients',
        role: 'operator',
      });
      await screen.findByRole('table', { name: '1–50 of 1,234' }, slow);
      expect(screen.getByRole('row', { name: /person0@example.com/ }).textContent).toContain('Deutsch');

      fireEvent.click(screen.getByRole('button', { name: 'Next' }));
      await screen.findByRole('table', { name: '51–100 of 1,234' }, slow);

      fireEvent.change(screen.getByLabelText('Search by email, name or department'), {
        target: { value: 'finance' },
      });
      fireEvent.click(screen.getByRole('button', { name: 'Search' }));
      await waitFor(() => expect(recipientGets(calls).at(-1)).toBe('q=finance&offset=0'), slow);
      expect(recipientGets(calls)).toEqual(['q=&offset=0', 'q=&offset=50', 'q=finance&offset=0']);
    },
  );

  it(
    'uploads a pasted CSV with the CSRF token and shows the row-by-row report',
    { timeout: 30_000 },
    async () => {
      const calls = mockFetch(api);
      renderPage(<RecipientsPage />, {
        path: '/campaigns/:id/recipients',
        url: '/campaigns/c1/recipients',
        role: 'operator',
      });
      const csv = 'email,first_name\nana@example.com,Ana\nnot-an-email,Bo\nana@example.com,Ana\n';
      fireEvent.change(await screen.findByLabelText('Or paste the CSV here'), { target: { value: csv } });
      fireEvent.click(screen.getByRole('button', { name: 'Upload' }));

      const report = await screen.findByRole('table', { name: 'Rejected rows, with the reason' }, slow);
      expect(screen.getByText('Rows read: 3. Added: 1. Rejected: 2.')).toBeTruthy();
      expect(report.textContent).toContain('email: invalid email address: "not-an-email"');
      expect(screen.getByRole('row', { name: /^4 duplicate of line 2/ })).toBeTruthy();
      const post = calls.find((c) => c.method === 'POST');
      expect(post?.body).toBe(csv);
      expect(post?.headers).toMatchObject({ 'content-type': 'text/csv', 'x-csrf-token': 'csrf-operator' });
    },
  );

  it('lists every column the importer reads and how a language may be written', async () => {
    mockFetch(api);
    renderPage(<RecipientsPage />, {
      path: '/campaigns/:id/recipients',
      url: '/campaigns/c1/recipients',
      role: 'operator',
    });
    const form = await screen.findByRole('form', { name: 'Add recipients from a CSV file' }, slow);
    const help = form.textContent ?? '';
    const columns = /Columns: ([^.]*)\./.exec(help)?.[1]?.split(', ');
    expect(columns?.sort()).toEqual(
      ['department', 'email', 'first_name', 'language', 'last_name', 'person_id', 'sent_at'].sort(),
    );
    expect(help).toContain('its English name (German) or its own name (Deutsch)');
  });

  it(
    'offers a viewer no upload, no removal and no personal link, and says why',
    { timeout: 30_000 },
    async () => {
      mockFetch((call) =>
        call.url.pathname === '/api/admin/campaigns/c1/recipients'
          ? { json: recipientPage(0, false) }
          : api(call),
      );
      renderPage(<RecipientsPage />, {
        path: '/campaigns/:id/recipients',
        url: '/campaigns/c1/recipients',
        role: 'viewer',
      });
      await screen.findByRole('table', { name: '1–50 of 1,234' }, slow);
      expect(screen.queryByLabelText('Or paste the CSV here')).toBeNull();
      expect(screen.queryAllByRole('button', { name: /^Remove / })).toHaveLength(0);
      expect(screen.queryAllByRole('button', { name: /^Copy the link of / })).toHaveLength(0);
      expect(screen.queryByRole('button', { name: /CSV|JSON/ })).toBeNull();
      expect(screen.getByRole('status').textContent).toBe(
        'Personal links are shown to operators and owners only: opening one would count as a visit in the results.',
      );
    },
  );
});
