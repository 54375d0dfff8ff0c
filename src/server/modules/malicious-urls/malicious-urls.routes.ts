/** /api/admin/malicious-urls: list, import, export (text), remove one. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '@server/context';
import { tenantOf } from '../admin/admin-auth';
import { adminErrors, adminSecurity } from '../admin/admin-schemas';
import {
  importBodySchema,
  importMaliciousUrls,
  importResultSchema,
  maliciousUrls,
  maliciousUrlSchema,
  removeMaliciousUrl,
} from './malicious-urls.service';

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
          response: { 200: z.object({ urls: z.array(maliciousUrlSchema) }), ...adminErrors },
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
          response: { 200: z.string(), ...adminErrors },
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
          body: importBodySchema,
          response: { 200: importResultSchema, ...adminErrors },
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
          querystring: z.object({ url: z.string().min(1).max(4096) }),
          response: { 204: z.null(), ...adminErrors },
        },
      },
      async (request, reply) => {
        await removeMaliciousUrl(db, tenantOf(request), request.query.url);
        return reply.status(204).send(null);
      },
    );
  };
}
