/**
 * POST /api/admin/import/gophish: GoPhish's templates, pages, groups, sending profiles and campaigns
 * with their results; GET /api/admin/campaigns/:id/imported-timeline: an imported campaign's timeline.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminErrors, idParamsSchema } from '@shared/admin-api';
import { importedTimelineSchema } from '@shared/gophish-campaign';
import { gophishImportResultSchema, gophishImportSchema } from '@shared/gophish-import';
import type { AppContext } from '@server/context';
import { tenantOf } from '../admin/admin-auth';
import { adminSecurity } from '../admin/admin-schemas';
import { importFromGophish, importedTimeline } from './gophish.service';

export function gophishRoutes(ctx: AppContext) {
  const { db } = ctx.database;
  const { config } = ctx;
  return async (app: FastifyInstance) => {
    app.withTypeProvider<ZodTypeProvider>().post(
      '/api/admin/import/gophish',
      {
        // Arrays of pages, each up to PAGE_HTML_MAX characters (a cloned site is often 1 MB).
        bodyLimit: 32 * 1024 * 1024,
        schema: {
          tags: ['campaigns'],
          security: adminSecurity,
          summary:
            'Import GoPhish templates, landing pages, groups, sending profiles and campaigns with results',
          description:
            'Each field takes one GoPhish object or an array, and refuses another kind of file. One template and one page become one draft campaign; otherwise each becomes its own. A campaign with its results becomes a finished campaign marked as imported, its clicks unverified. report lists what was mapped, dropped and needs attention.',
          body: gophishImportSchema,
          response: { 201: gophishImportResultSchema, ...adminErrors },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await importFromGophish(db, config, tenantOf(request), request.body)),
    );
    app.withTypeProvider<ZodTypeProvider>().get(
      '/api/admin/campaigns/:id/imported-timeline',
      {
        schema: {
          tags: ['campaigns'],
          security: adminSecurity,
          summary: "An imported campaign's timeline, as the other tool recorded it",
          description:
            'Sent, opened, clicked, submitted, reported and send errors with their original times, oldest first. A campaign Hookwise ran itself has none (imported_from null).',
          params: idParamsSchema,
          response: { 200: importedTimelineSchema, ...adminErrors },
        },
      },
      async (request) => importedTimeline(db, tenantOf(request), request.params.id),
    );
  };
}
