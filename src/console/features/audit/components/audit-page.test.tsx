import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AuditEntry } from '@shared/audit';
import en from '@locales/en.console.json';
import enHome from '@locales/en.console-home.json';
import { initI18n } from '@console/lib/i18n';
import { mockFetch, renderPage, type Call } from '@console/test/render';
import { AuditPage } from './audit-page';

beforeAll(() => initI18n({ language: 'en', resources: { en: { console: en, 'console-home': enHome } } }));
afterEach(() => vi.unstubAllGlobals());

const entry = (id: string, over: Partial<AuditEntry>): AuditEntry => ({
  id,
  at: '2026-11-20T10:00:00.000Z',
  actor: 'alex@example.com',
  actor_kind: 'user',
  actor_name: 'Alex',
  action: 'campaign.create',
  kind: 'campaign',
  target: '7f9c2a4e-1b2c-4d3e-8f90-123456789abc',
  target_name: 'Invoice lure',
  campaign_name: null,
  details: { status: 201 },
  ...over,
});

const entries: AuditEntry[] = [
  entry('a1', {
    action: 'user.create',
    kind: 'users',
    target: 'u-0193',
    target_name: 'jana@example.com',
  }),
  entry('a2', { action: 'campaign.preview', kind: 'preview' }),
  entry('a3', { action: 'campaign.preview', kind: 'preview' }),
  entry('a4', { action: 'campaign.preview', kind: 'preview' }),
  entry('a5', {
    actor: 'api key hw_ab12',
    actor_kind: 'api_key',
    actor_name: null,
    action: 'campaign.launch',
  }),
  entry('a6', {
    action: 'recipient.remove',
    kind: 'recipients',
    target: 'r-1',
    target_name: null,
    campaign_name: 'Invoice lure',
    details: { status: 204, campaign: 'c-1' },
  }),
  entry('a7', { action: 'POST /api/admin/malicious-urls', kind: 'other', target: null, target_name: null }),
  entry('a8', {
    actor: 'cli:ana',
    actor_kind: 'cli',
    actor_name: null,
    action: 'user.create',
    kind: 'users',
    target_name: 'jan@example.com',
  }),
  entry('a9', {
    actor: 'system',
    actor_kind: 'system',
    actor_name: null,
    action: 'campaign.send_pause',
    kind: 'sending',
  }),
];

let retention: number | null = null;

function api(call: Call) {
  if (call.url.pathname === '/api/admin/settings/audit-retention') {
    if (call.method === 'PUT') retention = (JSON.parse(call.body ?? '{}') as { days: number | null }).days;
    return { json: { days: retention } };
  }
  if (call.url.pathname === '/api/admin/audit') {
    const previews = call.url.searchParams.get('previews') === 'true';
    return { json: { entries: previews ? entries : entries.filter((e) => e.kind !== 'preview') } };
  }
  if (call.url.pathname === '/api/admin/audit/actors') {
    return {
      json: {
        actors: [
          { actor: 'alex@example.com', name: 'Alex' },
          { actor: 'api key hw_ab12', name: null },
          { actor: 'cli:ana', name: null },
        ],
      },
    };
  }
  return undefined;
}

const auditCalls = (calls: Call[]) => calls.filter((c) => c.url.pathname === '/api/admin/audit');

describe('AuditPage', () => {
  it('tells what happened in sentences with names: no codes, ids or JSON', async () => {
    mockFetch(api);
    renderPage(<AuditPage />, { path: '/audit', url: '/audit', role: 'owner' });
    const table = await screen.findByRole('table', { name: 'Changes and sign-ins, newest first' });
    const text = table.textContent ?? '';
    expect(text).toContain('Alex created the user jana@example.com');
    expect(text).toContain('API key hw_ab12 launched the campaign Invoice lure');
    expect(text).toContain('Alex removed a recipient from the campaign Invoice lure');
    expect(text).toContain('Alex made another change');
    expect(text).toContain('Command line (ana) created the user jan@example.com');
    expect(text).toContain('Hookwise itself');
    expect(text).not.toContain('cli:');
    // A code such as campaign.preview standing as a word (an address like jana@example.com is a name).
    for (const cell of within(table).getAllByRole('cell')) {
      expect(cell.textContent).not.toMatch(/(^|[\s(])[a-z]+(_[a-z]+)*\.[a-z]+(_[a-z]+)*($|[\s),])/);
    }
    expect(text).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}/);
    expect(text).not.toContain('{"');
    expect(text).not.toContain('/api/');
    expect(screen.getByText('Previews of campaigns are hidden.')).toBeTruthy();
  });

  it('filters on the server and folds a run of previews into one row', async () => {
    const calls = mockFetch(api);
    renderPage(<AuditPage />, { path: '/audit', url: '/audit', role: 'owner' });
    await screen.findByRole('table');
    expect(auditCalls(calls)[0]?.url.searchParams.get('previews')).toBe('false');

    fireEvent.click(screen.getByLabelText('Show previews'));
    await waitFor(() => expect(screen.getAllByRole('row')).toHaveLength(8));
    const folded = screen.getByRole('row', { name: /previewed the campaign Invoice lure/ });
    expect(within(folded).getByText('×3')).toBeTruthy();

    await screen.findByRole('option', { name: 'Alex (alex@example.com)' });
    fireEvent.change(screen.getByLabelText('Who'), { target: { value: 'alex@example.com' } });
    fireEvent.change(screen.getByLabelText('What'), { target: { value: 'campaign' } });
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-01' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-11-30' } });
    await waitFor(() => expect(auditCalls(calls).at(-1)?.url.searchParams.get('to')).toBeTruthy());
    const last = auditCalls(calls).at(-1)?.url.searchParams;
    expect(last?.get('actor')).toBe('alex@example.com');
    expect(last?.get('kind')).toBe('campaign');
    expect(Date.parse(last?.get('from') ?? '')).toBe(new Date(2026, 10, 1).getTime());
    expect(Date.parse(last?.get('to') ?? '')).toBe(new Date(2026, 10, 30, 23, 59, 59, 999).getTime());
    expect(screen.getByRole('option', { name: 'API key hw_ab12' })).toBeTruthy();
    expect(screen.getByRole('option', { name: 'Command line (ana)' })).toBeTruthy();
  });

  it('exports the filtered log from the server as CSV', async () => {
    const calls = mockFetch((call) =>
      call.url.pathname === '/api/admin/audit.csv' ? { json: 'at,actor\n' } : api(call),
    );
    const created = vi.fn(() => 'blob:audit');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: created, revokeObjectURL: vi.fn() }));
    renderPage(<AuditPage />, { path: '/audit', url: '/audit', role: 'owner' });
    await screen.findByRole('table');
    fireEvent.click(screen.getByRole('button', { name: 'Export as CSV' }));
    await waitFor(() => expect(created).toHaveBeenCalled());
    const csv = calls.find((c) => c.url.pathname === '/api/admin/audit.csv');
    expect(csv?.url.searchParams.get('previews')).toBe('false');
  });

  it('exports the filtered log as JSON too', async () => {
    const calls = mockFetch((call) =>
      call.url.pathname === '/api/admin/audit.json' ? { json: { entries } } : api(call),
    );
    const created = vi.fn(() => 'blob:audit');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: created, revokeObjectURL: vi.fn() }));
    renderPage(<AuditPage />, { path: '/audit', url: '/audit', role: 'owner' });
    await screen.findByRole('table');
    fireEvent.click(screen.getByRole('button', { name: 'Export as JSON' }));
    await waitFor(() => expect(created).toHaveBeenCalled());
    expect(
      calls.find((c) => c.url.pathname === '/api/admin/audit.json')?.url.searchParams.get('previews'),
    ).toBe('false');
  });

  it('keeps entries for ever until the owner picks a period, and saves the choice', async () => {
    retention = null;
    const calls = mockFetch(api);
    renderPage(<AuditPage />, { path: '/audit', url: '/audit', role: 'owner' });
    const select = await screen.findByRole('combobox', { name: 'Keep entries' });
    expect((select as HTMLSelectElement).value).toBe('forever');
    expect(screen.getByRole('option', { name: 'For ever' })).toBeTruthy();
    fireEvent.change(select, { target: { value: '365' } });
    await screen.findByText('Saved.');
    const put = calls.find((c) => c.method === 'PUT');
    expect(JSON.parse(put?.body ?? '{}')).toEqual({ days: 365 });
    expect(screen.getByRole<HTMLSelectElement>('combobox', { name: 'Keep entries' }).value).toBe('365');
  });
});
