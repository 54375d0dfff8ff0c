import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import enAccount from '@locales/en.console-account.json';
import enIdentity from '@locales/en.console-identity.json';
import en from '@locales/en.console.json';
import { initI18n } from '@console/lib/i18n';
import { mockFetch, renderPage, session } from '@console/test/render';
import { SignInPage } from './sign-in-page';

beforeAll(() =>
  initI18n({
    language: 'en',
    resources: { en: { console: en, 'console-account': enAccount, 'console-identity': enIdentity } },
  }),
);
afterEach(() => vi.unstubAllGlobals());

const fill = () => {
  fireEvent.change(screen.getByLabelText('Email address'), { target: { value: 'ana@example.com' } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'wrong password' } });
  fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
};

describe('SignInPage', () => {
  it("shows the server's lockout message, and disables the button while signing in", async () => {
    let answer: (value: { status: number; json: unknown }) => void = () => {};
    mockFetch(() => new Promise((resolve) => (answer = resolve)));
    renderPage(<SignInPage />, { path: '/sign-in', url: '/sign-in', role: null });
    fill();
    expect((await screen.findByRole<HTMLButtonElement>('button', { name: 'Signing in…' })).disabled).toBe(
      true,
    );
    const message = 'Too many failed sign-ins: this account is locked until 10:45 UTC.';
    answer({ status: 429, json: { error: { code: 'account_locked', message } } });
    expect((await screen.findByRole('alert')).textContent).toBe(message);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Sign in' }).disabled).toBe(false);
  });

  it('signs in and goes to the campaigns', async () => {
    const calls = mockFetch((call) => (call.method === 'POST' ? { json: session('operator') } : undefined));
    renderPage(<SignInPage />, { path: '/sign-in', url: '/sign-in', role: null });
    fill();
    await screen.findByText('elsewhere');
    expect(calls[0]?.body).toBe(JSON.stringify({ email: 'ana@example.com', password: 'wrong password' }));
  });

  it('asks for the app code when the server says mfa_required, and offers a recovery code instead', async () => {
    const calls = mockFetch((call) => {
      const body = JSON.parse(call.body ?? '{}') as { code?: string };
      if (body.code === undefined) {
        return { status: 401, json: { error: { code: 'mfa_required', message: 'Enter the code' } } };
      }
      if (body.code === '123456') {
        return {
          status: 401,
          json: { error: { code: 'invalid_code', message: 'Wrong or already used code' } },
        };
      }
      return { json: session('operator') };
    });
    renderPage(<SignInPage />, { path: '/sign-in', url: '/sign-in', role: null });
    fill();
    const code = await screen.findByLabelText<HTMLInputElement>('Code from your authenticator app');
    expect(code.getAttribute('autocomplete')).toBe('one-time-code');
    expect(code.getAttribute('inputmode')).toBe('numeric');
    // Asking is not an error: no alert until a code is wrong.
    expect(screen.queryByRole('alert')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(code));

    fireEvent.change(code, { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Wrong or already used code');
    expect(screen.getByLabelText<HTMLInputElement>('Code from your authenticator app').value).toBe('');

    fireEvent.click(screen.getByRole('button', { name: 'Use a recovery code' }));
    const recovery = screen.getByLabelText<HTMLInputElement>('Recovery code');
    expect(recovery.getAttribute('inputmode')).toBe('text');
    fireEvent.change(recovery, { target: { value: 'abcd-efgh-jkmn-pqrs' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await screen.findByText('elsewhere');
    expect(calls.map((c) => (JSON.parse(c.body ?? '{}') as { code?: string }).code)).toEqual([
      undefined,
      '123456',
      'abcd-efgh-jkmn-pqrs',
    ]);
  });

  it('says in words why a single sign-on was refused, never the reason code', () => {
    mockFetch(() => undefined);
    renderPage(<SignInPage />, { path: '/sign-in', url: '/sign-in?sso_error=no_role', role: null });
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toBe(enIdentity['failure.no_role']);
    expect(alert.textContent).not.toContain('no_role');
  });

  it('sends the work address to the single sign-on start, and words "SSO required"', async () => {
    mockFetch(() => ({
      status: 403,
      json: { error: { code: 'sso_required', message: 'Your organisation signs in with single sign-on' } },
    }));
    renderPage(<SignInPage />, { path: '/sign-in', url: '/sign-in', role: null });
    const work = screen.getByLabelText<HTMLInputElement>('Work email address');
    expect(work.name).toBe('email');
    expect(work.form?.getAttribute('action')).toBe('/api/admin/sso/start');
    expect(work.form?.getAttribute('method')).toBe('get');
    fill();
    expect((await screen.findByRole('alert')).textContent).toBe(enIdentity['signIn.ssoRequired']);
  });
});
