import { screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { CampaignStatus, CampaignSummary } from '@shared/admin-api';
import { mockFetch, renderPage, setupI18n } from '@console/test/render';
import { CampaignsPage } from './campaigns-page';

beforeAll(setupI18n);
afterEach(() => vi.unstubAllGlobals());

const campaign = (status: CampaignStatus, name: string): CampaignSummary => ({
  id: `c-${status}`,
  tenant_id: 't1',
  name,
  language_code: 'en',
  status,
  starts_at: status === 'draft' ? null : '2026-12-01T08:00:00.000Z',
  ends_at: null,
  ended_at: status === 'ended' ? '2026-12-20T08:00:00.000Z' : null,
  launched_at: status === 'draft' ? null : '2026-11-30T08:00:00.000Z',
  time_zone: 'Europe/Paris',
  created_at: '2026-11-01T08:00:00.000Z',
  recipients: 1234,
});

const campaigns = [
  campaign('draft', 'Winter payroll'),
  campaign('scheduled', 'Parcel notice'),
  campaign('running', 'Password expiry'),
  campaign('ended', 'Gift card'),
];

const rowOf = (name: string) => screen.getByRole('row', { name: new RegExp(name) });

describe('CampaignsPage', () => {
  it('lists every campaign with its status in words, dates in its time zone and its recipients', async () => {
    mockFetch((call) => (call.url.pathname === '/api/admin/campaigns' ? { json: { campaigns } } : undefined));
    renderPage(<CampaignsPage />, { path: '/campaigns', url: '/campaigns', role: 'operator' });
    await screen.findByRole('table', { name: /Campaigns of this workspace: 4/ });
    expect(within(rowOf('Winter payroll')).getByText('Draft')).toBeTruthy();
    expect(within(rowOf('Parcel notice')).getByText('Scheduled')).toBeTruthy();
    expect(within(rowOf('Password expiry')).getByText('Running')).toBeTruthy();
    expect(within(rowOf('Gift card')).getByText('Ended')).toBeTruthy();
    // 08:00 UTC is 09:00 in Paris in December.
    expect(rowOf('Parcel notice').textContent).toMatch(/9:00/);
    expect(rowOf('Parcel notice').textContent).toContain('1,234');
    // Only what can still be ended offers End.
    expect(screen.getAllByRole('button', { name: /^End / }).map((b) => b.getAttribute('aria-label'))).toEqual(
      ['End Parcel notice', 'End Password expiry'],
    );
    expect(screen.getByRole('button', { name: 'Create and edit' })).toBeTruthy();
  });

  it('shows a viewer no buttons that change anything', async () => {
    mockFetch((call) => (call.url.pathname === '/api/admin/campaigns' ? { json: { campaigns } } : undefined));
    renderPage(<CampaignsPage />, { path: '/campaigns', url: '/campaigns', role: 'viewer' });
    await screen.findByRole('table');
    const buttons = screen.getAllByRole('button').map((b) => b.textContent);
    expect(new Set(buttons)).toEqual(new Set(['Export']));
    expect(screen.queryByRole('form', { name: 'New campaign' })).toBeNull();
    expect(screen.queryByLabelText('Campaign file (JSON)')).toBeNull();
    expect(screen.getAllByRole('link', { name: /^Open / })).toHaveLength(4);
  });

  it('shows a campaign whose sending was paused for failures, and why, in the list', async () => {
    mockFetch((call) => {
      if (call.url.pathname === '/api/admin/campaigns') return { json: { campaigns } };
      if (call.url.pathname === '/api/admin/sending-health')
        return {
          json: {
            campaigns: [
              {
                campaign_id: 'c-running',
                state: 'paused',
                failure: { cause: 'connection_refused', detail: 'smtp.example.com:587' },
                since: '2026-12-01T09:00:00.000Z',
              },
            ],
          },
        };
      return undefined;
    });
    renderPage(<CampaignsPage />, { path: '/campaigns', url: '/campaigns', role: 'operator' });
    await screen.findByText('Sending paused');
    expect(rowOf('Password expiry').textContent).toContain(
      'Sending paused: the relay refused the connection (smtp.example.com:587): check the host and port',
    );
    expect(rowOf('Parcel notice').textContent).not.toContain('Sending');
  });
});
