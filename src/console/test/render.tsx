/**
 * Test helpers for console pages: English translations from the real file, a fetch mock that
 * answers by method and path, and a page rendered inside the providers with a signed-in role.
 */
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import type { Role, Session } from '@shared/admin-api';
import en from '@locales/en.console.json';
import { createQueryClient } from '../app/query-client';
import { SESSION_KEY } from '../features/accounts/api/session';
import { setCsrfToken } from '../lib/api';
import { initI18n } from '../lib/i18n';

export const setupI18n = () => initI18n({ language: 'en', resources: { en: { console: en } } });

export function session(role: Role): Session {
  return {
    user: {
      id: `u-${role}`,
      email: `${role}@example.com`,
      name: `Ana ${role}`,
      role,
      disabled: false,
      created_at: '2026-01-01T00:00:00Z',
      last_sign_in_at: null,
      mfa_enabled: false,
    },
    tenant: { id: 't1', name: 'Example Corp' },
    csrf_token: `csrf-${role}`,
    expires_at: '2026-12-31T00:00:00Z',
    mfa_enrolment_required: false,
  };
}

export interface Call {
  method: string;
  url: URL;
  headers: Record<string, string>;
  body: string | undefined;
}

type Answer = { status?: number; json?: unknown } | Promise<{ status?: number; json?: unknown }>;
export type Handler = (call: Call) => Answer | undefined;

/** Installs a fetch that records every call and answers with the first handler that answers. */
export function mockFetch(handler: Handler): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const call: Call = {
        method: init.method ?? 'GET',
        url: new URL(input, 'http://console.test'),
        headers: (init.headers ?? {}) as Record<string, string>,
        body: typeof init.body === 'string' ? init.body : undefined,
      };
      calls.push(call);
      const answer = await (handler(call) ?? {
        status: 404,
        json: { error: { code: 'not_found', message: 'Not found' } },
      });
      const status = answer.status ?? 200;
      const body = answer.json === undefined ? null : JSON.stringify(answer.json);
      return new Response(status === 204 ? null : body, {
        status,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return calls;
}

/** Renders one page at `url` (matched by `path`) as the given role, or signed out. */
export function renderPage(page: ReactElement, options: { path: string; url: string; role: Role | null }) {
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false } });
  const signedIn = options.role ? session(options.role) : null;
  queryClient.setQueryData(SESSION_KEY, signedIn);
  setCsrfToken(signedIn?.csrf_token);
  const router = createMemoryRouter(
    [
      { path: options.path, element: page },
      { path: '*', element: <p>elsewhere</p> },
    ],
    { initialEntries: [options.url] },
  );
  return render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}
