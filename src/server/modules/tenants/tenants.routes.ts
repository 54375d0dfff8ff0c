/**
 * /api/admin/keys: a tenant's API keys — list by prefix, create another, revoke one. Owners only:
 * a key acts with the owner's rights, so creating one is granting them.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '@server/context';
import { notFound } from '@server/lib/errors';
import { tenantOf } from '../admin/admin-auth';
import { adminErrors, adminSecurity } from '../admin/admin-schemas';
import { createApiKey, revokeKey, tenantApiKeys } from './tenants.service';

const tags = ['API keys'];
const keySchema = z.object({ prefix: z.string(), created_at: z.string(), revoked_at: z.string().nullable() });

export function tenantRoutes(ctx: AppContext) {
  const { db } = ctx.database;
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const common = { tags, security: adminSecurity };
    const owner = { role: 'owner' as const };

    r.get(
      '/api/admin/keys',
      {
        config: owner,
        schema: {
          ...common,
          summary: "List this tenant's API keys",
          response: { 200: z.object({ keys: z.array(keySchema) }), ...adminErrors },
        },
      },
      async (request) => ({ keys: await tenantApiKeys(db, tenantOf(request)) }),
    );

    r.post(
      '/api/admin/keys',
      {
        config: { ...owner, audit: 'api_key.create' },
        schema: {
          ...common,
          summary: 'Create another API key (shown once)',
          response: { 201: z.object({ api_key: z.string(), prefix: z.string() }), ...adminErrors },
        },
      },
      async (request, reply) => {
        const { apiKey, prefix } = await createApiKey(db, tenantOf(request));
        return reply.status(201).send({ api_key: apiKey, prefix });
      },
    );

    r.delete(
      '/api/admin/keys/:prefix',
      {
        config: { ...owner, audit: 'api_key.revoke' },
        schema: {
          ...common,
          summary: 'Revoke an API key',
          params: z.object({ prefix: z.string().min(1).max(100) }),
          response: { 204: z.null(), ...adminErrors },
        },
      },
      async (request, reply) => {
        if (!(await revokeKey(db, tenantOf(request), request.params.prefix))) throw notFound();
        return reply.status(204).send(null);
      },
    );
  };
}
