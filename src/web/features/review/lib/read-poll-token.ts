/**
 * Reads the poll token from the page address. The browser only decodes it (jwt-decode) to list
 * the URLs; the server verifies it on every submit. A token that is not a string or does not
 * decode to a payload with a `urls` map fails with 'Invalid token specified' and a reason.
 */
import { jwtDecode } from 'jwt-decode';
import { isRecord } from '@web/lib/guards';

export type PollTokenState =
  | { status: 'none' }
  | { status: 'invalid'; reason: string }
  | { status: 'valid'; token: string; urls: Record<string, boolean> };

export function readPollToken(token: string | null): PollTokenState {
  if (token === null || token === '') return { status: 'none' };
  let payload: unknown;
  try {
    payload = jwtDecode(token);
  } catch (error) {
    return { status: 'invalid', reason: error instanceof Error ? error.message : String(error) };
  }
  const urls = isRecord(payload) ? payload.urls : undefined;
  if (!isUrlMap(urls)) {
    return { status: 'invalid', reason: 'Invalid token specified: the payload has no urls map' };
  }
  return { status: 'valid', token, urls };
}

function isUrlMap(value: unknown): value is Record<string, boolean> {
  return isRecord(value) && Object.values(value).every((v) => typeof v === 'boolean');
}
