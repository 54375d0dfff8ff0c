import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, NO_ANSWER } from '@shared/api-client';
import { api, apiStatus } from './api-client';

const reply = (status: number, body: string) => () => Promise.resolve(new Response(body, { status }));
const serve = (answer: () => Promise<Response>) => {
  const fetch = vi.fn(answer);
  vi.stubGlobal('fetch', fetch);
  return fetch;
};
const isNumber = { parse: (value: unknown) => (typeof value === 'number' ? value : undefined) };

/** The ApiError a call rejects with. */
async function failure(call: Promise<unknown>): Promise<ApiError> {
  const error: unknown = await call.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  if (!(error instanceof ApiError)) throw new Error(`expected an ApiError, got ${String(error)}`);
  return error;
}

describe('api client', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends JSON headers and a JSON body, and resolves with the parsed answer', async () => {
    const fetch = serve(reply(200, '42'));
    await expect(
      api('/api/x', { method: 'POST', body: { a: 1 }, bearer: 't', keepalive: true, schema: isNumber }),
    ).resolves.toBe(42);
    expect(fetch).toHaveBeenCalledWith('/api/x', {
      method: 'POST',
      headers: { accept: 'application/json', 'content-type': 'application/json', authorization: 'Bearer t' },
      body: '{"a":1}',
      credentials: 'same-origin',
      signal: null,
      keepalive: true,
    });
  });

  it('takes the code from our error body, else from the status; 4xx is final', async () => {
    serve(reply(409, '{"error":{"code":"questionnaire_required","message":"Answer first"}}'));
    expect(await failure(api('/api/x', { schema: isNumber }))).toMatchObject({
      status: 409,
      code: 'questionnaire_required',
      message: 'Answer first',
      transient: false,
    });
    serve(reply(404, '<html>proxy page</html>'));
    expect(await failure(api('/api/x', { schema: isNumber }))).toMatchObject({
      status: 404,
      code: 'not_found',
      transient: false,
    });
  });

  it('marks no answer, 408, 429 and 5xx as transient', async () => {
    for (const status of [408, 429, 500, 503]) {
      serve(reply(status, ''));
      expect((await failure(api('/api/x', { schema: isNumber }))).transient, String(status)).toBe(true);
    }
    serve(() => Promise.reject(new TypeError('Failed to fetch')));
    expect(await failure(api('/api/x', { schema: isNumber }))).toMatchObject({
      status: NO_ANSWER,
      transient: true,
      answered: false,
    });
  });

  it('rejects an answer of the wrong shape', async () => {
    serve(reply(200, '"not a number"'));
    expect(await failure(api('/api/x', { schema: isNumber }))).toMatchObject({
      status: 200,
      code: 'internal_error',
      transient: false,
      answered: false,
    });
  });

  it('apiStatus resolves with any status and rejects only when no answer came', async () => {
    serve(reply(401, '{"error":{"code":"token_expired","message":"Expired"}}'));
    await expect(apiStatus('/api/submit', { method: 'POST', body: {} })).resolves.toBe(401);
    serve(() => Promise.reject(new TypeError('Failed to fetch')));
    expect(await failure(apiStatus('/api/submit', { method: 'POST', body: {} }))).toMatchObject({
      status: NO_ANSWER,
    });
  });
});
