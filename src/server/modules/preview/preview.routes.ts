/**
 * The operator's preview, on the admin listener only: POST /api/admin/campaigns/:id/preview makes
 * one, and the recipient pages' own paths (the journey's routes over the preview) show it; the
 * email preview's HTML part is shown at /preview/email?rid=….
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminErrors, idParamsSchema, previewRequestSchema, previewSchema } from '@shared/admin-api';
import { emailDocumentQuerySchema } from '@shared/sending';
import type { AppContext } from '@server/context';
import { perClientLimit } from '@server/plugins/rate-limit';
import type { AppPage } from '@server/plugins/web-app';
import { tenantOf } from '../admin/admin-auth';
import { adminSecurity } from '../admin/admin-schemas';
import { journeySurfaceRoutes, type JourneySurface } from '../journey/journey.routes';
import { TEMPLATE_CSP } from '../journey/template';
import { EMAIL_DOCUMENT_CSP, emailPreviewDocument } from '../sending/email-preview.service';
import {
  createPreview,
  openPreviewPage,
  previewBeacon,
  previewCampaignData,
  previewEvent,
  previewTemplateDocument,
} from './preview.service';

/** Inside the authenticated admin scope: tenantOf() gives the operator's tenant. */
export function previewAdminRoutes(ctx: AppContext) {
  const { db } = ctx.database;
  return async (app: FastifyInstance) => {
    app.withTypeProvider<ZodTypeProvider>().post(
      '/api/admin/campaigns/:id/preview',
      {
        // Showing what recipients would see changes nothing: a viewer may preview.
        config: { role: 'viewer' },
        // An unsaved campaign file may carry a full HTML template, as an import does.
        bodyLimit: 16 * 1024 * 1024,
        schema: {
          tags: ['campaigns'],
          security: adminSecurity,
          summary: 'Preview a campaign in one language, recording nothing',
          description:
            'Previews the stored campaign file, or `content` (an unsaved campaign file, validated like an import). The pages open on the admin listener for an hour.',
          params: idParamsSchema,
          body: previewRequestSchema,
          response: { 201: previewSchema, ...adminErrors },
        },
      },
      async (request, reply) => {
        const preview = await createPreview(db, tenantOf(request), request.params.id, request.body);
        return reply.status(201).send(preview);
      },
    );
  };
}

/**
 * The journey's pages and API for preview rids only: the rid is the capability (192 random
 * bits, one hour), so these routes need no session of their own.
 */
export function previewJourneyRoutes(ctx: AppContext, page: AppPage) {
  const surface: JourneySurface = {
    // The console shows the landing page in a frame of its own origin.
    landingCsp: TEMPLATE_CSP,
    openPage: (rid, landing) => openPreviewPage(ctx.database.db, rid, landing),
    campaignData: (rid) => previewCampaignData(ctx.database.db, ctx.config, rid),
    templateDocument: (rid) => previewTemplateDocument(ctx.database.db, rid),
    recordEvent: (body) => previewEvent(ctx.database.db, body),
    recordBeacon: (rid) => previewBeacon(ctx.database.db, rid),
  };
  return async (app: FastifyInstance) => {
    journeySurfaceRoutes(app, surface, page, perClientLimit(ctx.config));
    emailDocumentRoute(app, ctx);
  };
}

/** The email preview's HTML part as its own document, under its policy (email-preview.service.ts). */
function emailDocumentRoute(app: FastifyInstance, ctx: AppContext) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/preview/email',
    {
      config: perClientLimit(ctx.config),
      schema: {
        hide: true,
        querystring: emailDocumentQuerySchema,
      },
    },
    async (request, reply) => {
      const { rid, recipient } = request.query;
      const html = await emailPreviewDocument(ctx.database.db, ctx.config, rid, recipient);
      return reply
        .header('Content-Security-Policy', EMAIL_DOCUMENT_CSP)
        .header('Cache-Control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(html);
    },
  );
}
