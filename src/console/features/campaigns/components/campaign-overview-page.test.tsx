import { screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { CampaignSummary } from '@shared/admin-api';
import { mockFetch, renderPage, setupI18n } from '@console/test/render';
import { CampaignOverviewPage } from './campaign-overview-page';

beforeAll(setupI18n);
afterEach(() => vi.unstubAllGlobals());

const imported: CampaignSummary = {
  id: 'c50',
  tenant_id: 't1',
  name: 'Q1 parcels',
  language_code: 'en',
  status: 'ended',
  starts_at: null,
  ends_at: null,
  ended_at: '2024-03-11T17:00:00.000Z',
  launched_at: '2024-03-04T09:00:00.123Z',
  time_zone: 'UTC',
  created_at: '2026-11-01T08:00:00.000Z',
  recipients: 5,
  imported_from: 'gophish',
};
const file = {
  name: 'Q1 parcels',
  language_code: 'en',
  phishing: {},
  awareness: { content: 'This was a phishing simulation' },
};

describe('CampaignOverviewPage', () => {
  it('says a campaign imported from GoPhish has ended for good and its clicks are unverified', async () => {
    mockFetch((call) => {
      if (call.url.pathname === '/api/admin/campaigns/c50') return { json: { campaign: imported, file } };
      if (call.url.pathname === '/api/admin/campaigns/c50/languages') {
        return { json: { default_language: 'en', languages: [] } };
      }
      return undefined;
    });
    renderPage(<CampaignOverviewPage />, { path: '/campaigns/:id', url: '/campaigns/c50', role: 'operator' });
    await screen.findByRole('heading', { name: 'Q1 parcels' });
    expect(
      screen.getByText(
        "Imported from GoPhish with its results: it has ended and is never launched or sent again. Its clicks are unverified: GoPhish could not tell people from mail scanners, so none counts as a person's click.",
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Launch' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Edit' })).toBeNull();
  });
});
