/** /api/admin/reports: intake of URLs users reported, the list (optionally pending only), dismiss. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '@server/context';
import { tenantOf } from '../admin/admin-auth';
import { adminErrors, adminSecurity, queryFlag } from '../admin/admin-schemas';
import {
  dismissReportedUrl,
  reportBodySchema,
  reportedSchema,
  reportedUrls,
  reportedUrlSchema,
  reportUrls,
} from './reported-urls.service';

const tags = ['reported URLs'];

export function reportedUrlRoutes(ctx: AppContext) {
  const { db } = ctx.database;
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.post(
      '/api/admin/reports',
      {
        schema: {
          tags,
          security: adminSecurity,
          summary: 'Report URLs (normalised; a URL reported again counts up)',
          body: reportBodySchema,
          response: { 200: reportedSchema, ...adminErrors },
        },
      },
      async (request) => reportUrls(db, tenantOf(request), request.body),
    );

    r.get(
      '/api/admin/reports',
      {
        schema: {
          tags,
          security: adminSecurity,
          summary: 'List reported URLs',
          querystring: z.object({ pending: queryFlag.describe('true: only URLs no reviewer decided on') }),
          response: { 200: z.object({ reports: z.array(reportedUrlSchema) }), ...adminErrors },
        },
      },
      async (request) => ({
        reports: await reportedUrls(db, tenantOf(request), { pending: request.query.pending }),
      }),
    );

    r.delete(
      '/api/admin/reports/:id',
      {
        schema: {
          tags,
          security: adminSecurity,
          summary: 'Dismiss a reported URL',
          params: z.object({ id: z.string().min(1).max(100) }),
          response: { 204: z.null(), ...adminErrors },
        },
      },
      async (request, reply) => {
        await dismissReportedUrl(db, tenantOf(request), request.params.id);
        return reply.status(204).send(null);
      },
    );
  };
}
