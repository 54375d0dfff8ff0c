/** /api/admin/reports: intake of URLs users reported, the list (optionally pending only), dismiss. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminErrors, idParamsSchema, noContentSchema } from '@shared/admin-api';
import {
  reportedUrlsAddedSchema,
  reportedUrlsQuerySchema,
  reportedUrlsSchema,
  reportUrlsSchema,
} from '@shared/reported-urls';
import type { AppContext } from '@server/context';
import { tenantOf } from '../admin/admin-auth';
import { adminSecurity } from '../admin/admin-schemas';
import { dismissReportedUrl, reportedUrls, reportUrls } from './reported-urls.service';

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
          body: reportUrlsSchema,
          response: { 200: reportedUrlsAddedSchema, ...adminErrors },
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
          querystring: reportedUrlsQuerySchema,
          response: { 200: reportedUrlsSchema, ...adminErrors },
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
          params: idParamsSchema,
          response: { 204: noContentSchema, ...adminErrors },
        },
      },
      async (request, reply) => {
        await dismissReportedUrl(db, tenantOf(request), request.params.id);
        return reply.status(204).send(null);
      },
    );
  };
}
