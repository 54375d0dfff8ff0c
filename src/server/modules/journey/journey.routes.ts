/**
 * The recipient journey's public surface: its pages (/phish…, /campaign…; /phish is the
 * operator's sandboxed template itself when the campaign has one), campaign data for a rid, the
 * template's preview document, and event recording. Every route is rate limited per
 * client alike; every failure about a rid is the same plain 404 (loadJourney), which a page
 * shows as the campaign-error page.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { campaignDataSchema } from '../../../shared/campaign';
import { eventBodySchema, eventResponseSchema } from '../../../shared/journey';
import type { LanguageCode } from '../../../shared/languages';
import { JOURNEY_PATHS, LANDING_PATH } from '../../../shared/routes';
import type { AppContext } from '../../context';
import { isNotFound, notFound } from '../../lib/errors';
import { perClientLimit } from '../../plugins/rate-limit';
import type { AppPage } from '../../plugins/web-app';
import { beaconQuerySchema, beaconToClick } from './beacon';
import { requestFacts } from './click-evidence';
import { clampUserAgent, truncateIp } from './client-ip';
import {
  campaignData,
  landingTemplate,
  loadJourney,
  openJourneyPage,
  recordBeacon,
  recordEvent,
  type ClientMeta,
} from './journey.service';
import { LANDING_CSP, renderTemplate, TEMPLATE_CSP } from './template';

const ridParams = z.object({ rid: z.string().max(128) });

export function journeyRoutes(ctx: AppContext, page: AppPage) {
  return async (app: FastifyInstance) => {
    const config = perClientLimit(ctx.config);
    const api = app.withTypeProvider<ZodTypeProvider>();

    for (const path of JOURNEY_PATHS) {
      app.get(path, { config }, async (request, reply) => {
        const language = await pageLanguage(ctx, request, path === LANDING_PATH);
        const template = path === LANDING_PATH && language ? await landingPage(ctx, request) : undefined;
        if (template) return sendLandingTemplate(reply, template);
        return page.send(request, reply, 200, language);
      });
    }

    api.get(
      '/api/campaign/:rid',
      {
        config,
        schema: { params: ridParams, response: { 200: campaignDataSchema } },
      },
      async (request, reply) => {
        const data = await campaignData(ctx, request.params.rid);
        return reply.header('Cache-Control', 'no-store').send(data);
      },
    );

    api.get('/api/template/:rid', { config, schema: { params: ridParams } }, async (request, reply) => {
      const { content } = await loadJourney(ctx.database.db, request.params.rid);
      const html = content.phishing.template_html;
      if (!html) throw notFound();
      return reply
        .header('Content-Security-Policy', TEMPLATE_CSP)
        .header('Cache-Control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(renderTemplate(html));
    });

    api.post(
      '/api/events',
      {
        config,
        schema: { body: eventBodySchema, response: { 200: eventResponseSchema } },
      },
      (request) => recordEvent(ctx, request.body, clientMeta(request)),
    );

    // The sandboxed template document cannot fetch (connect-src 'none'): it reports its click
    // with an image. Whatever happens, the answer is the same empty 204 (it reveals nothing).
    app.get('/api/beacon/:rid', { config, exposeHeadRoute: false }, async (request, reply) => {
      const { rid } = request.params as Record<string, unknown>;
      const query = beaconQuerySchema.safeParse(request.query);
      if (typeof rid === 'string' && query.success) {
        await recordBeacon(ctx, rid, beaconToClick(query.data), clientMeta(request)).catch(
          (error: unknown) => {
            if (!isNotFound(error)) request.log.error({ err: error }, 'beacon not recorded');
          },
        );
      }
      return reply.code(204).header('Cache-Control', 'no-store').send();
    });
  };
}

/**
 * The recipient's language for a journey page with a rid (landing on /phish records
 * `visited`); undefined without a usable rid: the page then follows the browser's language,
 * and the app shows the campaign-error page.
 */
async function pageLanguage(
  ctx: AppContext,
  request: FastifyRequest,
  landing: boolean,
): Promise<LanguageCode | undefined> {
  const { rid } = request.query as Record<string, unknown>;
  if (typeof rid !== 'string') return undefined;
  try {
    return await openJourneyPage(ctx, rid, { landing, meta: clientMeta(request) });
  } catch (error) {
    // The page is served regardless; a lost `visited` must not cost the recipient the page.
    if (!isNotFound(error)) request.log.error({ err: error }, 'journey page lookup failed');
    return undefined;
  }
}

/**
 * The operator's template as the landing page itself, for an open rid whose campaign has one
 * (see template.ts for why top-level and how it is sandboxed); undefined otherwise, and /phish is
 * then the app. A failed lookup also falls back to the app, which shows its built-in page.
 */
async function landingPage(ctx: AppContext, request: FastifyRequest): Promise<string | undefined> {
  const { rid } = request.query as Record<string, unknown>;
  if (typeof rid !== 'string') return undefined;
  try {
    return await landingTemplate(ctx, rid);
  } catch (error) {
    request.log.error({ err: error }, 'landing template lookup failed');
    return undefined;
  }
}

function sendLandingTemplate(reply: FastifyReply, html: string): FastifyReply {
  return reply
    .header('Content-Security-Policy', LANDING_CSP)
    .header('Cache-Control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(html);
}

function clientMeta(request: FastifyRequest): ClientMeta {
  const userAgent = clampUserAgent(request.headers['user-agent']);
  return { ip: truncateIp(request.ip), userAgent, request: requestFacts(request, userAgent) };
}
