import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { CampaignSummary } from '@shared/admin-api';
import type { SendingSummary } from '@shared/sending';
import { mockFetch, renderPage, setupI18n } from '@console/test/render';
import i18next from 'i18next';
import ar from '@locales/ar.console.json';
import { LaunchDialog } from './launch-dialog';

beforeAll(setupI18n);
afterEach(() => vi.unstubAllGlobals());

const campaign: CampaignSummary = {
  id: 'c1',
  tenant_id: 't1',
  name: 'Password expiry',
  language_code: 'en',
  status: 'draft',
  starts_at: null,
  ends_at: null,
  ended_at: null,
  launched_at: null,
  time_zone: 'Europe/Berlin',
  created_at: '2026-11-01T08:00:00.000Z',
  recipients: 312,
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
const summary: SendingSummary = {
  messages: 312,
  without_address: 2,
  first_at: '2030-03-04T08:00:00.000Z',
  last_at: '2030-03-04T10:30:00.000Z',
  per_hour: 150,
  time_zone: 'Europe/Berlin',
};

function serve(onLaunch: (body: unknown) => void) {
  return mockFetch((call) => {
    const path = call.url.pathname;
    if (path === '/api/admin/sending-profiles') return { json: { profiles: [profile] } };
    if (path === '/api/admin/campaigns/c1/languages')
      return {
        json: {
          default_language: 'en',
          languages: [
            { language: 'en', recipients: 200, translated: 10, total: 10 },
            { language: 'de', recipients: 112, translated: 10, total: 10 },
          ],
        },
      };
    if (path === '/api/admin/campaigns/c1/sending/summary') return { json: summary };
    if (path === '/api/admin/campaigns/c1/email-test')
      return {
        json: {
          sent: false,
          reply: null,
          failure: { cause: 'name_not_resolved', detail: 'relay.invalid:25' },
        },
      };
    if (path === '/api/admin/campaigns/c1/launch') {
      onLaunch(JSON.parse(call.body ?? '{}'));
      return { json: { campaign: { ...campaign, status: 'running' }, warnings: [], sending: null } };
    }
    return undefined;
  });
}

const languageOptions = () =>
  [...screen.getByLabelText<HTMLSelectElement>('Language of the e-mail').options].map((o) => o.value);

describe('LaunchDialog', () => {
  it('chooses the profile and pace, says what will happen, and launches and sends in one step', async () => {
    let launched: unknown;
    const onLaunched = vi.fn();
    const calls = serve((body) => (launched = body));
    renderPage(<LaunchDialog campaign={campaign} onClose={() => {}} onLaunched={onLaunched} />, {
      path: '/',
      url: '/',
      role: 'operator',
    });
    const summaryText = await screen.findByText(/^312 messages from /);
    // The server's numbers, in the chosen zone: 9:00 to 11:30 in Berlin, 150 per hour.
    expect(summaryText.textContent).toMatch(/09:00|9:00/);
    expect(summaryText.textContent).toMatch(/11:30.{0,4}Europe\/Berlin, 150 per hour$/);
    expect(screen.getByText('Recipients without an e-mail address get no message: 2')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Messages per minute'), { target: { value: '3' } });
    await waitFor(() =>
      expect(
        calls.some(
          (c) =>
            c.url.pathname.endsWith('/summary') &&
            (JSON.parse(c.body ?? '{}') as { rate_per_minute?: number }).rate_per_minute === 3,
        ),
      ).toBe(true),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Launch and start sending' }));
    await waitFor(() => expect(onLaunched).toHaveBeenCalled());
    expect(launched).toMatchObject({ sending: { profile_id: 'p1', rate_per_minute: 3, spread_minutes: 0 } });
  });

  it('sends me the e-mail in a chosen language first, and says why it could not in plain words', async () => {
    const calls = serve(() => {});
    renderPage(<LaunchDialog campaign={campaign} onClose={() => {}} onLaunched={() => {}} />, {
      path: '/',
      url: '/',
      role: 'operator',
    });
    // Role queries are slow among the time zones' hundreds of options: find the select by its label.
    await waitFor(() => expect(languageOptions()).toEqual(['en', 'de']));
    fireEvent.change(screen.getByLabelText('Language of the e-mail'), { target: { value: 'de' } });
    fireEvent.change(screen.getByLabelText('Your e-mail address'), { target: { value: 'me@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send me this e-mail in Deutsch' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(
      "Not sent: the relay's name does not resolve (relay.invalid:25): check the host name in the sending profile",
    );
    const test = calls.find((c) => c.url.pathname.endsWith('/email-test'));
    expect(JSON.parse(test?.body ?? '{}')).toEqual({
      profile_id: 'p1',
      to: 'me@example.com',
      language: 'de',
    });
  });

  it('says that no e-mail will go out when the operator sends the links, and launches without sending', async () => {
    let launched: unknown;
    serve((body) => (launched = body));
    renderPage(<LaunchDialog campaign={campaign} onClose={() => {}} onLaunched={() => {}} />, {
      path: '/',
      url: '/',
      role: 'operator',
    });
    await screen.findByLabelText('Send through');
    fireEvent.change(screen.getByLabelText('Send through'), { target: { value: 'links' } });
    expect(screen.getByText(/No e-mail will go out from Hookwise/)).toBeTruthy();
    expect(screen.queryByText(/^312 messages/)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Launch the campaign' }));
    await waitFor(() => expect(launched).toMatchObject({ sending: null }));
  });

  it('lists the languages lacking text in Arabic from the Arabic sentence, each value isolated', async () => {
    i18next.addResourceBundle('ar', 'console', ar);
    await i18next.changeLanguage('ar');
    try {
      mockFetch((call) => {
        const path = call.url.pathname;
        if (path === '/api/admin/sending-profiles') return { json: { profiles: [profile] } };
        if (path === '/api/admin/campaigns/c1/sending/summary') return { json: summary };
        if (path !== '/api/admin/campaigns/c1/languages') return undefined;
        const languages = [
          { language: 'ar', recipients: 1, translated: 3, total: 10 },
          { language: 'de', recipients: 1200, translated: 7, total: 10 },
        ];
        return { json: { default_language: 'en', languages } };
      });
      renderPage(<LaunchDialog campaign={campaign} onClose={() => {}} onLaunched={() => {}} />, {
        path: '/',
        url: '/',
        role: 'operator',
      });
      await waitFor(() => expect(document.querySelectorAll('li bdi')).toHaveLength(8));
      const n = (value: number) => new Intl.NumberFormat('ar').format(value);
      const sentence = (values: Record<string, string>) =>
        ar['launch.incompleteLanguage'].replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? '');
      const items = [...document.querySelectorAll('li')].filter((li) => li.querySelector('bdi'));
      expect(items.map((li) => li.textContent)).toEqual([
        sentence({ language: 'العربية', recipients: n(1), translated: n(3), total: n(10) }),
        sentence({ language: 'Deutsch', recipients: n(1200), translated: n(7), total: n(10) }),
      ]);
      expect([...items[1]!.querySelectorAll('bdi')].map((b) => b.textContent)).toEqual([
        'Deutsch',
        n(1200),
        n(7),
        n(10),
      ]);
      // Outside the isolated values, not one English word.
      for (const li of items) {
        const words = [...li.childNodes]
          .filter((node) => node.nodeName !== 'BDI')
          .map((node) => node.textContent);
        expect(words.join('')).not.toMatch(/[A-Za-z]/);
      }
    } finally {
      await i18next.changeLanguage('en');
    }
  });
});
