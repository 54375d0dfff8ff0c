import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import en from '@locales/en.console.json';
import enAutomations from '@locales/en.console-automations.json';
import type { Automation, AutomationPlan, PlanItem } from '@shared/automations';
import { initI18n } from '@console/lib/i18n';
import { mockFetch, renderPage } from '@console/test/render';
import { AutomationsPage } from './automations-page';

beforeAll(() =>
  initI18n({ language: 'en', resources: { en: { console: en, 'console-automations': enAutomations } } }),
);
afterEach(() => vi.unstubAllGlobals());

const MONTHLY: Automation = {
  id: 'a1',
  name: 'Monthly',
  audience: { kind: 'filter', filter_id: 'f1' },
  profile_id: 'p1',
  starting_level: 2,
  working_hours: { start: '09:00', end: '17:00' },
  time_zone: 'Europe/Berlin',
  state: 'active',
  created_at: '2026-11-01T00:00:00.000Z',
  updated_at: '2026-11-01T00:00:00.000Z',
};

const item = (over: Partial<PlanItem>): PlanItem => ({
  person: { id: 'x', email: 'x@example.com', name: 'X', department: 'Finance' },
  time_zone: 'Asia/Tokyo',
  language_code: 'en',
  level: 2,
  previous_level: 2,
  reason: 'same',
  needs_training: false,
  training: null,
  scenario: { id: 'voicemail', title: 'Missed voicemail', difficulty: 2, lure: 'voicemail' },
  planned_at: '2027-01-14T01:30:00.000Z',
  local_time: '2027-01-14 10:30',
  state: 'planned',
  skip_reason: null,
  campaign_id: null,
  why: '',
  ...over,
});

const PLAN: AutomationPlan = {
  automation_id: 'a1',
  month: '2027-01',
  provisional: true,
  rule: '',
  items: [
    item({
      person: { id: 'ann', email: 'ann@example.com', name: 'Ann Lee', department: 'Finance' },
      level: 1,
      reason: 'clicked_last',
      needs_training: true,
      training: 'by_policy',
    }),
    item({
      person: { id: 'cy', email: 'cy@example.com', name: 'Cy Ono', department: 'Sales' },
      level: 1,
      reason: 'clicked_last',
      needs_training: true,
      training: 'policy_off',
    }),
    item({
      person: { id: 'bo', email: 'bo@example.com', name: null, department: null },
      level: 3,
      reason: 'reported_last_two',
      scenario: null,
      planned_at: null,
      local_time: null,
      state: 'skipped',
      skip_reason: 'no_scenario_left',
    }),
  ],
};

describe('AutomationsPage', () => {
  it('lists automations in words, pauses one, shows its plan with the rule, and creates one', async () => {
    let state: Automation['state'] = 'active';
    const calls = mockFetch((call) => {
      const path = call.url.pathname;
      if (path === '/api/admin/automations' && call.method === 'GET')
        return { json: { automations: [{ ...MONTHLY, state }] } };
      if (path === '/api/admin/automations/a1/pause') {
        state = 'paused';
        return { json: { ...MONTHLY, state } };
      }
      if (path === '/api/admin/automations/a1/plan') return { json: PLAN };
      if (path === '/api/admin/automations' && call.method === 'POST')
        return { status: 201, json: { ...MONTHLY, id: 'a2', name: 'Sales monthly' } };
      if (path === '/api/admin/sending-profiles')
        return {
          json: {
            profiles: [
              {
                id: 'p1',
                name: 'Relay',
                host: 'smtp.example',
                port: 25,
                tls: 'none',
                username: null,
                envelope_from: 'b@example.com',
                header_from: null,
                headers: {},
                has_password: false,
                created_at: '2026-11-01T00:00:00.000Z',
                updated_at: '2026-11-01T00:00:00.000Z',
              },
            ],
          },
        };
      if (path === '/api/admin/people/groups')
        return { json: { groups: [], departments: [{ name: 'Sales', active_people: 4 }], active_people: 4 } };
      if (path === '/api/admin/people/filters')
        return {
          json: {
            filters: [
              {
                id: 'f1',
                name: 'Never reported',
                filter: {},
                created_at: '2026-11-01T00:00:00.000Z',
                updated_at: '2026-11-01T00:00:00.000Z',
              },
            ],
          },
        };
      return undefined;
    });
    renderPage(<AutomationsPage />, { path: '/automations', url: '/automations', role: 'operator' });
    const table = await screen.findByRole('table', { name: 'Your automations' });
    const row = within(table).getByRole('row', { name: /Monthly/ });
    await waitFor(() => expect(within(row).getByText('Smart group: Never reported')).toBeTruthy());
    expect(within(row).getByText('09:00–17:00, Monday to Friday')).toBeTruthy();

    fireEvent.click(within(row).getByRole('button', { name: 'Pause: Monthly' }));
    await waitFor(() => expect(within(table).getByText('Paused')).toBeTruthy());
    expect(within(table).getByRole('button', { name: 'Resume: Monthly' })).toBeTruthy();

    fireEvent.click(within(table).getByRole('button', { name: "Next month's plan: Monthly" }));
    const plan = await screen.findByRole('table', {
      name: 'Who gets which scenario, when, at which level, and why',
    });
    expect(calls.some((c) => c.url.pathname === '/api/admin/automations/a1/plan')).toBe(true);
    expect(screen.getByRole('heading', { level: 2, name: 'Monthly: plan for January 2027' })).toBeTruthy();
    expect(screen.getByText(/Not planned yet/)).toBeTruthy();
    expect(screen.getByText(/^The rule: everyone starts/)).toBeTruthy();
    const ann = within(plan).getByRole('row', { name: /Ann Lee/ });
    expect(
      within(ann)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual([
      expect.stringMatching(/Jan 14, 2027.*10:30.*GMT\+9/),
      '2 → 1',
      'Missed voicemail',
      'Clicked the last one: one level easier. Needs training: the training policy sends it automatically.',
    ]);
    // With the policy off the plan says so, rather than promise training nobody sends.
    const cy = within(plan).getByRole('row', { name: /Cy Ono/ });
    expect(
      within(cy).getByText(
        'Needs training: the training policy does not send it (the policy is off, or the click came before it was turned on), so assign it by hand.',
      ),
    ).toBeTruthy();
    const bo = within(plan).getByRole('row', { name: /bo@example\.com/ });
    expect(within(bo).getByText('No department')).toBeTruthy();
    expect(within(bo).getByText('Nothing this month: every scenario was already sent to them.')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Sales monthly' } });
    fireEvent.change(screen.getByLabelText('Audience'), { target: { value: 'department:Sales' } });
    fireEvent.change(screen.getByLabelText('Time zone of people without one'), {
      target: { value: 'Europe/Berlin' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Create automation' }));
    await screen.findByText('Automation created. The current month is planned within a minute.');
    const created = calls.find((c) => c.url.pathname === '/api/admin/automations' && c.method === 'POST');
    expect(JSON.parse(created?.body ?? '{}')).toEqual({
      name: 'Sales monthly',
      audience: { kind: 'department', department: 'Sales' },
      profile_id: 'p1',
      starting_level: 2,
      working_hours: { start: '09:00', end: '17:00' },
      time_zone: 'Europe/Berlin',
    });
  });
});
