/**
 * Refuses API input holding a NUL character. PostgreSQL cannot store U+0000 in text and fails
 * the whole query (a 500), while SQLite silently keeps it; no legitimate id, URL, name or CSV
 * cell carries one. Checked once, after parsing and before any handler, so both databases
 * give the same clear 400 and nothing is written.
 */
import type { FastifyInstance } from 'fastify';
import { badRequest } from '../lib/errors';

export function rejectNul(app: FastifyInstance): void {
  app.addHook('preValidation', (request, _reply, done) => {
    const nul =
      request.url.startsWith('/api/') &&
      [request.params, request.query, request.body].some((part) => holdsNul(part));
    done(nul ? badRequest('Text may not contain NUL characters', 'invalid_character') : undefined);
  });
}

function holdsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  // Parsed JSON is a tree; the depth bound only guards against pathological nesting.
  if (typeof value !== 'object' || value === null || depth > 64) return false;
  for (const [key, item] of Object.entries(value)) {
    if (key.includes('\u0000') || holdsNul(item, depth + 1)) return true;
  }
  return false;
}
