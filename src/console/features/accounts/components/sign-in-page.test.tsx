import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { mockFetch, renderPage, session, setupI18n } from '@console/test/render';
import { SignInPage } from './sign-in-page';

beforeAll(setupI18n);
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
});
