import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError } from '@shared/api-client';
import { mockFetch } from '../test/render';
import { api, apiText, setCsrfToken } from './api';

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

  it('checks the answer with the shared schema it is given', async () => {
    mockFetch(() => ({ json: { count: 3 } }));
    await expect(api('/api/admin/x', { schema: z.object({ count: z.number() }) })).resolves.toEqual({
      count: 3,
    });
    const error = await api('/api/admin/x', { schema: z.object({ count: z.string() }) }).catch(
      (e: unknown) => e,
    );
    // Not the server's words: the console shows its own message for it (error-alert.tsx).
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 200, code: 'internal_error', answered: false });
  });

  it("keeps the server's message even for an error code this build does not know", async () => {
    mockFetch(() => ({
      status: 429,
      json: { error: { code: 'locked_for_a_while', message: 'Locked for 15 minutes' } },
    }));
    const error = await api('/api/admin/session', { method: 'POST', body: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 429,
      code: 'rate_limited',
      message: 'Locked for 15 minutes',
      answered: true,
    });
  });

  it('apiText gives a text answer as is, and fails as api() does', async () => {
    mockFetch((call) => (call.url.pathname.endsWith('.csv') ? { json: 'email,link' } : undefined));
    await expect(apiText('/api/admin/campaigns/c1/links.csv')).resolves.toBe('"email,link"');
    await expect(apiText('/api/admin/campaigns/c1/nope.txt')).rejects.toMatchObject({
      status: 404,
      code: 'not_found',
    });
  });
});
