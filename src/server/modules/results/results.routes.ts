/** /api/admin/campaigns/:id/results: funnel and per-recipient status, as JSON or CSV. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminErrors, idParamsSchema, textSchema } from '@shared/admin-api';
import { resultsCsvQuerySchema, resultsQuerySchema, resultsSchema } from '@shared/results';
import type { AppContext } from '@server/context';
import { tenantOf } from '../admin/admin-auth';
import { adminSecurity } from '../admin/admin-schemas';
import { requireCampaign } from '../campaigns/campaigns.service';
import { campaignResults, resultsCsv } from './results.service';

const tags = ['results'];

export function resultRoutes(ctx: AppContext) {
  const { db } = ctx.database;
  const { pseudonymKey } = ctx.config;
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.get(
      '/api/admin/campaigns/:id/results',
      {
        schema: {
          tags,
          security: adminSecurity,
          summary: 'Funnel and per-recipient status with times',
          params: idParamsSchema,
          querystring: resultsQuerySchema,
          response: { 200: resultsSchema, ...adminErrors },
        },
      },
      async (request) => {
        const campaign = await requireCampaign(db, tenantOf(request), request.params.id);
        const { pseudonymise, limit, offset } = request.query;
        const page = limit === undefined ? undefined : { limit, offset };
        return campaignResults(ctx.database.db, campaign, { pseudonymise, pseudonymKey, page });
      },
    );

    r.get(
      '/api/admin/campaigns/:id/results.csv',
      {
        schema: {
          tags,
          security: adminSecurity,
          summary: 'Per-recipient status with times as CSV',
          produces: ['text/csv'],
          params: idParamsSchema,
          querystring: resultsCsvQuerySchema,
          response: { 200: textSchema, ...adminErrors },
        },
      },
      async (request, reply) => {
        const campaign = await requireCampaign(db, tenantOf(request), request.params.id);
        const results = await campaignResults(ctx.database.db, campaign, {
          pseudonymise: request.query.pseudonymise,
          pseudonymKey,
        });
        return reply.type('text/csv; charset=utf-8').send(resultsCsv(results));
      },
    );
  };
}
