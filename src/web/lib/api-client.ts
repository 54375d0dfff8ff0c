/**
 * The recipient and reviewer pages' one way to call the Hookwise API: the shared client
 * (src/shared/api-client.ts), the same `api(path, { method, body, schema, signal })` and the same
 * ApiError as the console's. The one difference is what `schema` is, and it is bundle size: the
 * console passes the shared zod schemas, but zod would double these pages' first load (budget:
 * 100 KB brotli for /phish and /poll), so here `schema` is a small hand-written checker
 * (`{ parse }`, in each feature's api folder) and the shared schemas are imported for their
 * types only. The web also sends a bearer token (the reviewer's poll token) and keepalive
 * (events sent while the page is left).
 */
import { callApi, send, type ApiOptions, type Transport } from '@shared/api-client';

export interface WebApiOptions<T> extends ApiOptions<T> {
  /** Sent as `Authorization: Bearer …`. */
  bearer?: string;
  /** Lets the request finish after the page is left (events sent while navigating). */
  keepalive?: boolean;
}

/** Calls the API and resolves with its answer, checked by `schema`; rejects with an ApiError. */
export function api<T = undefined>(path: string, options: WebApiOptions<T> = {}): Promise<T> {
  return callApi(path, options, transport(options));
}

/**
 * For calls whose answer nobody reads: resolves with the HTTP status, whatever it is, and rejects
 * (ApiError, status NO_ANSWER) only when no answer came. The caller decides what a status means.
 */
export async function apiStatus(
  path: string,
  options: Omit<WebApiOptions<unknown>, 'schema'>,
): Promise<number> {
  return (await send(path, options, transport(options))).status;
}

function transport({ bearer, keepalive }: WebApiOptions<unknown>): Transport {
  const headers: Record<string, string> = bearer === undefined ? {} : { authorization: `Bearer ${bearer}` };
  return { headers, keepalive };
}
