/**
 * The results console's API: a campaign's dashboard in one request, the filtered recipients
 * table, one recipient's activity with evidence, and tenant-wide trends. Reads only: viewers
 * see all of it.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminErrors, campaignRecipientParamsSchema, idParamsSchema } from '@shared/admin-api';
import {
  dashboardSchema,
  recipientActivitySchema,
  recipientTableQuerySchema,
  recipientTableSchema,
  trendsSchema,
} from '@shared/dashboard';
import type { AppContext } from '@server/context';
import { tenantOf } from '../admin/admin-auth';
import { adminSecurity } from '../admin/admin-schemas';
import { requireCampaign } from '../campaigns/campaigns.service';
import { campaignDashboard, trends } from './dashboard.service';
import { recipientActivity, recipientTable } from './recipient-table';

const tags = ['results'];

export function dashboardRoutes(ctx: AppContext) {
  const { db } = ctx.database;
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.get(
      '/api/admin/campaigns/:id/dashboard',
      {
        schema: {
          tags,
          security: adminSecurity,
          summary: 'Funnel, verdicts, clicks over time, questions, breakdowns, pass rate and badges',
          params: idParamsSchema,
          response: { 200: dashboardSchema, ...adminErrors },
        },
      },
      async (request, reply) => {
        const campaign = await requireCampaign(db, tenantOf(request), request.params.id);
        void reply.header('cache-control', 'no-store');
        return campaignDashboard(ctx.database.db, campaign);
      },
    );

    r.get(
      '/api/admin/campaigns/:id/results/recipients',
      {
        schema: {
          tags,
          security: adminSecurity,
          summary: 'Recipients with status, verdict and score: filtered, sorted and paged on the server',
          params: idParamsSchema,
          querystring: recipientTableQuerySchema,
          response: { 200: recipientTableSchema, ...adminErrors },
        },
      },
      async (request) => {
        const campaign = await requireCampaign(db, tenantOf(request), request.params.id);
        return recipientTable(db, campaign, request.query);
      },
    );

    r.get(
      '/api/admin/campaigns/:id/results/recipients/:recipientId',
      {
        schema: {
          tags,
          security: adminSecurity,
          summary: "One recipient's events, visits with their evidence, and attempts",
          params: campaignRecipientParamsSchema,
          response: { 200: recipientActivitySchema, ...adminErrors },
        },
      },
      async (request) => {
        const campaign = await requireCampaign(db, tenantOf(request), request.params.id);
        return recipientActivity(db, campaign, request.params.recipientId);
      },
    );

    r.get(
      '/api/admin/trends',
      {
        schema: {
          tags,
          security: adminSecurity,
          summary: 'Per launched campaign: click, entered-data and completion rates, average score',
          response: { 200: trendsSchema, ...adminErrors },
        },
      },
      async (request) => trends(db, tenantOf(request)),
    );
  };
}
