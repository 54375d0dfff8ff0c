import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import en from '@locales/en.console.json';
import enResults from '@locales/en.console-results.json';
import { initI18n } from '@console/lib/i18n';
import { mockFetch, renderPage, type Call } from '@console/test/render';
import { ReviewersPage } from './reviewers-page';

beforeAll(() =>
  initI18n({ language: 'en', resources: { en: { console: en, 'console-results': enResults } } }),
);
afterEach(() => vi.unstubAllGlobals());

const report = {
  id: 'r1',
  url: 'https://evil.example/login',
  reporter: 'ann@example.com',
  reporters: [
    {
      reporter: 'ann@example.com',
      report_count: 2,
      first_reported_at: '2026-12-01T09:00:00.000Z',
      last_reported_at: '2026-12-01T09:30:00.000Z',
    },
    {
      reporter: 'bob@example.com',
      report_count: 1,
      first_reported_at: '2026-12-01T10:00:00.000Z',
      last_reported_at: '2026-12-01T10:00:00.000Z',
    },
  ],
  report_count: 3,
  first_reported_at: '2026-12-01T09:00:00.000Z',
  last_reported_at: '2026-12-01T10:00:00.000Z',
  decision: null,
  known_malicious: false,
};
const link = {
  id: 'j1',
  reviewer: 'Rita',
  urls: [report.url],
  created_by: 'oscar@example.com',
  created_at: '2026-12-01T10:00:00.000Z',
  expires_at: '2026-12-04T10:00:00.000Z',
  revoked_at: null,
  state: 'active',
};

function api(call: Call) {
  if (call.url.pathname === '/api/admin/reports') return { json: { reports: [report] } };
  if (call.url.pathname === '/api/admin/reviewer-links' && call.method === 'GET')
    return { json: { links: [link] } };
  if (call.url.pathname === '/api/admin/reviewer-links' && call.method === 'POST')
    return { status: 201, json: { ...link, id: 'j2', url: 'https://hookwise.test/poll?p=abc' } };
  return undefined;
}

// Role queries are slow in jsdom when the whole suite runs in parallel.
const slow = { timeout: 15_000 };

describe('reviewers page', () => {
  it(
    'mints a link for the selected URL with the reviewer and expiry, and shows it to copy',
    slow,
    async () => {
      const calls = mockFetch(api);
      renderPage(<ReviewersPage />, { path: '/reviewers', url: '/reviewers', role: 'operator' });
      fireEvent.click(await screen.findByRole('checkbox', { name: 'Select https://evil.example/login' }));
      fireEvent.click(screen.getByRole('radio', { name: 'Selected (1)' }));
      fireEvent.change(screen.getByLabelText('Reviewer'), { target: { value: 'Rita' } });
      fireEvent.change(screen.getByLabelText('Valid for (hours)'), { target: { value: '24' } });
      fireEvent.click(screen.getByRole('button', { name: 'Create link' }));
      expect(await screen.findByDisplayValue('https://hookwise.test/poll?p=abc')).toBeTruthy();
      const post = calls.find((c) => c.method === 'POST');
      expect(JSON.parse(post?.body ?? '{}')).toEqual({
        reviewer: 'Rita',
        expires_in_hours: 24,
        urls: [report.url],
      });
      expect(post?.headers['x-csrf-token']).toBe('csrf-operator');
    },
  );

  it('shows a viewer the queue and the links without any control that changes them', slow, async () => {
    mockFetch(api);
    renderPage(<ReviewersPage />, { path: '/reviewers', url: '/reviewers', role: 'viewer' });
    await screen.findByText('https://evil.example/login');
    await waitFor(() => expect(screen.getByText('Rita')).toBeTruthy());
    // Every reporter is listed, with how often when more than once.
    const reporters = screen.getByRole('columnheader', { name: 'Reporters' });
    expect(reporters).toBeTruthy();
    expect(screen.getByText('ann@example.com (2)')).toBeTruthy();
    expect(screen.getByText('bob@example.com')).toBeTruthy();
    expect(screen.queryByRole('checkbox')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Create link' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Revoke/ })).toBeNull();
    expect(screen.queryByLabelText('URLs, one per line')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add to the queue' })).toBeNull();
  });

  it('adds URLs one per line, refreshes the queue and says how many were new', slow, async () => {
    const calls = mockFetch((call) => {
      if (call.url.pathname === '/api/admin/reports' && call.method === 'POST') {
        const reported = [
          { id: 'r1', url: report.url, report_count: 4, new: false },
          { id: 'r2', url: 'https://phish.example/pay', report_count: 1, new: true },
          { id: 'r3', url: 'https://phish.example/cv', report_count: 1, new: true },
        ];
        return { json: { reported } };
      }
      return api(call);
    });
    renderPage(<ReviewersPage />, { path: '/reviewers', url: '/reviewers', role: 'operator' });
    await screen.findByText('https://evil.example/login');
    const field = screen.getByLabelText('URLs, one per line');
    const text = `${report.url}\n\n  https://phish.example/pay  \nhttps://phish.example/cv\n`;
    fireEvent.change(field, { target: { value: text } });
    fireEvent.click(screen.getByRole('button', { name: 'Add to the queue' }));

    await screen.findByText('New in the queue: 2. Reported before and counted again: 1.', {}, slow);
    const post = calls.find((c) => c.method === 'POST' && c.url.pathname === '/api/admin/reports');
    expect(JSON.parse(post?.body ?? '{}')).toEqual({
      urls: [report.url, 'https://phish.example/pay', 'https://phish.example/cv'],
    });
    expect(post?.headers).toMatchObject({ 'x-csrf-token': 'csrf-operator' });
    const listed = () => calls.filter((c) => c.method === 'GET' && c.url.pathname === '/api/admin/reports');
    await waitFor(() => expect(listed()).toHaveLength(2));
    expect(field).toHaveProperty('value', '');
  });

  it('explains a refused URL at the field, in words, naming its line', slow, async () => {
    mockFetch((call) => {
      if (call.url.pathname === '/api/admin/reports' && call.method === 'POST') {
        const message = 'urls.1: not an http(s) URL: evil.example/login';
        return { status: 400, json: { error: { code: 'invalid_url', message } } };
      }
      return api(call);
    });
    renderPage(<ReviewersPage />, { path: '/reviewers', url: '/reviewers', role: 'operator' });
    const field = await screen.findByLabelText('URLs, one per line');
    fireEvent.change(field, { target: { value: 'https://ok.example/\n\nevil.example/login' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add to the queue' }));

    await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'));
    const error = document.getElementById(field.getAttribute('aria-describedby') ?? '');
    expect(error?.textContent).toBe(
      'Line 3 is not a web address starting with http:// or https://: evil.example/login. ' +
        'Nothing was added; correct it and try again.',
    );
    expect(document.body.textContent).not.toContain('urls.1');
    expect(field).toHaveProperty('value', 'https://ok.example/\n\nevil.example/login');
  });
});
