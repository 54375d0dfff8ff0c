/**
 * The console's one way to call the operator API (/api/admin/* on the admin listener). The
 * session cookie goes with every request; every state-changing request carries the session's
 * CSRF token in `x-csrf-token`. Answers are checked with the shared zod schemas the server
 * validates with (the console's bundle may carry zod; the recipient pages' may not).
 */
import type { z } from 'zod';
import { parseApiErrorBody, type ErrorCode } from '../../shared/errors';

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
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  if (!response.ok) {
    const error = parseApiErrorBody(json)?.error;
    throw new ConsoleApiError(
      response.status,
      error?.code ?? 'unknown',
      error?.message ?? `HTTP ${response.status}`,
    );
  }
  if (!options.schema) return undefined as never;
  return options.schema.parse(json) as never;
}
