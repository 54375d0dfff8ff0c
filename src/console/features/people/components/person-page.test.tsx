import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import en from '@locales/en.console.json';
import enPeople from '@locales/en.console-people.json';
import enPerson from '@locales/en.console-person.json';
import type { Person } from '@shared/people';
import type { PeopleListPage, PersonHistory, SavedFilter } from '@shared/person-history';
import { initI18n } from '@console/lib/i18n';
import { mockFetch, renderPage } from '@console/test/render';
import { RecipientsPage } from '@console/features/recipients/components/recipients-page';
import { PeopleListsPage } from './people-lists-page';
import { PeoplePage } from './people-page';
import { PersonPage } from './person-page';

beforeAll(() =>
  initI18n({
    language: 'en',
    resources: { en: { console: en, 'console-people': enPeople, 'console-person': enPerson } },
  }),
);
afterEach(() => vi.unstubAllGlobals());

const ANA: Person = {
  id: 'p1',
  email: 'ana@corp.example',
  person_id: null,
  first_name: 'Ana',
  last_name: 'Lima',
  display_name: null,
  department: 'Finance',
  language_code: 'de',
  manager_name: null,
  active: true,
  deactivated_at: null,
  source: 'recipients',
  groups: [],
  created_at: '2026-01-01T00:00:00Z',
};

const HISTORY: PersonHistory = {
  person: ANA,
  simulations: [
    {
      campaign_id: 'c-parcel',
      campaign_name: 'Parcel',
      language_code: 'de',
      sent_at: '2026-04-01T12:00:00.000Z',
      clicked: true,
      clicked_at: '2026-04-02T09:00:00.000Z',
      verdict: 'human',
      submitted: true,
      reported: false,
      reported_at: null,
      seconds_to_report: null,
      questionnaire_score: null,
      training_completed: false,
      training_assigned_at: null,
    },
    {
      campaign_id: 'c-payroll',
      campaign_name: 'Payroll',
      language_code: 'de',
      sent_at: '2026-01-01T12:00:00.000Z',
      clicked: false,
      clicked_at: null,
      // Only the mail gateway's scanner opened it: no click.
      verdict: 'automated',
      submitted: false,
      reported: true,
      reported_at: '2026-01-01T15:00:00.000Z',
      seconds_to_report: 3 * 3600,
      questionnaire_score: 80,
      training_completed: true,
      training_assigned_at: '2026-01-02T12:00:00.000Z',
    },
  ],
  risk: {
    score: 41,
    band: 'medium',
    baseline: 20,
    counted: 2,
    factors: [
      { factor: 'clicked', count: 1, points: 15 },
      { factor: 'reported', count: 1, points: -6.3 },
    ],
  },
};

describe('PersonPage', () => {
  it('tells the person’s risk, its reasons and each simulation in words', async () => {
    mockFetch((call) =>
      call.url.pathname === '/api/admin/people/p1/history' ? { json: HISTORY } : undefined,
    );
    renderPage(<PersonPage />, { path: '/people/:id', url: '/people/p1', role: 'viewer' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Ana Lima' })).toBeTruthy();
    const risk = screen.getByRole('region', { name: 'Risk' });
    expect(risk.textContent).toContain('Risk score: 41 out of 100');
    expect(risk.textContent).toContain('Medium risk');
    const reasons = within(risk)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(reasons).toEqual([
      'Everyone starts at 20 points.',
      'Clicks on the link: 1, adding 15 points',
      'Reports: 1, taking away 6.3 points',
    ]);
    const timeline = screen.getByRole('region', { name: 'Simulations received' });
    expect(
      within(timeline).getByRole('heading', { name: 'Parcel: sent on April 1, 2026, in Deutsch' }),
    ).toBeTruthy();
    expect(timeline.textContent).toContain('Clicked the link on April 2, 2026.');
    expect(timeline.textContent).toContain('Submitted the form on the page. What was typed is never kept.');
    expect(timeline.textContent).toContain(
      'Did not click the link: only a mail scanner opened it (not counted as a click).',
    );
    expect(timeline.textContent).toContain('Reported it 3 hours after it was sent.');
    expect(timeline.textContent).toContain('Finished the training.');
    expect(timeline.textContent).toContain('Questionnaire score: 80');
    expect(document.body.textContent).not.toMatch(/\{\{|p1|training_completed|medium\b/);
    // A viewer reads; only operators send training.
    expect(screen.queryByRole('button', { name: 'Send the training' })).toBeNull();
  });

  it('lets an operator send a simulation’s training, and says when it was sent', async () => {
    let assignedAt: string | null = null;
    const calls = mockFetch((call) => {
      if (call.url.pathname === '/api/admin/people/p1/history') {
        const [parcel, payroll] = HISTORY.simulations;
        return {
          json: { ...HISTORY, simulations: [{ ...parcel, training_assigned_at: assignedAt }, payroll] },
        };
      }
      if (call.url.pathname === '/api/admin/training/assignments' && call.method === 'POST') {
        assignedAt = '2026-04-03T08:00:00.000Z';
        return {
          status: 201,
          json: {
            created: true,
            assignment: {
              id: 'a1',
              person: { id: 'p1', email: ANA.email, display_name: null, department: 'Finance' },
              campaign_id: 'c-parcel',
              campaign_name: 'Parcel',
              reason: 'manual',
              status: 'assigned',
              assigned_at: assignedAt,
              invited_at: null,
              reminded_at: null,
              completed_at: null,
              score: null,
            },
          },
        };
      }
      return undefined;
    });
    renderPage(<PersonPage />, { path: '/people/:id', url: '/people/p1', role: 'operator' });
    const timeline = await screen.findByRole('region', { name: 'Simulations received' });
    // Only the simulation without training has the button; it is described by its simulation.
    const send = within(timeline).getByRole('button', { name: 'Send the training' });
    expect(within(timeline).getAllByRole('button')).toHaveLength(1);
    expect(document.getElementById(send.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Parcel: sent on April 1, 2026, in Deutsch',
    );
    fireEvent.click(send);
    expect((await within(timeline).findByRole('status')).textContent).toBe(
      'The training is on its way to this person.',
    );
    const post = calls.find((c) => c.method === 'POST')!;
    expect(JSON.parse(post.body ?? '{}')).toEqual({ person: 'p1', campaign_id: 'c-parcel' });
    expect(
      await within(timeline).findByText('Training sent on April 3, 2026, not finished yet.'),
    ).toBeTruthy();
    expect(within(timeline).queryByRole('button', { name: 'Send the training' })).toBeNull();
  });

  it('says in words why a training cannot be sent', async () => {
    mockFetch((call) => {
      if (call.url.pathname === '/api/admin/people/p1/history') return { json: HISTORY };
      if (call.url.pathname === '/api/admin/training/assignments')
        return {
          status: 409,
          json: { error: { code: 'campaign_not_running', message: 'The campaign was not sent by Hookwise' } },
        };
      return undefined;
    });
    renderPage(<PersonPage />, { path: '/people/:id', url: '/people/p1', role: 'operator' });
    fireEvent.click(await screen.findByRole('button', { name: 'Send the training' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Hookwise did not send this simulation, so there is no sending profile to send the training with.',
    );
  });
});

describe('PeopleListsPage', () => {
  it('shows each list with the figures that put people on it', async () => {
    const calls = mockFetch((call) => {
      const match = /^\/api\/admin\/people\/lists\/(.+)$/.exec(call.url.pathname);
      if (!match) return undefined;
      const list = match[1] as PeopleListPage['list'];
      const page: PeopleListPage = {
        list,
        months: 12,
        total: list === 'top-reporters' ? 0 : 1,
        items:
          list === 'top-reporters'
            ? []
            : [
                {
                  person: ANA,
                  simulations: 12,
                  clicks: 3,
                  submissions: 1,
                  reports: 0,
                  last_clicked_at: '2026-04-02T09:00:00.000Z',
                  last_reported_at: null,
                },
              ],
        offset: 0,
        limit: 50,
      };
      return { json: page };
    });
    renderPage(<PeopleListsPage />, { path: '/people/lists', url: '/people/lists', role: 'viewer' });
    expect(await screen.findByRole('heading', { level: 2, name: 'Repeat offenders' })).toBeTruthy();
    const row = within(await screen.findByRole('table')).getAllByRole('row')[1]!;
    expect(within(row).getByRole('link', { name: 'Ana Lima' }).getAttribute('href')).toBe('/people/p1');
    expect([...row.querySelectorAll('td')].map((td) => td.textContent)).toEqual([
      '12',
      '3',
      '1',
      '0',
      'April 2, 2026',
      'None',
    ]);
    fireEvent.click(screen.getByRole('radio', { name: 'Top reporters' }));
    expect(await screen.findByText('No one is on this list.')).toBeTruthy();
    expect(calls.map((c) => c.url.pathname)).toContain('/api/admin/people/lists/top-reporters');
  });
});

describe('smart groups', () => {
  it('saves the current filters as a smart group, lists who matches it, and adds them to a campaign', async () => {
    const saved: SavedFilter = {
      id: 'f1',
      name: 'Finance, high risk',
      filter: { department: 'Finance', risk_band: 'high' },
      created_at: '2026-06-01T00:00:00Z',
      updated_at: '2026-06-01T00:00:00Z',
    };
    let filters: SavedFilter[] = [];
    const calls = mockFetch((call) => {
      const path = call.url.pathname;
      if (path === '/api/admin/people/groups')
        return {
          json: { groups: [], departments: [{ name: 'Finance', active_people: 1 }], active_people: 1 },
        };
      if (path === '/api/admin/people/filters' && call.method === 'POST') {
        filters = [saved];
        return { status: 201, json: saved };
      }
      if (path === '/api/admin/people/filters') return { json: { filters } };
      if (path === '/api/admin/people') return { json: { total: 1, items: [ANA], offset: 0, limit: 50 } };
      if (path === '/api/admin/campaigns/c1/recipients/from-people')
        return { json: { added: 1, already_recipients: 0 } };
      if (path === '/api/admin/campaigns/c1/recipients')
        return { json: { total: 0, items: [], offset: 0, limit: 50 } };
      return undefined;
    });
    const view = renderPage(<PeoplePage />, { path: '/people', url: '/people', role: 'operator' });
    const search = await screen.findByRole('search');
    await within(search).findByRole('option', { name: 'Finance' });
    fireEvent.change(within(search).getByLabelText('Department'), { target: { value: 'Finance' } });
    const groups = screen.getByRole('region', { name: 'Smart groups' });
    const form = within(groups).getByRole('form', { name: 'New smart group' });
    fireEvent.change(within(form).getByLabelText('Name'), { target: { value: 'Finance, high risk' } });
    expect(within(form).getByLabelText<HTMLSelectElement>('Department').value).toBe('Finance');
    fireEvent.change(within(form).getByLabelText('Risk'), { target: { value: 'high' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save the smart group' }));
    expect(await within(groups).findByText('Smart group Finance, high risk saved.')).toBeTruthy();
    const post = calls.find((c) => c.method === 'POST')!;
    expect(JSON.parse(post.body ?? '{}')).toEqual({
      name: 'Finance, high risk',
      filter: { department: 'Finance', risk_band: 'high' },
    });
    await waitFor(() =>
      expect(
        calls.some(
          (c) => c.url.pathname === '/api/admin/people' && c.url.searchParams.get('filter') === 'f1',
        ),
      ).toBe(true),
    );
    view.unmount();

    renderPage(<RecipientsPage />, {
      path: '/campaigns/:id/recipients',
      url: '/campaigns/c1/recipients',
      role: 'operator',
    });
    const add = await screen.findByRole('form', { name: 'Add from people' });
    fireEvent.click(await within(add).findByRole('radio', { name: 'The people of a smart group' }));
    fireEvent.change(within(add).getByLabelText('Smart group'), { target: { value: 'f1' } });
    fireEvent.click(within(add).getByRole('button', { name: 'Add these recipients' }));
    expect((await within(add).findByRole('status')).textContent).toBe(
      'Recipients added: 1. Already recipients: 0.',
    );
    const audience = calls.filter((c) => c.method === 'POST').at(-1)!;
    expect(JSON.parse(audience.body ?? '{}')).toEqual({ audience: { kind: 'filter', filter_id: 'f1' } });
  });
});
