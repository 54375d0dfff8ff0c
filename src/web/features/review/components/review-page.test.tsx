import { act, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import en from '@locales/en.upi-public.json';
import ja from '@locales/ja.upi-public.json';
import { changeLanguage, initI18n } from '@web/lib/i18n';
import { ReviewPage } from './review-page';

const A = 'https://a.example/';
const B = 'https://b.example/';
const part = (value: unknown) =>
  btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
const TOKEN = `${part({ alg: 'HS256', typ: 'JWT' })}.${part({ urls: { [A]: false, [B]: true } })}.sig`;

function answer(status: number, body: unknown) {
  return vi.fn((_path: string, _init?: RequestInit) =>
    Promise.resolve(new Response(JSON.stringify(body), { status })),
  );
}

describe('ReviewPage', () => {
  beforeAll(async () => {
    await initI18n({ preloaded: { language: 'en', resources: { en, ja } }, language: 'en' });
  });
  beforeEach(() => changeLanguage('en'));
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('loads the stored decisions with the bearer token and shows them beside unchosen rows', async () => {
    const fetch = answer(200, {
      decisions: [{ url: B, decision: 'FP', reviewer: null, at: '2026-03-04T05:06:07.000Z' }, { url: 'x' }],
    });
    vi.stubGlobal('fetch', fetch);
    render(<ReviewPage token={TOKEN} />);
    expect(await screen.findByText('Stored: False Positive')).toBeTruthy();
    expect(screen.getByText('No decision stored yet.')).toBeTruthy();
    const [path, init] = fetch.mock.calls[0] ?? [];
    expect(path).toBe('/api/decisions');
    expect(new Headers(init?.headers).get('authorization')).toBe(`Bearer ${TOKEN}`);
    expect(screen.getAllByRole<HTMLInputElement>('radio').every((r) => !r.checked)).toBe(true);
  });

  it('says an expired link can no longer save decisions, in the page language', async () => {
    await act(() => changeLanguage('ja'));
    vi.stubGlobal(
      'fetch',
      answer(401, { error: { code: 'token_expired', message: 'The token has expired' } }),
    );
    render(<ReviewPage token={TOKEN} />);
    expect((await screen.findByRole('alert')).textContent).toBe(ja['poll.expiredLink']);
  });

  it('explains a broken link in the page language, keeps the reason in a details line, and shows no table', async () => {
    await act(() => changeLanguage('ja'));
    const fetch = answer(200, { decisions: [] });
    vi.stubGlobal('fetch', fetch);
    render(<ReviewPage token="garbage" />);
    const alert = screen.getByRole('alert');
    expect(alert.querySelector('p')?.textContent).toBe(ja['poll.invalidLink']);
    const details = alert.querySelector('details');
    expect(details?.querySelector('summary')?.textContent).toBe(ja['poll.technicalDetails']);
    expect(details?.textContent).toMatch(/Invalid token specified/);
    expect(screen.queryByRole('table')).toBeNull();
    await waitFor(() => expect(fetch).not.toHaveBeenCalled());
  });

  it('without a link, says what the page needs instead of "no URLs", and shows no table', () => {
    render(<ReviewPage token={null} />);
    expect(screen.getByRole('status').textContent).toBe(en['poll.noLink']);
    expect(screen.queryByText(en['poll.empty'])).toBeNull();
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
