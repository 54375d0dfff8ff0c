import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../test/render';
import { api, ConsoleApiError, setCsrfToken } from './api';

afterEach(() => {
  vi.unstubAllGlobals();
  setCsrfToken(undefined);
});

describe('api()', () => {
  it('sends the session CSRF token with every non-GET request, and not with GETs', async () => {
    const calls = mockFetch(() => ({ status: 204 }));
    setCsrfToken('token-123');
    await api('/api/admin/campaigns/c1/end', { method: 'POST' });
    await api('/api/admin/users/u1', { method: 'PATCH', body: { role: 'viewer' } });
    await api('/api/admin/campaigns/c1/recipients/r1', { method: 'DELETE' });
    await api('/api/admin/campaigns');
    expect(calls.map((c) => [c.method, c.headers['x-csrf-token']])).toEqual([
      ['POST', 'token-123'],
      ['PATCH', 'token-123'],
      ['DELETE', 'token-123'],
      ['GET', undefined],
    ]);
  });

  it("keeps the server's message even for an error code this build does not know", async () => {
    mockFetch(() => ({
      status: 429,
      json: { error: { code: 'account_locked', message: 'Locked for 15 minutes' } },
    }));
    const error = await api('/api/admin/session', { method: 'POST', body: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConsoleApiError);
    expect(error).toMatchObject({ status: 429, message: 'Locked for 15 minutes' });
  });
});
