import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { SendingProfile } from '@shared/sending';
import { mockFetch, renderPage, setupI18n } from '@console/test/render';
import { SendingProfilesPage } from './sending-profiles-page';

beforeAll(setupI18n);
afterEach(() => vi.unstubAllGlobals());

const relay: SendingProfile = {
  id: 'p1',
  name: 'Relay',
  host: 'smtp.example.com',
  port: 587,
  tls: 'starttls',
  username: 'phish-sim',
  envelope_from: 'bounces@example.com',
  header_from: null,
  headers: { 'X-Simulation': 'hookwise' },
  has_password: true,
  created_at: '2026-11-01T08:00:00.000Z',
  updated_at: '2026-11-01T08:00:00.000Z',
};

const render = (role: 'viewer' | 'operator' | 'owner') =>
  renderPage(<SendingProfilesPage />, { path: '/sending-profiles', url: '/sending-profiles', role });

describe('SendingProfilesPage', () => {
  it('creates a profile with the form, sending the whole body and the CSRF token', async () => {
    let profiles: SendingProfile[] = [];
    const calls = mockFetch((call) => {
      if (call.url.pathname !== '/api/admin/sending-profiles') return undefined;
      if (call.method === 'POST') {
        profiles = [{ ...relay, id: 'p2', name: 'New relay' }];
        return { status: 201, json: profiles[0] };
      }
      return { json: { profiles } };
    });
    render('operator');
    await screen.findByText('No sending profile yet.');
    fireEvent.click(screen.getByRole('button', { name: 'New sending profile' }));
    const form = screen.getByRole('form', { name: 'New sending profile' });
    const type = (label: string, value: string) =>
      fireEvent.change(within(form).getByLabelText(label), { target: { value } });
    type('Name', 'New relay');
    type('SMTP host', 'smtp.example.com');
    type('Port', '465');
    type('Encryption', 'implicit');
    type('User name', 'phish-sim');
    type('Password', 's3cret-pass');
    type('Envelope sender (MAIL FROM, bounces go here)', 'bounces@example.com');
    type("From header (when the campaign's email names none)", 'IT <it@example.com>');
    fireEvent.click(within(form).getByRole('button', { name: 'Add a header' }));
    type('Header 1 name', 'X-Simulation');
    type('Header 1 value', 'hookwise');
    fireEvent.click(within(form).getByRole('button', { name: 'Add the profile' }));

    await screen.findByRole('rowheader', { name: 'New relay' });
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.headers['x-csrf-token']).toBe('csrf-operator');
    expect(JSON.parse(post?.body ?? '{}')).toEqual({
      name: 'New relay',
      host: 'smtp.example.com',
      port: 465,
      tls: 'implicit',
      username: 'phish-sim',
      password: 's3cret-pass',
      envelope_from: 'bounces@example.com',
      header_from: 'IT <it@example.com>',
      headers: { 'X-Simulation': 'hookwise' },
    });
    expect(screen.queryByRole('form')).toBeNull();
  });

  it('never shows the password: the list says "set", the edit form starts empty and keeps it', async () => {
    const calls = mockFetch((call) => {
      if (call.url.pathname === '/api/admin/sending-profiles') return { json: { profiles: [relay] } };
      if (call.url.pathname === '/api/admin/sending-profiles/p1' && call.method === 'PUT')
        return { json: relay };
      return undefined;
    });
    render('owner');
    const row = (await screen.findByRole('rowheader', { name: 'Relay' })).closest('tr') as HTMLElement;
    expect(within(row).getByText('set')).toBeTruthy();
    fireEvent.click(within(row).getByRole('button', { name: 'Edit Relay' }));
    const form = screen.getByRole('form', { name: 'Edit Relay' });
    expect(within(form).getByLabelText<HTMLInputElement>('Password').value).toBe('');
    expect(within(form).getByText('A password is set: leave this empty to keep it.')).toBeTruthy();
    expect(within(form).getByLabelText<HTMLInputElement>('Header 1 name').value).toBe('X-Simulation');
    fireEvent.click(within(form).getByRole('button', { name: 'Save the profile' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    const put = JSON.parse(calls.find((c) => c.method === 'PUT')?.body ?? '{}') as Record<string, unknown>;
    expect(put).not.toHaveProperty('password');
    expect(put).toMatchObject({ name: 'Relay', port: 587, headers: { 'X-Simulation': 'hookwise' } });
  });

  it('removes the stored password only when asked to', async () => {
    const calls = mockFetch((call) => {
      if (call.url.pathname === '/api/admin/sending-profiles') return { json: { profiles: [relay] } };
      if (call.method === 'PUT') return { json: { ...relay, has_password: false } };
      return undefined;
    });
    render('operator');
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Relay' }));
    const form = screen.getByRole('form', { name: 'Edit Relay' });
    expect(document.activeElement).toBe(within(form).getByLabelText('Name', { exact: true }));
    fireEvent.click(within(form).getByLabelText('Remove the stored password'));
    expect(within(form).getByLabelText<HTMLInputElement>('Password').disabled).toBe(true);
    fireEvent.click(within(form).getByRole('button', { name: 'Save the profile' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(JSON.parse(calls.find((c) => c.method === 'PUT')?.body ?? '{}')).toMatchObject({ password: null });
  });

  it('shows a viewer the profiles and no buttons', async () => {
    mockFetch((call) =>
      call.url.pathname === '/api/admin/sending-profiles' ? { json: { profiles: [relay] } } : undefined,
    );
    render('viewer');
    await screen.findByRole('rowheader', { name: 'Relay' });
    expect(screen.queryAllByRole('button')).toEqual([]);
    // Every role may read what the mail gateways need.
    expect(screen.getByRole('link', { name: 'Allow-listing for Relay' }).getAttribute('href')).toBe(
      '/sending-profiles/p1/allowlist',
    );
  });

  it('deletes a profile after confirming', async () => {
    let profiles = [relay];
    const calls = mockFetch((call) => {
      if (call.url.pathname === '/api/admin/sending-profiles') return { json: { profiles } };
      if (call.url.pathname === '/api/admin/sending-profiles/p1' && call.method === 'DELETE') {
        profiles = [];
        return { status: 204 };
      }
      return undefined;
    });
    render('operator');
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Relay' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete Relay' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await screen.findByText('No sending profile yet.');
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(1);
  });

  it("sends a test message and shows the relay's reply, or its refusal", async () => {
    let refuse = false;
    mockFetch((call) => {
      if (call.url.pathname === '/api/admin/sending-profiles') return { json: { profiles: [relay] } };
      if (call.url.pathname !== '/api/admin/sending-profiles/p1/test') return undefined;
      if (refuse)
        return {
          status: 400,
          json: { error: { code: 'smtp_failed', message: '535 5.7.8 Authentication failed' } },
        };
      return { json: { reply: '250 2.0.0 Ok: queued as 1234' } };
    });
    render('operator');
    fireEvent.click(await screen.findByRole('button', { name: 'Send a test message' }));
    const dialog = screen.getByRole('dialog', { name: 'Send a test message through Relay' });
    fireEvent.change(within(dialog).getByLabelText('Send it to'), { target: { value: 'me@example.com' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect((await within(dialog).findByRole('status')).textContent).toBe(
      'The server answered: 250 2.0.0 Ok: queued as 1234',
    );
    refuse = true;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('535 5.7.8 Authentication failed');
  });
});
