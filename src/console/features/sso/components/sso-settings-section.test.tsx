import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import enIdentity from '@locales/en.console-identity.json';
import en from '@locales/en.console.json';
import { initI18n } from '@console/lib/i18n';
import { mockFetch, renderPage } from '@console/test/render';
import type { SsoSettings } from '@shared/sso';
import { SsoSettingsSection } from './sso-settings-section';

beforeAll(() =>
  initI18n({ language: 'en', resources: { en: { console: en, 'console-identity': enIdentity } } }),
);
afterEach(() => vi.unstubAllGlobals());

const PATH = '/api/admin/settings/sso';
const empty: SsoSettings = {
  configured: false,
  issuer: '',
  client_id: '',
  client_secret_set: false,
  allowed_domains: [],
  role_claim: 'groups',
  role_values: { owner: [], operator: [], viewer: [] },
  required: false,
  redirect_uri: 'https://console.example.com/api/admin/sso/callback',
};

describe('SsoSettingsSection', () => {
  it('shows the redirect URI, saves the settings, and keeps the secret write-only', async () => {
    const calls = mockFetch((call) => {
      if (call.url.pathname !== PATH) return undefined;
      if (call.method !== 'PUT') return { json: empty };
      return { json: { ...empty, configured: true, client_secret_set: true, required: true } };
    });
    renderPage(<SsoSettingsSection />, { path: '/settings', url: '/settings', role: 'owner' });
    const section = await screen.findByRole('region', { name: 'Single sign-on' });
    expect(await within(section).findByText(empty.redirect_uri)).toBeTruthy();
    const field = (label: string) => within(section).getByLabelText<HTMLInputElement>(label);
    fireEvent.change(field('Issuer URL'), { target: { value: 'https://idp.example.com' } });
    fireEvent.change(field('Client ID'), { target: { value: 'hookwise' } });
    fireEvent.change(field('Client secret'), { target: { value: 's3cret' } });
    fireEvent.change(field('Email domains'), { target: { value: 'example.com, example.org' } });
    fireEvent.change(field('Groups that make an owner'), { target: { value: 'hw-owners' } });
    fireEvent.click(field('Require single sign-on'));
    fireEvent.click(within(section).getByRole('button', { name: 'Save' }));
    await within(section).findByText('Single sign-on settings saved.');
    expect(JSON.parse(calls.find((c) => c.method === 'PUT')?.body ?? '{}')).toEqual({
      issuer: 'https://idp.example.com',
      client_id: 'hookwise',
      client_secret: 's3cret',
      allowed_domains: ['example.com', 'example.org'],
      role_claim: 'groups',
      role_values: { owner: ['hw-owners'], operator: [], viewer: [] },
      required: true,
    });
    await waitFor(() => expect(field('Client secret').value).toBe(''));
    expect(within(section).getByText(enIdentity['settings.secretSet'])).toBeTruthy();
  });

  it('says in words that a domain is taken, never the code', async () => {
    mockFetch((call) =>
      call.method === 'PUT'
        ? { status: 409, json: { error: { code: 'sso_domain_taken', message: 'example.com is taken' } } }
        : {
            json: {
              ...empty,
              configured: true,
              client_secret_set: true,
              issuer: 'https://idp.example.com',
              client_id: 'x',
              allowed_domains: ['example.com'],
            },
          },
    );
    renderPage(<SsoSettingsSection />, { path: '/settings', url: '/settings', role: 'owner' });
    const section = await screen.findByRole('region', { name: 'Single sign-on' });
    await within(section).findByDisplayValue('example.com');
    fireEvent.click(within(section).getByRole('button', { name: 'Save' }));
    expect((await within(section).findByRole('alert')).textContent).toBe(
      enIdentity['settings.error.domainTaken'],
    );
  });

  it('is not there for an operator', () => {
    const calls = mockFetch(() => undefined);
    renderPage(<SsoSettingsSection />, { path: '/settings', url: '/settings', role: 'operator' });
    expect(screen.queryByRole('region', { name: 'Single sign-on' })).toBeNull();
    expect(calls).toEqual([]);
  });
});
