import { screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { mockFetch, renderPage, setupI18n } from '@console/test/render';
import { ApiKeysPage } from './api-keys-page';

beforeAll(setupI18n);
afterEach(() => vi.unstubAllGlobals());

describe('ApiKeysPage: GoPhish scripts', () => {
  it('tells an owner where a GoPhish script points, with one of the keys', async () => {
    mockFetch((call) =>
      call.url.pathname === '/api/admin/keys'
        ? {
            json: {
              keys: [{ prefix: 'abcd1234', created_at: '2026-11-01T09:00:00.000Z', revoked_at: null }],
            },
          }
        : undefined,
    );
    renderPage(<ApiKeysPage />, { path: '/api-keys', url: '/api-keys', role: 'owner' });
    const section = await screen.findByRole('region', { name: 'GoPhish scripts' });
    expect(within(section).getByText(/its Python client among them/).textContent).toContain(
      `point them at ${window.location.origin} and give them one of these keys`,
    );
  });
});
