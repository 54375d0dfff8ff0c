/**
 * The one way the browser apps call Hookwise: the console (src/console/lib/api.ts) and the
 * recipient and reviewer pages (src/web/lib/api-client.ts) each wrap `callApi` with the headers
 * only they send, so both have the same `api(path, { method, body, schema, signal })` and reject
 * with the same ApiError. `schema` checks the answer: anything with a `parse` — a zod schema from
 * src/shared in the console, a small hand-written checker in the web. Zod-free, because the
 * web's first load imports it.
 */
import { parseApiErrorBody, type ErrorCode } from './errors';

/** The status of an ApiError when no answer came at all (network down, aborted, cut off). */
export const NO_ANSWER = 0;

/** Codes for answers without our error body (a proxy's page, say), or with a code unknown here. */
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

/**
 * A call that failed: the HTTP status (NO_ANSWER when none came), a code from the shared list
 * and, when the server answered with one, its own message.
 */
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

  /** The server answered with an error: its message is meant for the person who asked. */
  get answered(): boolean {
    return this.status >= 400;
  }
}

/** Checks an answer's shape: the value when it fits; undefined (or a throw) when it does not. */
export interface AnswerSchema<T> {
  parse(value: unknown): T | undefined;
}

export interface ApiOptions<T> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON, unless it is a string (sent as is, with `contentType`). */
  body?: unknown;
  contentType?: string;
  /** Checks the JSON answer; without it the answer is not read (204s, calls nobody reads). */
  schema?: AnswerSchema<T>;
  signal?: AbortSignal;
}

/** What a client adds to every call of its own. */
export interface Transport {
  headers?: Record<string, string>;
  /** Lets the request finish after the page is left. */
  keepalive?: boolean;
}

/** Calls the API and resolves with its answer, checked by `schema`; rejects with an ApiError. */
export async function callApi<T = undefined>(
  path: string,
  options: ApiOptions<T>,
  transport: Transport = {},
): Promise<T> {
  const response = await send(path, options, transport);
  const json = parseJson(await readText(path, response));
  if (!response.ok) throw errorOf(response.status, json);
  if (!options.schema) return undefined as T;
  return checked(path, response.status, json, options.schema);
}

/** GETs a text answer (a CSV, say) as is; rejects as callApi does. */
export async function callApiText(path: string, transport: Transport = {}): Promise<string> {
  const response = await send(path, {}, transport);
  const text = await readText(path, response);
  if (!response.ok) throw errorOf(response.status, parseJson(text));
  return text;
}

/** Sends the request; rejects with an ApiError (NO_ANSWER) only when no answer came. */
export async function send(
  path: string,
  options: ApiOptions<unknown>,
  transport: Transport,
): Promise<Response> {
  const headers: Record<string, string> = { accept: 'application/json', ...transport.headers };
  let body: string | undefined;
  if (typeof options.body === 'string') {
    headers['content-type'] = options.contentType ?? 'text/plain';
    body = options.body;
  } else if (options.body !== undefined) {
    headers['content-type'] = options.contentType ?? 'application/json';
    body = JSON.stringify(options.body);
  }
  try {
    return await fetch(path, {
      method: options.method ?? 'GET',
      headers,
      body,
      credentials: 'same-origin',
      signal: options.signal ?? null,
      keepalive: transport.keepalive,
    });
  } catch (cause) {
    // An abort the caller asked for is theirs to see as such (react-query cancels this way).
    if (options.signal?.aborted) throw cause;
    throw new ApiError(NO_ANSWER, 'internal_error', `${path}: no answer`, { cause });
  }
}

/** The answer's text; an answer cut off counts as none. */
async function readText(path: string, response: Response): Promise<string> {
  try {
    return await response.text();
  } catch (cause) {
    throw new ApiError(NO_ANSWER, 'internal_error', `${path}: answer cut off`, { cause });
  }
}

/**
 * The error of an answer that is not ok. The server's message is kept even when its code is one
 * this build does not know yet (a newer server), so a lockout or rate-limit explanation is never
 * lost; the code then comes from the status.
 */
function errorOf(status: number, json: unknown): ApiError {
  const error = parseApiErrorBody(json)?.error;
  const loose = (json as { error?: { message?: unknown } } | undefined)?.error?.message;
  const message = error?.message ?? (typeof loose === 'string' ? loose : `HTTP ${status}`);
  return new ApiError(status, error?.code ?? CODE_BY_STATUS[status] ?? fallbackCode(status), message);
}

function parseJson(text: string): unknown {
  try {
    return text ? (JSON.parse(text) as unknown) : undefined;
  } catch {
    return undefined;
  }
}

function checked<T>(path: string, status: number, json: unknown, schema: AnswerSchema<T>): T {
  let value: T | undefined;
  try {
    value = schema.parse(json);
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
