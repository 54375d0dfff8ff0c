import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { mockFetch, renderPage, setupI18n } from '@console/test/render';
import { SettingsPage } from './settings-page';

beforeAll(setupI18n);
afterEach(() => vi.unstubAllGlobals());

const PATH = '/api/admin/settings/egress-networks';

function server(initial: string[]) {
  let stored = initial;
  return mockFetch((call) => {
    if (call.url.pathname !== PATH) return undefined;
    if (call.method === 'PUT') {
      const { networks } = JSON.parse(call.body ?? '{}') as { networks: string[] };
      if (networks.some((n) => !/^[\d.:a-f]+(\/\d+)?$/.test(n)))
        return { status: 400, json: { error: { code: 'bad_request', message: 'Not a network range: x' } } };
      stored = networks.map((n) => (n.includes('/') ? n : `${n}/32`));
    }
    return { json: { networks: stored } };
  });
}

const render = (role: 'viewer' | 'owner') =>
  renderPage(<SettingsPage />, { path: '/settings', url: '/settings', role });

describe('SettingsPage: our office and gateway addresses', () => {
  it('lets an owner list them one per line, shows them as stored, and says plainly what a bad line is', async () => {
    const calls = server(['203.0.113.0/24']);
    render('owner');
    const section = await screen.findByRole('region', { name: 'Our office and gateway addresses' });
    const list = await within(section).findByLabelText<HTMLTextAreaElement>(
      'Addresses and networks, one per line',
    );
    expect(list.value).toBe('203.0.113.0/24');
    expect(within(section).getByText(/judges each visit by what the person did on the page/)).toBeTruthy();

    fireEvent.change(list, { target: { value: '203.0.113.0/24\nthe office\n' } });
    fireEvent.click(within(section).getByRole('button', { name: 'Save the addresses' }));
    expect((await within(section).findByRole('alert')).textContent).toBe(
      'A line is not an address or a network. Write an address such as 203.0.113.7 or a network such as 203.0.113.0/24.',
    );

    fireEvent.change(list, { target: { value: '203.0.113.0/24\n\n 198.51.100.7 \n' } });
    fireEvent.click(within(section).getByRole('button', { name: 'Save the addresses' }));
    expect((await within(section).findByRole('status')).textContent).toBe('The addresses are saved.');
    await waitFor(() => expect(list.value).toBe('203.0.113.0/24\n198.51.100.7/32'));
    const put = calls.filter((c) => c.method === 'PUT').at(-1);
    expect(put?.headers['x-csrf-token']).toBe('csrf-owner');
    expect(JSON.parse(put?.body ?? '{}')).toEqual({ networks: ['203.0.113.0/24', '198.51.100.7'] });
  });

  it('shows others the list without a way to change it', async () => {
    server(['203.0.113.0/24', '2001:db8::/48']);
    render('viewer');
    const list = await screen.findByRole('list', { name: 'Our office and gateway addresses' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['203.0.113.0/24', '2001:db8::/48']);
    expect(screen.getByText('Only an owner can change this list.')).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.queryByRole('textbox')).toBeNull();
  });
});
