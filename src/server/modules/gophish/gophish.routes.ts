/** POST /api/admin/import/gophish: a GoPhish template, page and group as a draft campaign. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminErrors } from '@shared/admin-api';
import { gophishImportResultSchema, gophishImportSchema } from '@shared/gophish';
import type { AppContext } from '@server/context';
import { tenantOf } from '../admin/admin-auth';
import { adminSecurity } from '../admin/admin-schemas';
import { importFromGophish } from './gophish.service';

export function gophishRoutes(ctx: AppContext) {
  const { db } = ctx.database;
  return async (app: FastifyInstance) => {
    app.withTypeProvider<ZodTypeProvider>().post(
      '/api/admin/import/gophish',
      {
        bodyLimit: 8 * 1024 * 1024,
        schema: {
          tags: ['campaigns'],
          security: adminSecurity,
          summary: 'Import a GoPhish template, landing page and group as a draft campaign',
          description:
            'report lists what was mapped, dropped (attachments, tracking, capture) and needs attention.',
          body: gophishImportSchema,
          response: { 201: gophishImportResultSchema, ...adminErrors },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await importFromGophish(db, tenantOf(request), request.body)),
    );
  };
}
