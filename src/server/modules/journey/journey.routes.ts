/**
 * The recipient journey's public surface: its pages (/phish…, /campaign…), campaign data for a
 * rid, the sandboxed template document, and event recording. Every route is rate limited per
 * client alike; every failure about a rid is the same plain 404 (loadJourney), which a page
 * shows as the campaign-error page.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
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
import { clampUserAgent, truncateIp } from './client-ip';
import { campaignData, loadJourney, openJourneyPage, recordEvent, type ClientMeta } from './journey.service';
import { renderTemplate, TEMPLATE_CSP } from './template';

const ridParams = z.object({ rid: z.string().max(128) });

export function journeyRoutes(ctx: AppContext, page: AppPage) {
  return async (app: FastifyInstance) => {
    const config = perClientLimit(ctx.config);
    const api = app.withTypeProvider<ZodTypeProvider>();

    for (const path of JOURNEY_PATHS) {
      app.get(path, { config }, async (request, reply) => {
        const language = await pageLanguage(ctx, request, path === LANDING_PATH);
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

function clientMeta(request: FastifyRequest): ClientMeta {
  return { ip: truncateIp(request.ip), userAgent: clampUserAgent(request.headers['user-agent']) };
}
