/**
 * GoPhish's REST API under its own paths on the admin listener, so a script written for GoPhish
 * changes only its host and key: /api/campaigns/, /api/groups/, /api/templates/, /api/pages/,
 * /api/smtp/, /api/users/ (each with and without the trailing slash GoPhish's clients send), and
 * GoPhish's routes Hookwise does otherwise, answered with why. Not in /api/openapi.json: that
 * documents Hookwise's own API; docs/gophish-api.md documents this one.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  gapiCampaignInputSchema,
  gapiCampaignResultsSchema,
  gapiCampaignSchema,
  gapiCampaignsSchema,
  gapiCampaignSummariesSchema,
  gapiCampaignSummarySchema,
  gapiErrors,
  gapiGroupInputSchema,
  gapiGroupSchema,
  gapiGroupsSchema,
  gapiGroupSummariesSchema,
  gapiGroupSummarySchema,
  gapiIdParamsSchema,
  gapiPageInputSchema,
  gapiPageSchema,
  gapiPagesSchema,
  gapiResponseSchema,
  gapiSmtpInputSchema,
  gapiSmtpSchema,
  gapiSmtpsSchema,
  gapiTemplateInputSchema,
  gapiTemplateSchema,
  gapiTemplatesSchema,
  gapiUserInputSchema,
  gapiUserSchema,
  gapiUsersSchema,
} from '@shared/gophish-api';
import type { AppContext } from '@server/context';
import { gapiFailure, gapiSuccess, gapiTenantOf, installGapiAuth } from './gophish-api-auth';
import {
  createGapiPage,
  createGapiTemplate,
  deleteGapiPage,
  deleteGapiTemplate,
  editGapiPage,
  editGapiTemplate,
  gapiPage,
  gapiPages,
  gapiTemplate,
  gapiTemplates,
} from './gophish-api.service';
import {
  completeGapiCampaign,
  createGapiCampaign,
  gapiCampaign,
  gapiCampaignResults,
  gapiCampaigns,
  gapiCampaignSummaries,
  gapiCampaignSummary,
} from './gophish-campaigns.service';
import {
  createGapiGroup,
  createGapiSmtp,
  createGapiUser,
  deleteGapiGroup,
  deleteGapiSmtp,
  deleteGapiUser,
  editGapiGroup,
  editGapiSmtp,
  editGapiUser,
  gapiGroup,
  gapiGroups,
  gapiGroupSummaries,
  gapiGroupSummary,
  gapiSmtp,
  gapiSmtps,
  gapiUser,
  gapiUsers,
} from './gophish-objects.service';

/** A cloned landing page is often 1 MB; GoPhish has no limit of its own. */
const PAGE_BODY_LIMIT = 32 * 1024 * 1024;

/** GoPhish's routes Hookwise does not answer, and why (docs/gophish-api.md has the same table). */
const WEBHOOKS =
  "webhooks are set in the console (Settings, Integrations) or /api/admin/webhooks, with Hookwise's events";
const IMAP = 'reported mail is read by the intake in the console (Reported mail) or /api/admin/mail-intake';
const NOT_SUPPORTED: readonly [('GET' | 'POST' | 'PUT' | 'DELETE')[], string, string][] = [
  [
    ['POST'],
    '/api/import/group',
    'post the targets to /api/groups/, or import the CSV with `hookwise import gophish` and a template',
  ],
  [
    ['POST'],
    '/api/import/email',
    'Hookwise does not import raw e-mails as templates: post the template to /api/templates/',
  ],
  [
    ['POST'],
    '/api/import/site',
    'use "Import a site" in the console or POST /api/admin/campaigns/:id/import-site, which brings the page\'s files home safely',
  ],
  [
    ['POST'],
    '/api/util/send_test_email',
    'send a test message with POST /api/admin/sending-profiles/:id/test',
  ],
  [['GET', 'POST'], '/api/webhooks/', WEBHOOKS],
  [['GET', 'PUT', 'DELETE'], '/api/webhooks/:id', WEBHOOKS],
  [['POST'], '/api/webhooks/:id/validate', WEBHOOKS],
  [['GET', 'POST'], '/api/imap/', IMAP],
  [['POST'], '/api/imap/validate', IMAP],
  [
    ['POST'],
    '/api/reset',
    'API keys are made and revoked with `hookwise tenant add-key` and `hookwise tenant revoke-key`',
  ],
];

export function gophishApiRoutes(ctx: AppContext) {
  const { db } = ctx.database;
  const { config } = ctx;
  return async (plain: FastifyInstance) => {
    installGapiAuth(plain, db);
    // Scripts send `Content-Type: application/json` on a DELETE with no body: GoPhish reads none.
    const json = plain.getDefaultJsonParser('error', 'error');
    plain.removeContentTypeParser('application/json');
    plain.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
      if (body === '' && request.method === 'DELETE') {
        done(null, undefined);
        return;
      }
      void json(request, body.toString(), done);
    });
    const app = plain.withTypeProvider<ZodTypeProvider>();
    const both = (path: string) => [path, `${path}/`];

    for (const url of both('/api/campaigns')) {
      app.get(
        url,
        { schema: { hide: true, response: { 200: gapiCampaignsSchema, ...gapiErrors } } },
        (request) => gapiCampaigns(db, config, gapiTenantOf(request)),
      );
      app.post(
        url,
        {
          schema: {
            hide: true,
            body: gapiCampaignInputSchema,
            response: { 201: gapiCampaignSchema, ...gapiErrors },
          },
        },
        async (request, reply) =>
          reply.status(201).send(await createGapiCampaign(db, config, gapiTenantOf(request), request.body)),
      );
    }
    for (const url of both('/api/campaigns/summary')) {
      app.get(
        url,
        { schema: { hide: true, response: { 200: gapiCampaignSummariesSchema, ...gapiErrors } } },
        (request) => gapiCampaignSummaries(db, gapiTenantOf(request)),
      );
    }
    for (const url of both('/api/campaigns/:id')) {
      app.get(
        url,
        {
          schema: {
            hide: true,
            params: gapiIdParamsSchema,
            response: { 200: gapiCampaignSchema, ...gapiErrors },
          },
        },
        (request) => gapiCampaign(db, config, gapiTenantOf(request), request.params.id),
      );
      // Hookwise keeps a campaign's results: deleting one through GoPhish's API ends it.
      app.delete(
        url,
        {
          schema: {
            hide: true,
            params: gapiIdParamsSchema,
            response: { 200: gapiResponseSchema, ...gapiErrors },
          },
        },
        async (request) => {
          await completeGapiCampaign(db, gapiTenantOf(request), request.params.id);
          return gapiSuccess('Campaign ended: Hookwise keeps a campaign and its results');
        },
      );
    }
    for (const url of both('/api/campaigns/:id/results')) {
      app.get(
        url,
        {
          schema: {
            hide: true,
            params: gapiIdParamsSchema,
            response: { 200: gapiCampaignResultsSchema, ...gapiErrors },
          },
        },
        (request) => gapiCampaignResults(db, gapiTenantOf(request), request.params.id),
      );
    }
    for (const url of both('/api/campaigns/:id/summary')) {
      app.get(
        url,
        {
          schema: {
            hide: true,
            params: gapiIdParamsSchema,
            response: { 200: gapiCampaignSummarySchema, ...gapiErrors },
          },
        },
        (request) => gapiCampaignSummary(db, gapiTenantOf(request), request.params.id),
      );
    }
    for (const url of both('/api/campaigns/:id/complete')) {
      app.get(
        url,
        {
          schema: {
            hide: true,
            params: gapiIdParamsSchema,
            response: { 200: gapiResponseSchema, ...gapiErrors },
          },
        },
        async (request) => {
          await completeGapiCampaign(db, gapiTenantOf(request), request.params.id);
          return gapiSuccess('Campaign completed successfully!');
        },
      );
    }

    for (const url of both('/api/groups')) {
      app.get(
        url,
        { schema: { hide: true, response: { 200: gapiGroupsSchema, ...gapiErrors } } },
        (request) => gapiGroups(db, gapiTenantOf(request)),
      );
      app.post(
        url,
        {
          bodyLimit: PAGE_BODY_LIMIT,
          schema: {
            hide: true,
            body: gapiGroupInputSchema,
            response: { 201: gapiGroupSchema, ...gapiErrors },
          },
        },
        async (request, reply) =>
          reply.status(201).send(await createGapiGroup(db, gapiTenantOf(request), request.body)),
      );
    }
    for (const url of both('/api/groups/summary')) {
      app.get(
        url,
        { schema: { hide: true, response: { 200: gapiGroupSummariesSchema, ...gapiErrors } } },
        (request) => gapiGroupSummaries(db, gapiTenantOf(request)),
      );
    }
    for (const url of both('/api/groups/:id/summary')) {
      app.get(
        url,
        {
          schema: {
            hide: true,
            params: gapiIdParamsSchema,
            response: { 200: gapiGroupSummarySchema, ...gapiErrors },
          },
        },
        (request) => gapiGroupSummary(db, gapiTenantOf(request), request.params.id),
      );
    }
    for (const url of both('/api/groups/:id')) {
      app.get(
        url,
        {
          schema: {
            hide: true,
            params: gapiIdParamsSchema,
            response: { 200: gapiGroupSchema, ...gapiErrors },
          },
        },
        (request) => gapiGroup(db, gapiTenantOf(request), request.params.id),
      );
      app.put(
        url,
        {
          bodyLimit: PAGE_BODY_LIMIT,
          schema: {
            hide: true,
            params: gapiIdParamsSchema,
            body: gapiGroupInputSchema,
            response: { 200: gapiGroupSchema, ...gapiErrors },
          },
        },
        (request) => editGapiGroup(db, gapiTenantOf(request), request.params.id, request.body),
      );
      app.delete(
        url,
        {
          schema: {
            hide: true,
            params: gapiIdParamsSchema,
            response: { 200: gapiResponseSchema, ...gapiErrors },
          },
        },
        async (request) => {
          await deleteGapiGroup(db, gapiTenantOf(request), request.params.id);
          return gapiSuccess('Group deleted successfully!');
        },
      );
    }

    for (const url of both('/api/templates')) {
      app.get(
        url,
        { schema: { hide: true, response: { 200: gapiTemplatesSchema, ...gapiErrors } } },
        (request) => gapiTemplates(db, gapiTenantOf(request)),
      );
      app.post(
        url,
        {
          bodyLimit: PAGE_BODY_LIMIT,
          schema: {
            hide: true,
            body: gapiTemplateInputSchema,
            response: { 201: gapiTemplateSchema, ...gapiErrors },
          },
        },
        async (request, reply) =>
          reply.status(201).send(await createGapiTemplate(db, gapiTenantOf(request), request.body)),
      );
    }
    for (const url of both('/api/templates/:id')) {
      app.get(
        url,
        {
          schema: {
            hide: true,
            params: gapiIdParamsSchema,
            response: { 200: gapiTemplateSchema, ...gapiErrors },
          },
        },
        (request) => gapiTemplate(db, gapiTenantOf(request), request.params.id),
      );
      app.put(
        url,
        {
          bodyLimit: PAGE_BODY_LIMIT,
          schema: {
            hide: true,
            params: gapiIdParamsSchema,
            body: gapiTemplateInputSchema,
            response: { 200: gapiTemplateSchema, ...gapiErrors },
          },
        },
        (request) => editGapiTemplate(db, gapiTenantOf(request), request.params.id, request.body),
      );
      app.delete(
        url,
        {
          schema: {
            hide: true,
            params: gapiIdParamsSchema,
            response: { 200: gapiResponseSchema, ...gapiErrors },
          },
        },
        async (request) => {
          await deleteGapiTemplate(db, gapiTenantOf(request), request.params.id);
          return gapiSuccess('Template deleted successfully!');
        },
      );
    }

    for (const url of both('/api/pages')) {
      app.get(url, { schema: { hide: true, response: { 200: gapiPagesSchema, ...gapiErrors } } }, (request) =>
        gapiPages(db, gapiTenantOf(request)),
      );
      app.post(
        url,
        {
          bodyLimit: PAGE_BODY_LIMIT,
          schema: { hide: true, body: gapiPageInputSchema, response: { 201: gapiPageSchema, ...gapiErrors } },
        },
        async (request, reply) =>
          reply.status(201).send(await createGapiPage(db, gapiTenantOf(request), request.body)),
      );
    }
    for (const url of both('/api/pages/:id')) {
      app.get(
        url,
        {
          schema: {
            hide: true,
            params: gapiIdParamsSchema,
            response: { 200: gapiPageSchema, ...gapiErrors },
          },
        },
        (request) => gapiPage(db, gapiTenantOf(request), request.params.id),
      );
      app.put(
        url,
        {
          bodyLimit: PAGE_BODY_LIMIT,
          schema: {
            hide: true,
            params: gapiIdParamsSchema,
            body: gapiPageInputSchema,
            response: { 200: gapiPageSchema, ...gapiErrors },
          },
        },
        (request) => editGapiPage(db, gapiTenantOf(request), request.params.id, request.body),
      );
      app.delete(
        url,
        {
          schema: {
            hide: true,
            params: gapiIdParamsSchema,
            response: { 200: gapiResponseSchema, ...gapiErrors },
          },
        },
        async (request) => {
          await deleteGapiPage(db, gapiTenantOf(request), request.params.id);
          return gapiSuccess('Page Deleted Successfully');
        },
      );
    }

    for (const url of both('/api/smtp')) {
      app.get(url, { schema: { hide: true, response: { 200: gapiSmtpsSchema, ...gapiErrors } } }, (request) =>
        gapiSmtps(db, gapiTenantOf(request)),
      );
      app.post(
        url,
        {
          schema: { hide: true, body: gapiSmtpInputSchema, response: { 201: gapiSmtpSchema, ...gapiErrors } },
        },
        async (request, reply) =>
          reply.status(201).send(await createGapiSmtp(db, config, gapiTenantOf(request), request.body)),
      );
    }
    for (const url of both('/api/smtp/:id')) {
      app.get(
        url,
        {
          schema: {
            hide: true,
            params: gapiIdParamsSchema,
            response: { 200: gapiSmtpSchema, ...gapiErrors },
          },
        },
        (request) => gapiSmtp(db, gapiTenantOf(request), request.params.id),
      );
      app.put(
        url,
        {
          schema: {
            hide: true,
            params: gapiIdParamsSchema,
            body: gapiSmtpInputSchema,
            response: { 200: gapiSmtpSchema, ...gapiErrors },
          },
        },
        (request) => editGapiSmtp(db, config, gapiTenantOf(request), request.params.id, request.body),
      );
      app.delete(
        url,
        {
          schema: {
            hide: true,
            params: gapiIdParamsSchema,
            response: { 200: gapiResponseSchema, ...gapiErrors },
          },
        },
        async (request) => {
          await deleteGapiSmtp(db, gapiTenantOf(request), request.params.id);
          return gapiSuccess('SMTP Deleted Successfully');
        },
      );
    }

    for (const url of both('/api/users')) {
      app.get(url, { schema: { hide: true, response: { 200: gapiUsersSchema, ...gapiErrors } } }, (request) =>
        gapiUsers(db, gapiTenantOf(request)),
      );
      app.post(
        url,
        {
          schema: { hide: true, body: gapiUserInputSchema, response: { 200: gapiUserSchema, ...gapiErrors } },
        },
        (request) => createGapiUser(db, gapiTenantOf(request), request.body),
      );
    }
    for (const url of both('/api/users/:id')) {
      app.get(
        url,
        {
          schema: {
            hide: true,
            params: gapiIdParamsSchema,
            response: { 200: gapiUserSchema, ...gapiErrors },
          },
        },
        (request) => gapiUser(db, gapiTenantOf(request), request.params.id),
      );
      app.put(
        url,
        {
          schema: {
            hide: true,
            params: gapiIdParamsSchema,
            body: gapiUserInputSchema,
            response: { 200: gapiUserSchema, ...gapiErrors },
          },
        },
        (request) => editGapiUser(db, gapiTenantOf(request), request.params.id, request.body),
      );
      app.delete(
        url,
        {
          schema: {
            hide: true,
            params: gapiIdParamsSchema,
            response: { 200: gapiResponseSchema, ...gapiErrors },
          },
        },
        async (request) => {
          await deleteGapiUser(db, gapiTenantOf(request), request.params.id);
          return gapiSuccess('User disabled: Hookwise keeps an account in the audit log');
        },
      );
    }

    for (const [method, url, why] of NOT_SUPPORTED) {
      app.route({
        method,
        url,
        schema: { hide: true, response: { 404: gapiResponseSchema } },
        handler: async (_request, reply) => {
          await reply.status(404).send(gapiFailure(`Hookwise does not answer this GoPhish call: ${why}`));
        },
      });
    }
  };
}
