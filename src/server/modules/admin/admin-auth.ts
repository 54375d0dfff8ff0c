/**
 * Operator authentication: every /api/admin route needs `Authorization: Bearer <api key>`.
 * The key resolves to one tenant; handlers read it with tenantOf() and filter every query by it,
 * so another tenant's object is simply not found.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { unauthorized } from '../../lib/errors';
import { authenticateApiKey } from './admin.service';

// A WeakMap instead of a request decorator: no global type augmentation, and a route that
// forgot the hook fails loudly in tenantOf() instead of reading an empty tenant id.
const tenants = new WeakMap<FastifyRequest, string>();

export function installAdminAuth(app: FastifyInstance, db: Kysely<Database>): void {
  app.addHook('onRequest', async (request) => {
    tenants.set(request, await authenticateApiKey(db, request.headers.authorization));
  });
}

export function tenantOf(request: FastifyRequest): string {
  const tenantId = tenants.get(request);
  if (!tenantId) throw unauthorized('Missing API key');
  return tenantId;
}
