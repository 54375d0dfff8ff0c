/**
 * The web's one way to call the Hookwise API. Every request sends JSON headers; every failure
 * becomes an ApiError with the HTTP status and a code from the shared list; every answer is
 * checked by a small parser the caller passes, never cast. Parsers are hand-written rather than
 * a schema library, which would double the recipient's first load.
 */
import { parseApiErrorBody, type ErrorCode } from '@shared/errors';

/** The status of an ApiError when no answer came at all (network down, aborted, cut off). */
export const NO_ANSWER = 0;

/** Codes for answers without our error body (a proxy's page, say), by status. */
const CODE_BY_STATUS: Record<number, ErrorCode> = {
  400: 'bad_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  409: 'conflict',
  413: 'body_too_large',
  415: 'unsupported_media_type',
  429: 'rate_limited',
};

/** Worth trying again: no answer, a timeout, rate limiting or a server error. */
export function isTransient(status: number): boolean {
  return status === NO_ANSWER || status === 408 || status === 429 || status >= 500;
}

export class ApiError extends Error {
  readonly transient: boolean;

  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.name = 'ApiError';
    this.transient = isTransient(status);
  }
}

export interface ApiRequest {
  method?: 'GET' | 'POST';
  /** Sent as JSON. */
  body?: unknown;
  /** Sent as `Authorization: Bearer …`. */
  bearer?: string;
  /** Lets the request finish after the page is left (events sent while navigating). */
  keepalive?: boolean;
}

export interface ApiCall<T> extends ApiRequest {
  /** Checks the answer has the shape the caller needs; undefined (or a throw) means it has not. */
  parse: (value: unknown) => T | undefined;
}

/** Calls the API and resolves with its answer, checked by `parse`; rejects with an ApiError. */
export async function apiRequest<T>(path: string, call: ApiCall<T>): Promise<T> {
  const response = await send(path, call);
  const body = await readJson(path, response);
  if (!response.ok) {
    const error = parseApiErrorBody(body)?.error;
    const code = error?.code ?? CODE_BY_STATUS[response.status] ?? fallbackCode(response.status);
    throw new ApiError(response.status, code, `${path}: ${error?.message ?? `HTTP ${response.status}`}`);
  }
  return checked(path, response.status, body, call.parse);
}

/**
 * For calls whose answer nobody reads: resolves with the HTTP status, whatever it is, and rejects
 * (ApiError, status NO_ANSWER) only when no answer came. The caller decides what a status means.
 */
export async function apiStatus(path: string, request: ApiRequest): Promise<number> {
  const response = await send(path, request);
  return response.status;
}

async function send(path: string, request: ApiRequest): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (request.body !== undefined) headers['Content-Type'] = 'application/json';
  if (request.bearer !== undefined) headers.Authorization = `Bearer ${request.bearer}`;
  try {
    return await fetch(path, {
      method: request.method ?? 'GET',
      headers,
      body: request.body === undefined ? undefined : JSON.stringify(request.body),
      keepalive: request.keepalive,
    });
  } catch (cause) {
    throw new ApiError(NO_ANSWER, 'internal_error', `${path}: no answer`, { cause });
  }
}

/** The answer's JSON, or undefined when it is not JSON; an answer cut off counts as none. */
async function readJson(path: string, response: Response): Promise<unknown> {
  let text: string;
  try {
    text = await response.text();
  } catch (cause) {
    throw new ApiError(NO_ANSWER, 'internal_error', `${path}: answer cut off`, { cause });
  }
  try {
    const value: unknown = JSON.parse(text);
    return value;
  } catch {
    return undefined;
  }
}

function checked<T>(
  path: string,
  status: number,
  body: unknown,
  parse: (value: unknown) => T | undefined,
): T {
  let value: T | undefined;
  try {
    value = parse(body);
  } catch (cause) {
    if (cause instanceof ApiError) throw cause;
    throw new ApiError(status, 'internal_error', `${path}: unexpected answer`, { cause });
  }
  if (value === undefined) throw new ApiError(status, 'internal_error', `${path}: unexpected answer`);
  return value;
}

function fallbackCode(status: number): ErrorCode {
  return status >= 400 && status < 500 ? 'bad_request' : 'internal_error';
}
