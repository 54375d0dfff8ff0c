/**
 * The console's one way to call the operator API (/api/admin/* on the admin listener): the shared
 * client (src/shared/api-client.ts, the one the recipient pages use too), with the session cookie
 * on every request and the session's CSRF token in `x-csrf-token` on every state-changing one.
 * Answers are checked with the shared zod schemas the server validates with (the console's bundle
 * may carry zod; the recipient pages' may not). Failures reject with the shared ApiError.
 */
import { callApi, callApiText, type ApiOptions } from '@shared/api-client';

let csrfToken: string | undefined;

/** Set from the session answer (sign-in, or GET /api/admin/session on load); cleared on sign-out. */
export function setCsrfToken(token: string | undefined): void {
  csrfToken = token;
}

/** Calls the operator API; rejects with an ApiError carrying the server's code and message. */
export function api<T = undefined>(path: string, options: ApiOptions<T> = {}): Promise<T> {
  const changes = (options.method ?? 'GET') !== 'GET';
  return callApi(path, options, { headers: changes && csrfToken ? { 'x-csrf-token': csrfToken } : {} });
}

/** GETs a text answer as is (the links CSV, say), with the same errors as api(). */
export function apiText(path: string): Promise<string> {
  return callApiText(path, { headers: { accept: '*/*' } });
}
