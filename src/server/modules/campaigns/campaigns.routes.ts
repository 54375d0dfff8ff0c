/** /api/admin/campaigns: list, import (the campaign file), export, dates, end. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { campaignFileSchema } from '../../../shared/campaign';
import type { AppContext } from '../../context';
import { adminErrors, adminSecurity, campaignParams } from '../admin/admin-schemas';
import { tenantOf } from '../admin/admin-auth';
import {
  campaignDatesSchema,
  campaignSummaries,
  campaignSummarySchema,
  endCampaign,
  exportCampaign,
  importCampaign,
  importedCampaignSchema,
  requireCampaign,
  setCampaignDates,
  summaryOf,
} from './campaigns.service';

const tags = ['campaigns'];

export function campaignRoutes(ctx: AppContext) {
  const { db } = ctx.database;
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.get(
      '/api/admin/campaigns',
      {
        schema: {
          tags,
          security: adminSecurity,
          summary: 'List campaigns',
          response: { 200: z.object({ campaigns: z.array(campaignSummarySchema) }), ...adminErrors },
        },
      },
      async (request) => ({ campaigns: await campaignSummaries(db, tenantOf(request)) }),
    );

    r.post(
      '/api/admin/campaigns',
      {
        // Templates are full HTML documents: allow more than the global 64 KiB.
        bodyLimit: 2 * 1024 * 1024,
        schema: {
          tags,
          security: adminSecurity,
          summary: 'Import a campaign file',
          description:
            'The answer lists warnings when the campaign is not running now (its links would not work).',
          body: campaignFileSchema,
          response: { 201: importedCampaignSchema, ...adminErrors },
        },
      },
      async (request, reply) => {
        const summary = await importCampaign(db, tenantOf(request), request.body);
        return reply.status(201).send(summary);
      },
    );

    r.get(
      '/api/admin/campaigns/:id',
      {
        schema: {
          tags,
          security: adminSecurity,
          summary: 'Export a campaign: its summary and its campaign file',
          params: campaignParams,
          response: {
            200: z.object({ campaign: campaignSummarySchema, file: campaignFileSchema }),
            ...adminErrors,
          },
        },
      },
      async (request) => {
        const tenantId = tenantOf(request);
        const campaign = await requireCampaign(db, tenantId, request.params.id);
        return { campaign: await summaryOf(db, tenantId, campaign.id), file: exportCampaign(campaign) };
      },
    );

    r.patch(
      '/api/admin/campaigns/:id',
      {
        schema: {
          tags,
          security: adminSecurity,
          summary: 'Set or clear the start and end dates',
          params: campaignParams,
          body: campaignDatesSchema,
          response: { 200: campaignSummarySchema, ...adminErrors },
        },
      },
      async (request) => {
        const campaign = await requireCampaign(db, tenantOf(request), request.params.id);
        return setCampaignDates(db, campaign, request.body);
      },
    );

    r.post(
      '/api/admin/campaigns/:id/end',
      {
        schema: {
          tags,
          security: adminSecurity,
          summary: 'End a campaign now: its links then show the campaign-error page',
          params: campaignParams,
          response: { 200: campaignSummarySchema, ...adminErrors },
        },
      },
      async (request) => endCampaign(db, await requireCampaign(db, tenantOf(request), request.params.id)),
    );
  };
}
