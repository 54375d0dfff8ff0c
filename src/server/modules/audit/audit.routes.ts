/** GET /api/admin/audit: the tenant's audit log, newest first (owners). */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminErrors, auditPageSchema, auditQuerySchema } from '@shared/admin-api';
import type { AppContext } from '@server/context';
import { adminSecurity } from '../admin/admin-schemas';
import { tenantOf } from '../admin/admin-auth';
import { auditEntries } from './audit.service';

export function auditRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    app.withTypeProvider<ZodTypeProvider>().get(
      '/api/admin/audit',
      {
        config: { role: 'owner' },
        schema: {
          tags: ['audit'],
          security: adminSecurity,
          summary: 'The audit log of operator actions, newest first',
          querystring: auditQuerySchema,
          response: { 200: auditPageSchema, ...adminErrors },
        },
      },
      async (request) => ({
        entries: await auditEntries(ctx.database.db, tenantOf(request), request.query),
      }),
    );
  };
}
