import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Allowlist, AllowlistCheck } from '@shared/sending';
import en from '@locales/en.console.json';
import enResults from '@locales/en.console-results.json';
import { initI18n } from '@console/lib/i18n';
import { mockFetch, renderPage, type Call } from '@console/test/render';
import { AllowlistPage } from './allowlist-page';

beforeAll(() =>
  initI18n({ language: 'en', resources: { en: { console: en, 'console-results': enResults } } }),
);
afterEach(() => vi.unstubAllGlobals());

const DOCS = 'https://learn.microsoft.com/defender-office-365/advanced-delivery-policy-configure';

function values(ips: string[]): Allowlist {
  const v4 = ips.filter((ip) => !ip.includes(':'));
  return {
    profile: { id: 'p1', name: 'Relay', relay: 'smtp.example.com:587' },
    sending_ips: ips,
    vendors: [
      {
        vendor: 'microsoft',
        product: 'Microsoft Defender for Office 365',
        where: 'Microsoft Defender portal > Advanced delivery > Phishing simulation',
        portal: 'https://security.microsoft.com/advanceddelivery',
        docs: DOCS,
        fields: [
          {
            field: 'microsoft_domains',
            setting: 'Domain',
            values: ['example.com'],
            needs_sending_ips: false,
            left_out: [],
            limit: 50,
            docs: DOCS,
          },
          {
            field: 'microsoft_sending_ips',
            setting: 'Sending IP',
            values: v4,
            needs_sending_ips: ips.length === 0,
            left_out: ips.filter((ip) => ip.includes(':')),
            limit: 10,
            docs: DOCS,
          },
          {
            field: 'microsoft_simulation_urls',
            setting: 'Simulation URLs to allow',
            values: ['phish.example.com/*'],
            needs_sending_ips: false,
            left_out: [],
            limit: 30,
            docs: DOCS,
          },
        ],
      },
    ],
  };
}

const scannerCheck: AllowlistCheck = {
  id: 'c1',
  to: 'admin@example.com',
  created_at: '2026-12-05T10:00:00.000Z',
  sent_at: '2026-12-05T10:00:01.000Z',
  window_ends_at: '2026-12-05T10:05:01.000Z',
  outcome: 'scanner',
  visits: [
    {
      at: '2026-12-05T10:00:05.000Z',
      seconds_after_send: 4,
      verdict: 'automated',
      reasons: ['catalogued', 'soon_after_send'],
      scanner: 'Microsoft Exchange Online Protection',
      scanner_by: 'network',
    },
  ],
};

function answer(checks: AllowlistCheck[]) {
  return (call: Call) => {
    if (call.url.pathname === '/api/admin/sending-profiles/p1/allowlist') {
      const given = call.url.searchParams.get('sending_ips') ?? '';
      if (given.includes('relay'))
        return {
          status: 400,
          json: { error: { code: 'bad_request', message: 'Not an address or range: relay' } },
        };
      return { json: values(given.split(/[\s,]+/).filter(Boolean)) };
    }
    if (call.url.pathname !== '/api/admin/sending-profiles/p1/allowlist-checks') return undefined;
    if (call.method === 'POST') {
      checks.unshift(scannerCheck);
      return { status: 201, json: scannerCheck };
    }
    return { json: { checks } };
  };
}

const render = (role: 'viewer' | 'operator') =>
  renderPage(<AllowlistPage />, {
    path: '/sending-profiles/:id/allowlist',
    url: '/sending-profiles/p1/allowlist',
    role,
  });

const field = (name: string) => screen.getByText(name, { selector: 'dt' }).closest('div') as HTMLElement;

describe('AllowlistPage', () => {
  it('shows the values to enter, asks for the relay’s addresses, and fills them in', async () => {
    const calls = mockFetch(answer([]));
    render('viewer');
    await screen.findByRole('heading', { level: 1, name: 'Allow-listing for Relay' });
    const microsoft = screen.getByRole('region', { name: 'Microsoft 365' });
    expect(within(microsoft).getByRole('link', { name: 'Open the settings page' }).getAttribute('href')).toBe(
      'https://security.microsoft.com/advanceddelivery',
    );
    expect(
      within(microsoft).getByRole('link', { name: "Read the vendor's documentation" }).getAttribute('href'),
    ).toBe(DOCS);
    expect(within(field('Sending domains')).getByText('example.com')).toBeTruthy();
    expect(within(field('Sending domains')).getByText('Setting: Domain')).toBeTruthy();
    expect(within(field('Simulation URLs')).getByText('phish.example.com/*')).toBeTruthy();
    expect(
      within(field('Sending IP addresses')).getByText(
        "Still needed: your relay's outbound addresses (see above).",
      ),
    ).toBeTruthy();
    expect(
      screen.getByText(/Hookwise cannot know the addresses your relay \(smtp\.example\.com:587\)/),
    ).toBeTruthy();

    const input = screen.getByLabelText("Your relay's outbound addresses");
    fireEvent.change(input, { target: { value: '203.0.113.25 relay' } });
    fireEvent.click(screen.getByRole('button', { name: 'Fill them in' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'One of these is not an address or a network. Write an address such as 203.0.113.25.',
    );

    fireEvent.change(input, { target: { value: '203.0.113.25, 2001:db8::25' } });
    fireEvent.click(screen.getByRole('button', { name: 'Fill them in' }));
    await waitFor(() =>
      expect(within(field('Sending IP addresses')).queryByText('203.0.113.25')).toBeTruthy(),
    );
    expect(
      within(field('Sending IP addresses')).getByText('Not accepted here, IPv4 only: 2001:db8::25'),
    ).toBeTruthy();
    expect(calls.some((c) => c.url.searchParams.get('sending_ips') === '203.0.113.25, 2001:db8::25')).toBe(
      true,
    );
    // A viewer reads the checks but cannot send one.
    expect(screen.getByText('Operators and owners can send a check.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Send the check' })).toBeNull();
  });

  it('sends a check and reports, in words, the scanner that opened its link', async () => {
    const calls = mockFetch(answer([]));
    render('operator');
    await screen.findByText('No check sent yet.');
    fireEvent.change(screen.getByLabelText('Send the check to'), { target: { value: 'admin@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send the check' }));
    const report = await screen.findByText(
      'A scanner in the network of Microsoft Exchange Online Protection opened it 4 s after delivery.',
    );
    const item = report.closest('li.allowlist-check') as HTMLElement;
    expect(within(item).getByRole('status').textContent).toBe(
      'Allow-listing not yet effective: a scanner opened the link.',
    );
    expect(within(item).getByText('Why: Known scanner network or agent, Seconds after sending')).toBeTruthy();
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.headers['x-csrf-token']).toBe('csrf-operator');
    expect(JSON.parse(post?.body ?? '{}')).toEqual({ to: 'admin@example.com' });
    // Nothing raw: no ids or codes on the page.
    expect(document.body.textContent).not.toMatch(/\bc1\b|automated|catalogued|soon_after_send/);
  });
});
