/**
 * The console's one way to call the operator API (/api/admin/* on the admin listener). The
 * session cookie goes with every request; every state-changing request carries the session's
 * CSRF token in `x-csrf-token`. Answers are checked with the shared zod schemas the server
 * validates with (the console's bundle may carry zod; the recipient pages' may not).
 */
import type { z } from 'zod';
import { parseApiErrorBody, type ErrorCode } from '@shared/errors';

export class ConsoleApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode | 'unknown',
    message: string,
  ) {
    super(message);
    this.name = 'ConsoleApiError';
  }
}

let csrfToken: string | undefined;

/** Set from the session answer (sign-in, or GET /api/admin/session on load); cleared on sign-out. */
export function setCsrfToken(token: string | undefined): void {
  csrfToken = token;
}

export interface ApiOptions<S extends z.ZodType | undefined> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON, unless it is a string (sent as is, with `contentType`). */
  body?: unknown;
  contentType?: string;
  /** Checks the JSON answer; without it the answer is ignored (204s, downloads). */
  schema?: S;
  signal?: AbortSignal;
}

/** Calls the operator API; rejects with a ConsoleApiError carrying the server's code and message. */
export async function api<S extends z.ZodType | undefined = undefined>(
  path: string,
  options: ApiOptions<S> = {},
): Promise<S extends z.ZodType ? z.infer<S> : undefined> {
  const method = options.method ?? 'GET';
  const headers: Record<string, string> = { accept: 'application/json' };
  let body: string | undefined;
  if (options.body !== undefined) {
    const raw = typeof options.body === 'string';
    headers['content-type'] = options.contentType ?? (raw ? 'text/plain' : 'application/json');
    body = raw ? (options.body as string) : JSON.stringify(options.body);
  }
  if (method !== 'GET' && csrfToken) headers['x-csrf-token'] = csrfToken;
  const response = await fetch(path, {
    method,
    headers,
    body,
    credentials: 'same-origin',
    signal: options.signal ?? null,
  });
  const text = await response.text();
  const json = parseJson(text);
  if (!response.ok) throw apiError(response.status, json);
  if (!options.schema) return undefined as never;
  return options.schema.parse(json) as never;
}

/** GETs a text answer as is (the links CSV, say), with the same errors as api(). */
export async function apiText(path: string): Promise<string> {
  const response = await fetch(path, { credentials: 'same-origin' });
  const text = await response.text();
  if (!response.ok) throw apiError(response.status, parseJson(text));
  return text;
}

function parseJson(text: string): unknown {
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The server's message is shown to the operator even when its code is one this build does not
 * know yet (a newer server), so a lockout or rate-limit explanation is never lost.
 */
function apiError(status: number, json: unknown): ConsoleApiError {
  const error = parseApiErrorBody(json)?.error;
  if (error) return new ConsoleApiError(status, error.code, error.message);
  const loose = json as { error?: { message?: unknown } } | undefined;
  const message = loose?.error?.message;
  return new ConsoleApiError(status, 'unknown', typeof message === 'string' ? message : `HTTP ${status}`);
}
