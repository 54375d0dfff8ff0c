/** /api/admin/campaigns: list, import (the campaign file), export, edit, duplicate, launch, dates, end. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminErrors,
  campaignDatesSchema,
  campaignDetailSchema,
  campaignImportQuerySchema,
  campaignLanguagesSchema,
  campaignListSchema,
  campaignSummarySchema,
  idParamsSchema,
  importedCampaignSchema,
} from '@shared/admin-api';
import { launchAnswerSchema, launchRequestSchema } from '@shared/sending';
import { campaignFileSchema } from '@shared/campaign';
import type { AppContext } from '@server/context';
import { adminSecurity } from '../admin/admin-schemas';
import { tenantOf } from '../admin/admin-auth';
import {
  campaignSummaries,
  duplicateCampaign,
  editCampaign,
  endCampaign,
  exportCampaign,
  importCampaign,
  languageCoverage,
  launchCampaign,
  requireCampaign,
  setCampaignDates,
  summaryOf,
} from './campaigns.service';

const tags = ['campaigns'];
/**
 * Templates are full HTML documents: more than the global 64 KiB. A campaign file may carry a
 * landing page of PAGE_HTML_MAX characters, escaped as JSON.
 */
const FILE_LIMIT = 16 * 1024 * 1024;

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
          response: { 200: campaignListSchema, ...adminErrors },
        },
      },
      async (request) => ({ campaigns: await campaignSummaries(db, tenantOf(request)) }),
    );

    r.post(
      '/api/admin/campaigns',
      {
        bodyLimit: FILE_LIMIT,
        schema: {
          tags,
          security: adminSecurity,
          summary: 'Import a campaign file (live at once, or a draft with ?draft=true)',
          description:
            'The answer lists warnings when the campaign is not running now (its links would not work).',
          querystring: campaignImportQuerySchema,
          body: campaignFileSchema,
          response: { 201: importedCampaignSchema, ...adminErrors },
        },
      },
      async (request, reply) => {
        const summary = await importCampaign(db, tenantOf(request), request.body, {
          draft: request.query.draft,
        });
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
          params: idParamsSchema,
          response: { 200: campaignDetailSchema, ...adminErrors },
        },
      },
      async (request) => {
        const tenantId = tenantOf(request);
        const campaign = await requireCampaign(db, tenantId, request.params.id);
        return { campaign: await summaryOf(db, tenantId, campaign.id), file: exportCampaign(campaign) };
      },
    );

    r.put(
      '/api/admin/campaigns/:id/content',
      {
        bodyLimit: FILE_LIMIT,
        schema: {
          tags,
          security: adminSecurity,
          summary: "Replace a campaign's file (its content in every language); not once ended",
          params: idParamsSchema,
          body: campaignFileSchema,
          response: { 200: campaignSummarySchema, ...adminErrors },
        },
      },
      async (request) =>
        editCampaign(db, await requireCampaign(db, tenantOf(request), request.params.id), request.body),
    );

    r.post(
      '/api/admin/campaigns/:id/duplicate',
      {
        schema: {
          tags,
          security: adminSecurity,
          summary: 'Copy a campaign as a new draft (content only: no recipients, no dates)',
          params: idParamsSchema,
          response: { 201: campaignSummarySchema, ...adminErrors },
        },
      },
      async (request, reply) => {
        const campaign = await requireCampaign(db, tenantOf(request), request.params.id);
        return reply.status(201).send(await duplicateCampaign(db, campaign));
      },
    );

    r.post(
      '/api/admin/campaigns/:id/launch',
      {
        schema: {
          tags,
          security: adminSecurity,
          summary: 'Launch a draft: live now, or from starts_at, and start sending in the same step',
          description:
            "warnings: the recipients' languages that lack some of the campaign's text. sending: the plan " +
            '(as POST …/sending); null or left out, no e-mail goes out and the operator sends the links.',
          params: idParamsSchema,
          body: launchRequestSchema,
          response: { 200: launchAnswerSchema, ...adminErrors },
        },
      },
      async (request) =>
        launchCampaign(
          db,
          ctx.config,
          await requireCampaign(db, tenantOf(request), request.params.id),
          request.body,
        ),
    );

    r.get(
      '/api/admin/campaigns/:id/languages',
      {
        schema: {
          tags,
          security: adminSecurity,
          summary: "The recipients' languages and how much of the campaign's text each has",
          params: idParamsSchema,
          response: { 200: campaignLanguagesSchema, ...adminErrors },
        },
      },
      async (request) =>
        languageCoverage(db, await requireCampaign(db, tenantOf(request), request.params.id)),
    );

    r.patch(
      '/api/admin/campaigns/:id',
      {
        schema: {
          tags,
          security: adminSecurity,
          summary: 'Set or clear the start and end dates',
          params: idParamsSchema,
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
          params: idParamsSchema,
          response: { 200: campaignSummarySchema, ...adminErrors },
        },
      },
      async (request) => endCampaign(db, await requireCampaign(db, tenantOf(request), request.params.id)),
    );
  };
}
