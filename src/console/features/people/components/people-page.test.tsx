import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import en from '@locales/en.console.json';
import enPeople from '@locales/en.console-people.json';
import type { PeoplePage as PeoplePageData, Person } from '@shared/people';
import { initI18n } from '@console/lib/i18n';
import { mockFetch, renderPage } from '@console/test/render';
import { RecipientsPage } from '@console/features/recipients/components/recipients-page';
import { SettingsPage } from '@console/features/tenants/components/settings-page';
import { PeoplePage } from './people-page';

beforeAll(() => initI18n({ language: 'en', resources: { en: { console: en, 'console-people': enPeople } } }));
afterEach(() => vi.unstubAllGlobals());

const person = (over: Partial<Person>): Person => ({
  id: 'p1',
  email: 'ana@corp.example',
  person_id: null,
  first_name: 'Ana',
  last_name: 'Lima',
  display_name: null,
  department: 'Finance',
  language_code: 'pt',
  manager_name: null,
  active: true,
  deactivated_at: null,
  source: 'scim',
  groups: ['Pilot'],
  created_at: '2026-12-01T00:00:00Z',
  ...over,
});

const FACETS = {
  groups: [{ id: 'g1', name: 'Pilot', active_members: 1 }],
  departments: [{ name: 'Finance', active_people: 1 }],
  active_people: 1,
};

describe('PeoplePage', () => {
  it('lists people with their department, groups, language and state, and filters them', async () => {
    const calls = mockFetch((call) => {
      if (call.url.pathname === '/api/admin/people/groups') return { json: FACETS };
      if (call.url.pathname !== '/api/admin/people') return undefined;
      const deactivated = call.url.searchParams.get('state') === 'deactivated';
      const items = deactivated
        ? [
            person({
              id: 'p2',
              email: 'ben@corp.example',
              first_name: null,
              last_name: null,
              active: false,
              groups: [],
              department: null,
              language_code: null,
            }),
          ]
        : [person({})];
      const page: PeoplePageData = { total: items.length, items, offset: 0, limit: 50 };
      return { json: page };
    });
    renderPage(<PeoplePage />, { path: '/people', url: '/people', role: 'viewer' });
    expect(await screen.findByRole('heading', { level: 1, name: 'People' })).toBeTruthy();
    const table = await screen.findByRole('table');
    const row = within(table).getAllByRole('row')[1]!;
    expect(row.textContent).toContain('Ana Lima');
    expect(row.textContent).toContain('ana@corp.example');
    expect(row.textContent).toContain('Finance');
    expect(row.textContent).toContain('Pilot');
    expect(row.textContent).toContain('Português');
    expect(row.textContent).toContain('Active');
    expect(screen.getByText('People found: 1')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('State'), { target: { value: 'deactivated' } });
    await waitFor(() => expect(screen.getByRole('table').textContent).toContain('ben@corp.example'));
    const ben = within(screen.getByRole('table')).getAllByRole('row')[1]!;
    expect(ben.textContent).toContain('Deactivated');
    expect(ben.textContent).toContain('Not given');
    fireEvent.change(screen.getByLabelText('Group'), { target: { value: 'g1' } });
    fireEvent.change(screen.getByLabelText('Department'), { target: { value: 'Finance' } });
    fireEvent.change(screen.getByLabelText('Name, e-mail, person ID or department'), {
      target: { value: ' lima ' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => {
      const last = calls.filter((c) => c.url.pathname === '/api/admin/people').at(-1)!;
      expect(Object.fromEntries(last.url.searchParams)).toEqual({
        state: 'deactivated',
        offset: '0',
        limit: '50',
        q: 'lima',
        group: 'g1',
        department: 'Finance',
      });
    });
    // Nothing raw in front of a person: no ids, codes or placeholders.
    expect(document.body.textContent).not.toMatch(/\{\{|p1|g1|scim|pt\b/);
  });
});

describe('Settings: directory sync', () => {
  it('gives an owner the tenant URL and a token shown once, and revokes it after asking', async () => {
    let live: { prefix: string; created_at: string; created_by: string } | null = null;
    mockFetch((call) => {
      if (call.url.pathname === '/api/admin/settings/scim/token' && call.method === 'POST') {
        live = { prefix: 'Ab12Cd34', created_at: '2026-12-08T09:00:00Z', created_by: 'owner@example.com' };
        return {
          status: 201,
          json: {
            token: 'hwscim_Ab12Cd34_secret',
            prefix: 'Ab12Cd34',
            endpoint_url: 'https://admin.example/scim/v2',
          },
        };
      }
      if (call.url.pathname === '/api/admin/settings/scim/token' && call.method === 'DELETE') {
        live = null;
        return { status: 204 };
      }
      if (call.url.pathname === '/api/admin/settings/scim') {
        return { json: { endpoint_url: 'https://admin.example/scim/v2', token: live } };
      }
      if (call.url.pathname === '/api/admin/settings/egress-networks') return { json: { networks: [] } };
      if (call.url.pathname === '/api/admin/settings/mfa') return { json: { required: false } };
      return undefined;
    });
    renderPage(<SettingsPage />, { path: '/settings', url: '/settings', role: 'owner' });
    const section = await screen.findByRole('region', { name: 'Directory sync (SCIM)' });
    expect((await within(section).findByLabelText<HTMLInputElement>('Tenant URL')).value).toBe(
      'https://admin.example/scim/v2',
    );
    expect(
      within(section).getByText('There is no secret token yet: your directory cannot connect.'),
    ).toBeTruthy();
    fireEvent.click(within(section).getByRole('button', { name: 'Create the secret token' }));
    expect((await within(section).findByLabelText<HTMLInputElement>('Your new secret token')).value).toBe(
      'hwscim_Ab12Cd34_secret',
    );
    await within(section).findByText(/it starts with Ab12Cd34/);
    fireEvent.click(within(section).getByRole('button', { name: 'Revoke the token' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revoke the secret token?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Revoke the token' }));
    await within(section).findByText('There is no secret token yet: your directory cannot connect.');
    expect(within(section).queryByLabelText('Your new secret token')).toBeNull();
  });

  it('tells others that only an owner sets it up, and asks the server nothing', async () => {
    const calls = mockFetch((call) => {
      if (call.url.pathname === '/api/admin/settings/egress-networks') return { json: { networks: [] } };
      if (call.url.pathname === '/api/admin/settings/mfa') return { json: { required: false } };
      return undefined;
    });
    renderPage(<SettingsPage />, { path: '/settings', url: '/settings', role: 'operator' });
    const section = await screen.findByRole('region', { name: 'Directory sync (SCIM)' });
    expect(within(section).getByText('Only an owner can set up directory sync.')).toBeTruthy();
    expect(within(section).queryByRole('button')).toBeNull();
    expect(calls.some((c) => c.url.pathname.startsWith('/api/admin/settings/scim'))).toBe(false);
  });
});

describe('Recipients: add from people', () => {
  it('adds a group’s active people and says how many', async () => {
    const calls = mockFetch((call) => {
      if (call.url.pathname === '/api/admin/people/groups') return { json: FACETS };
      if (call.url.pathname === '/api/admin/campaigns/c1/recipients/from-people') {
        return { json: { added: 1, already_recipients: 0 } };
      }
      if (call.url.pathname === '/api/admin/campaigns/c1/recipients') {
        return { json: { total: 0, items: [], offset: 0, limit: 50 } };
      }
      return undefined;
    });
    renderPage(<RecipientsPage />, {
      path: '/campaigns/:id/recipients',
      url: '/campaigns/c1/recipients',
      role: 'operator',
    });
    const form = await screen.findByRole('form', { name: 'Add from people' });
    fireEvent.click(await within(form).findByRole('radio', { name: 'The people of a group' }));
    fireEvent.change(within(form).getByLabelText('Group'), { target: { value: 'g1' } });
    expect(within(form).getByRole('option', { name: 'Pilot (1)' })).toBeTruthy();
    fireEvent.click(within(form).getByRole('button', { name: 'Add these recipients' }));
    expect((await within(form).findByRole('status')).textContent).toBe(
      'Recipients added: 1. Already recipients: 0.',
    );
    const post = calls.find((c) => c.method === 'POST')!;
    expect(JSON.parse(post.body ?? '{}')).toEqual({ audience: { kind: 'group', group_id: 'g1' } });
  });
});
