/**
 * The recipient journey's public API: campaign data for a rid, the sandboxed template document,
 * and event recording. Every route is rate limited per client; every failure about a rid is the
 * same plain 404.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { campaignDataSchema } from '../../../shared/campaign';
import { eventBodySchema, eventResponseSchema } from '../../../shared/journey';
import type { AppContext } from '../../context';
import { notFound } from '../../lib/errors';
import { clampUserAgent, truncateIp } from './client-ip';
import type { LanguageCode } from '../../../shared/languages';
import {
  campaignData,
  loadJourney,
  recordEvent,
  recordVisit,
  recipientLanguage,
  type ClientMeta,
} from './journey.service';
import { renderTemplate, TEMPLATE_CSP } from './template';

const ridParams = z.object({ rid: z.string().max(128) });

export function journeyRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const rateLimit = { max: ctx.config.rateLimitPerMinute, timeWindow: '1 minute' };
    const api = app.withTypeProvider<ZodTypeProvider>();

    api.get(
      '/api/campaign/:rid',
      {
        config: { rateLimit },
        schema: { params: ridParams, response: { 200: campaignDataSchema } },
      },
      async (request, reply) => {
        const data = await campaignData(ctx, request.params.rid);
        return reply.header('Cache-Control', 'no-store').send(data);
      },
    );

    api.get(
      '/api/template/:rid',
      { config: { rateLimit }, schema: { params: ridParams } },
      async (request, reply) => {
        const { content } = await loadJourney(ctx.database.db, request.params.rid);
        const html = content.phishing.template_html;
        if (!html) throw notFound();
        return reply
          .header('Content-Security-Policy', TEMPLATE_CSP)
          .header('Cache-Control', 'no-store')
          .type('text/html; charset=utf-8')
          .send(renderTemplate(html));
      },
    );

    api.post(
      '/api/events',
      {
        config: { rateLimit },
        schema: { body: eventBodySchema, response: { 200: eventResponseSchema } },
      },
      (request) => recordEvent(ctx, request.body, clientMeta(request)),
    );
  };
}

/**
 * For the web-app plugin, when a journey page itself is served: the recipient's language, so
 * the page is inlined in it (first paint in the right language). Serving /phish also records
 * `visited`. Any GET does this — a mail scanner as much as a person — so it is weak evidence;
 * `clicked` needs the running page.
 */
export function journeyPageServed(ctx: AppContext) {
  return async (request: FastifyRequest): Promise<LanguageCode | undefined> => {
    const route = request.routeOptions.url ?? '';
    if (!route.startsWith('/phish') && !route.startsWith('/campaign')) return undefined;
    const rid = (request.query as Record<string, unknown>).rid;
    if (typeof rid !== 'string') return undefined;
    try {
      if (route === '/phish') return await recordVisit(ctx, rid, clientMeta(request));
      return recipientLanguage((await loadJourney(ctx.database.db, rid)).row);
    } catch (error) {
      // The page is served regardless; a lost `visited` must not cost the recipient the page.
      if (!isNotFound(error)) request.log.error({ err: error }, 'journey page lookup failed');
      return undefined;
    }
  };
}

const isNotFound = (error: unknown) =>
  typeof error === 'object' && error !== null && (error as { statusCode?: number }).statusCode === 404;

function clientMeta(request: FastifyRequest): ClientMeta {
  return { ip: truncateIp(request.ip), userAgent: clampUserAgent(request.headers['user-agent']) };
}
