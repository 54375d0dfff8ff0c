/**
 * /api/admin/campaigns/:id/recipients (CSV import, list, remove) and /links (JSON and mail-merge
 * CSV). Personal links are an operator's: a viewer who opened one would add a visit to the
 * results, so a viewer is refused the links and sees the list without them.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminErrors,
  campaignRecipientParamsSchema,
  errorSchema,
  idParamsSchema,
  importReportSchema,
  noContentSchema,
  recipientLinksSchema,
  recipientPageSchema,
  recipientsCsvSchema,
  recipientsQuerySchema,
  ROLE_RANK,
  textSchema,
} from '@shared/admin-api';
import { audienceReportSchema, audienceRequestSchema } from '@shared/people';
import type { AppContext } from '@server/context';
import { principalOf, tenantOf } from '../admin/admin-auth';
import { adminSecurity } from '../admin/admin-schemas';
import { requireCampaign } from '../campaigns/campaigns.service';
import {
  addRecipientsFromPeople,
  importRecipients,
  linksCsv,
  recipientLinks,
  recipientPage,
  removeRecipient,
} from './recipients.service';

const tags = ['recipients'];

export function recipientRoutes(ctx: AppContext) {
  const { db } = ctx.database;
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    app.addContentTypeParser('text/csv', { parseAs: 'string' }, (_request, body, done) => done(null, body));

    r.post(
      '/api/admin/campaigns/:id/recipients',
      {
        bodyLimit: 20 * 1024 * 1024,
        schema: {
          tags,
          security: adminSecurity,
          summary:
            'Import recipients from CSV (email or person_id, first_name, language, department, sent_at)',
          consumes: ['text/csv'],
          params: idParamsSchema,
          body: recipientsCsvSchema,
          response: { 200: importReportSchema, 409: errorSchema, ...adminErrors },
        },
      },
      async (request) => {
        const campaign = await requireCampaign(db, tenantOf(request), request.params.id);
        return importRecipients(db, campaign, request.body);
      },
    );

    r.post(
      '/api/admin/campaigns/:id/recipients/from-people',
      {
        schema: {
          tags,
          security: adminSecurity,
          summary: 'Add recipients from people: every active person, a group or a department',
          description:
            'Each gets a fresh personal link, as from a CSV; deactivated people and existing recipients are left out.',
          params: idParamsSchema,
          body: audienceRequestSchema,
          response: { 200: audienceReportSchema, 409: errorSchema, ...adminErrors },
        },
      },
      async (request) => {
        const campaign = await requireCampaign(db, tenantOf(request), request.params.id);
        return addRecipientsFromPeople(db, campaign, request.body.audience);
      },
    );

    r.get(
      '/api/admin/campaigns/:id/recipients',
      {
        schema: {
          tags,
          security: adminSecurity,
          summary: "A page of the campaign's recipients, searched by email, name, person id or department",
          params: idParamsSchema,
          querystring: recipientsQuerySchema,
          response: { 200: recipientPageSchema, ...adminErrors },
        },
      },
      async (request) => {
        const campaign = await requireCampaign(db, tenantOf(request), request.params.id);
        const withLinks = ROLE_RANK[principalOf(request).role] >= ROLE_RANK.operator;
        return recipientPage(db, campaign, request.query, withLinks);
      },
    );

    r.delete(
      '/api/admin/campaigns/:id/recipients/:recipientId',
      {
        schema: {
          tags,
          security: adminSecurity,
          summary: 'Remove a recipient and what was recorded for them',
          params: campaignRecipientParamsSchema,
          response: { 204: noContentSchema, ...adminErrors },
        },
      },
      async (request, reply) => {
        const campaign = await requireCampaign(db, tenantOf(request), request.params.id);
        await removeRecipient(db, campaign, request.params.recipientId);
        return reply.status(204).send(null);
      },
    );

    r.get(
      '/api/admin/campaigns/:id/links',
      {
        config: { role: 'operator' },
        schema: {
          tags,
          security: adminSecurity,
          summary: 'Per-recipient links',
          params: idParamsSchema,
          response: { 200: recipientLinksSchema, ...adminErrors },
        },
      },
      async (request) => {
        const campaign = await requireCampaign(db, tenantOf(request), request.params.id);
        return { links: await recipientLinks(db, ctx.config.publicUrl, campaign) };
      },
    );

    r.get(
      '/api/admin/campaigns/:id/links.csv',
      {
        config: { role: 'operator' },
        schema: {
          tags,
          security: adminSecurity,
          summary: 'Per-recipient links as a mail-merge CSV (email, first_name, link, …)',
          produces: ['text/csv'],
          params: idParamsSchema,
          response: { 200: textSchema, ...adminErrors },
        },
      },
      async (request, reply) => {
        const campaign = await requireCampaign(db, tenantOf(request), request.params.id);
        const csv = linksCsv(await recipientLinks(db, ctx.config.publicUrl, campaign));
        return reply.type('text/csv; charset=utf-8').send(csv);
      },
    );
  };
}
