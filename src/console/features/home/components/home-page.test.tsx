import { screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import en from '@locales/en.console.json';
import enHome from '@locales/en.console-home.json';
import { initI18n } from '@console/lib/i18n';
import { mockFetch, renderPage, type Call } from '@console/test/render';
import { HomePage } from './home-page';

beforeAll(() => initI18n({ language: 'en', resources: { en: { console: en, 'console-home': enHome } } }));
afterEach(() => vi.unstubAllGlobals());

const campaign = (id: string, name: string, status: string) => ({
  id,
  tenant_id: 't1',
  name,
  language_code: 'en',
  status,
  starts_at: null,
  ends_at: null,
  ended_at: status === 'ended' ? '2026-11-10T00:00:00.000Z' : null,
  launched_at: '2026-11-01T08:00:00.000Z',
  time_zone: 'UTC',
  created_at: '2026-11-01T08:00:00.000Z',
  recipients: 10,
});

const trend = (id: string, name: string, started: string, click: number | null) => ({
  id,
  name,
  started_at: started,
  recipients: 10,
  sent: click === null ? 0 : 10,
  click_rate: click,
  entered_data_rate: click === null ? null : 0.1,
  completion_rate: null,
  average_score: null,
});

function api(call: Call) {
  switch (call.url.pathname) {
    case '/api/admin/campaigns':
      return {
        json: {
          campaigns: [
            campaign('c1', 'Parcel notice', 'running'),
            campaign('c2', 'Invoice lure', 'running'),
            campaign('c3', 'Old test', 'ended'),
          ],
        },
      };
    case '/api/admin/trends':
      return {
        json: {
          campaigns: [
            trend('c1', 'Parcel notice', '2026-11-20T08:00:00.000Z', 0.25),
            trend('c2', 'Invoice lure', '2026-11-21T08:00:00.000Z', null),
            trend('c3', 'Old test', '2026-10-01T08:00:00.000Z', 0.5),
          ],
        },
      };
    case '/api/admin/sending-health':
      return {
        json: {
          campaigns: [
            { campaign_id: 'c1', state: 'ok', failure: null, since: null },
            {
              campaign_id: 'c2',
              state: 'paused',
              failure: { cause: 'name_not_resolved', detail: 'smtp.invalid:25' },
              since: '2026-11-21T08:05:00.000Z',
            },
          ],
        },
      };
    case '/api/admin/reports':
      return {
        json: {
          reports: ['a', 'b', 'c'].map((id, i) => ({
            id,
            url: `https://bad-${id}.example/`,
            reporter: null,
            reporters: [],
            report_count: 1,
            first_reported_at: '2026-11-20T08:00:00.000Z',
            last_reported_at: '2026-11-20T08:00:00.000Z',
            decision: i === 0 ? 'TP' : null,
            known_malicious: false,
          })),
        },
      };
    default:
      return undefined;
  }
}

const section = (name: string) => screen.getByRole('region', { name });

describe('HomePage', () => {
  it('shows the running campaigns, sending health with its cause, the latest results and the queue, each linked', async () => {
    mockFetch(api);
    renderPage(<HomePage />, { path: '/', url: '/', role: 'operator' });
    await screen.findByText('People who clicked: 25%');

    const running = section('Campaigns running');
    expect(within(running).getByRole('link', { name: 'Results of Parcel notice' }).getAttribute('href')).toBe(
      '/campaigns/c1/results',
    );
    expect(within(running).getByText('Nothing sent yet')).toBeTruthy();
    expect(within(running).queryByText('Old test')).toBeNull();

    const sending = await screen.findByRole('link', { name: 'Open Invoice lure' });
    expect(sending.textContent).toBe('Invoice lure: paused after repeated failures');
    expect(sending.getAttribute('href')).toBe('/campaigns/c2');
    expect(within(section('Sending')).getByText("the relay's name does not resolve")).toBeTruthy();
    // Problems first.
    expect(within(section('Sending')).getAllByRole('listitem')[0]?.textContent).toContain('paused');

    const results = section('Latest results');
    const lines = within(results)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(lines).toEqual([
      'Parcel notice: 25% clicked, 10% entered data',
      'Old test: 50% clicked, 10% entered data',
    ]);

    const queue = section('Reviewer queue');
    expect(within(queue).getByText('Reported addresses waiting for a decision: 2')).toBeTruthy();
    expect(within(queue).getByRole('link', { name: 'Open the reviewer queue' }).getAttribute('href')).toBe(
      '/reviewers',
    );
    expect(screen.queryByText(/You can read everything here/)).toBeNull();
  });

  it('tells a viewer what they may do', async () => {
    mockFetch(api);
    renderPage(<HomePage />, { path: '/', url: '/', role: 'viewer' });
    expect(
      (
        await screen.findByText('You can read everything here. Changing campaigns needs the operator role.')
      ).closest('[role="status"]'),
    ).toBeTruthy();
  });
});
