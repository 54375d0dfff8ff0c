import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { CampaignSummary } from '@shared/admin-api';
import type { SendingProgress } from '@shared/sending';
import { mockFetch, renderPage, setupI18n } from '@console/test/render';
import { SendingPanel } from './sending-panel';

beforeAll(setupI18n);
afterEach(() => vi.unstubAllGlobals());

const campaign: CampaignSummary = {
  id: 'c1',
  tenant_id: 't1',
  name: 'Password expiry',
  language_code: 'en',
  status: 'running',
  starts_at: null,
  ends_at: null,
  ended_at: null,
  launched_at: '2026-11-30T08:00:00.000Z',
  time_zone: 'Europe/Paris',
  created_at: '2026-11-01T08:00:00.000Z',
  recipients: 3,
};

const counts = { queued: 0, sending: 0, sent: 0, failed: 0, cancelled: 0 };
const idle: SendingProgress = {
  state: null,
  profile_id: null,
  starts_at: null,
  rate_per_minute: null,
  counts,
  next_due_at: null,
  failures: [],
  health: { state: 'ok', failure: null, since: null },
};
const profile = {
  id: 'p1',
  name: 'Relay',
  host: 'smtp.example.com',
  port: 587,
  tls: 'starttls',
  username: null,
  envelope_from: 'b@example.com',
  header_from: null,
  headers: {},
  has_password: false,
  created_at: '2026-11-01T08:00:00.000Z',
  updated_at: '2026-11-01T08:00:00.000Z',
};

describe('SendingPanel', () => {
  it('sends with the chosen profile and pace, then shows progress with the SMTP reply of failures', async () => {
    let progress = idle;
    const calls = mockFetch((call) => {
      if (call.url.pathname === '/api/admin/sending-profiles') return { json: { profiles: [profile] } };
      if (call.url.pathname === '/api/admin/campaigns/c1/sending' && call.method === 'POST') {
        progress = {
          ...idle,
          state: 'running',
          counts: { ...counts, sent: 2, failed: 1 },
          failures: [
            {
              recipient_id: 'r3',
              email: 'gone@example.com',
              attempts: 1,
              reply: '550 5.1.1 No such user',
              cause: 'relay_refused',
            },
          ],
        };
        return { json: progress };
      }
      if (call.url.pathname === '/api/admin/campaigns/c1/sending') return { json: progress };
      return undefined;
    });
    renderPage(<SendingPanel campaign={campaign} canChange />, { path: '/', url: '/', role: 'operator' });
    await screen.findByText("Hookwise has not sent this campaign's email.");
    await screen.findByRole('option', { name: 'Relay (smtp.example.com:587)' });
    fireEvent.change(screen.getByLabelText('Messages per minute'), { target: { value: '30' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send the campaign' }));
    const failures = await screen.findByRole('table', { name: 'Messages not sent' });
    expect(within(failures).getByText('the relay refused the message: 550 5.1.1 No such user')).toBeTruthy();
    const sent = calls.find((c) => c.method === 'POST');
    expect(JSON.parse(sent?.body ?? '{}')).toMatchObject({
      profile_id: 'p1',
      rate_per_minute: 30,
      spread_minutes: 0,
    });
    expect(screen.getByRole('button', { name: 'Pause' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Cancel sending' })).toBeTruthy();
  });

  it('shows a viewer the progress and no controls', async () => {
    mockFetch((call) =>
      call.url.pathname === '/api/admin/campaigns/c1/sending'
        ? { json: { ...idle, state: 'paused', counts: { ...counts, queued: 5 } } }
        : undefined,
    );
    renderPage(<SendingPanel campaign={campaign} canChange={false} />, {
      path: '/',
      url: '/',
      role: 'viewer',
    });
    await screen.findByText(/Paused/);
    expect(screen.queryAllByRole('button')).toEqual([]);
  });

  it('says in plain words that sending was paused because the relay name does not resolve', async () => {
    mockFetch((call) =>
      call.url.pathname === '/api/admin/campaigns/c1/sending'
        ? {
            json: {
              ...idle,
              state: 'paused',
              counts: { ...counts, queued: 5 },
              health: {
                state: 'paused',
                failure: { cause: 'name_not_resolved', detail: 'relay.invalid:25' },
                since: '2026-11-30T09:00:00.000Z',
              },
            } satisfies SendingProgress,
          }
        : undefined,
    );
    renderPage(<SendingPanel campaign={campaign} canChange />, { path: '/', url: '/', role: 'operator' });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toMatch(/^Sending was paused at .+ because messages kept failing: /);
    expect(alert.textContent).toContain(
      "the relay's name does not resolve (relay.invalid:25): check the host name in the sending profile",
    );
    expect(alert.textContent).not.toContain('ENOTFOUND');
    expect(screen.getByRole('button', { name: 'Resume' })).toBeTruthy();
  });
});
