/** /api/admin/malicious-urls: list, import, export (text), remove one. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminErrors, noContentSchema, textSchema } from '@shared/admin-api';
import {
  maliciousUrlQuerySchema,
  maliciousUrlsImportedSchema,
  maliciousUrlsImportSchema,
  maliciousUrlsSchema,
} from '@shared/malicious-urls';
import type { AppContext } from '@server/context';
import { tenantOf } from '../admin/admin-auth';
import { adminSecurity } from '../admin/admin-schemas';
import { importMaliciousUrls, maliciousUrls, removeMaliciousUrl } from './malicious-urls.service';

const tags = ['malicious URLs'];

export function maliciousUrlRoutes(ctx: AppContext) {
  const { db } = ctx.database;
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const common = { tags, security: adminSecurity };

    r.get(
      '/api/admin/malicious-urls',
      {
        schema: {
          ...common,
          summary: 'List the malicious-URL database',
          response: { 200: maliciousUrlsSchema, ...adminErrors },
        },
      },
      async (request) => ({ urls: await maliciousUrls(db, tenantOf(request)) }),
    );

    r.get(
      '/api/admin/malicious-urls.txt',
      {
        schema: {
          ...common,
          summary: 'Export: one URL per line (the import format)',
          produces: ['text/plain'],
          response: { 200: textSchema, ...adminErrors },
        },
      },
      async (request, reply) => {
        const rows = await maliciousUrls(db, tenantOf(request));
        return reply.type('text/plain; charset=utf-8').send(rows.map((row) => `${row.url}\n`).join(''));
      },
    );

    r.post(
      '/api/admin/malicious-urls',
      {
        bodyLimit: 20 * 1024 * 1024,
        schema: {
          ...common,
          summary: 'Import URLs (normalised; already known ones are kept)',
          body: maliciousUrlsImportSchema,
          response: { 200: maliciousUrlsImportedSchema, ...adminErrors },
        },
      },
      async (request) => importMaliciousUrls(db, tenantOf(request), request.body.urls),
    );

    r.delete(
      '/api/admin/malicious-urls',
      {
        schema: {
          ...common,
          summary: 'Remove one URL',
          querystring: maliciousUrlQuerySchema,
          response: { 204: noContentSchema, ...adminErrors },
        },
      },
      async (request, reply) => {
        await removeMaliciousUrl(db, tenantOf(request), request.query.url);
        return reply.status(204).send(null);
      },
    );
  };
}
