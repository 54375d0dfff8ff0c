/** /api/admin/campaigns/:id/results: funnel and per-recipient status, as JSON or CSV. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '@server/context';
import { tenantOf } from '../admin/admin-auth';
import { adminErrors, adminSecurity, campaignParams, queryFlag } from '../admin/admin-schemas';
import { requireCampaign } from '../campaigns/campaigns.service';
import { campaignResults, resultsCsv, resultsSchema } from './results.service';

const tags = ['results'];
const querystring = z.object({
  pseudonymise: queryFlag.describe('true: no email, person_id or name; a stable pseudonym instead'),
});
const pagedQuerystring = querystring.extend({
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(10_000)
    .optional()
    .describe('recipients per page; all when absent'),
  offset: z.coerce.number().int().min(0).default(0).describe('recipients to skip'),
});

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
          params: campaignParams,
          querystring: pagedQuerystring,
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
          params: campaignParams,
          querystring,
          response: { 200: z.string(), ...adminErrors },
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
