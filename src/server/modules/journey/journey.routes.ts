/**
 * The recipient journey's public surface: its pages (/phish…, /campaign…; /phish is the
 * operator's sandboxed template itself when the campaign has one), campaign data for a rid, the
 * template's preview document, and event recording. Every route is rate limited per
 * client alike; every failure about a rid is the same plain 404 (loadJourney), which a page
 * shows as the campaign-error page. The same routes, over another JourneySurface, serve the
 * operator's preview on the admin listener (modules/preview).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { campaignDataSchema, type CampaignData } from '@shared/campaign';
import { VIA_PARAM } from '@shared/clicks';
import {
  beaconQuerySchema,
  eventBodySchema,
  eventResponseSchema,
  ridParamsSchema,
  type EventBody,
  type EventResponse,
} from '@shared/journey';
import { JOURNEY_PATHS, LANDING_PATH } from '@shared/routes';
import type { AppContext } from '@server/context';
import { isNotFound } from '@server/lib/errors';
import { perClientLimit } from '@server/plugins/rate-limit';
import type { AppPage } from '@server/plugins/web-app';
import { beaconToClick } from './beacon';
import { serializeCampaignData } from './campaign-data';
import { requestFacts } from '../clicks/click-evidence';
import { clampUserAgent, truncateIp } from '../clicks/client-ip';
import { recordBeacon, type ClickDetails } from './journey-clicks.service';
import { recordEvent } from './journey-events.service';
import {
  campaignData,
  openJourneyPage,
  templateDocument,
  type ClientMeta,
  type OpenedPage,
} from './journey.service';
import { LANDING_CSP, TEMPLATE_CSP } from './template';

/**
 * What the journey's routes ask of whatever stands behind a rid: the recipients' journey here,
 * the operator's preview (modules/preview) on the admin listener. Every method throws the plain
 * 404 for a rid it does not know.
 */
export interface JourneySurface {
  /** The landing template's policy: never framed for recipients; the console frames previews. */
  landingCsp: string;
  /** A journey page for this rid: its language; landing on /phish may record a visit. */
  openPage(rid: string, landing: boolean, meta: ClientMeta): Promise<OpenedPage>;
  campaignData(rid: string): Promise<CampaignData>;
  /** The template document for the SEI page's frame. */
  templateDocument(rid: string): Promise<string>;
  recordEvent(body: EventBody, meta: ClientMeta): Promise<EventResponse>;
  recordBeacon(rid: string, click: ClickDetails, meta: ClientMeta): Promise<void>;
}

export function journeyRoutes(ctx: AppContext, page: AppPage) {
  const { config } = ctx;
  const { db } = ctx.database;
  const surface: JourneySurface = {
    landingCsp: LANDING_CSP,
    openPage: (rid, landing, meta) => openJourneyPage(db, config, rid, { landing, meta }),
    campaignData: (rid) => campaignData(db, config, rid),
    templateDocument: (rid) => templateDocument(db, rid),
    recordEvent: (body, meta) => recordEvent(db, config, body, meta),
    recordBeacon: (rid, click, meta) => recordBeacon(db, config, rid, click, meta),
  };
  return async (app: FastifyInstance) => journeySurfaceRoutes(app, surface, page, perClientLimit(ctx.config));
}

/** The recipient pages' paths and API over a surface: the same routes for the journey and the preview. */
export function journeySurfaceRoutes(
  app: FastifyInstance,
  surface: JourneySurface,
  page: AppPage,
  config: ReturnType<typeof perClientLimit>,
): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  for (const path of JOURNEY_PATHS) {
    app.get(path, { config }, async (request, reply) => {
      const opened = await openedPage(surface, request, path === LANDING_PATH);
      if (opened?.template) return sendLandingTemplate(reply, opened.template, surface.landingCsp);
      return page.send(request, reply, 200, opened?.language);
    });
  }

  api.get(
    '/api/campaign/:rid',
    {
      config,
      schema: { params: ridParamsSchema, response: { 200: campaignDataSchema } },
      // The schema still states the answer (and the OpenAPI document); its check is cached.
      serializerCompiler: () => (data) => serializeCampaignData(data as CampaignData),
    },
    async (request, reply) => {
      const data = await surface.campaignData(request.params.rid);
      return reply.header('Cache-Control', 'no-store').send(data);
    },
  );

  api.get('/api/template/:rid', { config, schema: { params: ridParamsSchema } }, async (request, reply) => {
    const html = await surface.templateDocument(request.params.rid);
    return reply
      .header('Content-Security-Policy', TEMPLATE_CSP)
      .header('Cache-Control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(html);
  });

  api.post(
    '/api/events',
    {
      config,
      schema: { body: eventBodySchema, response: { 200: eventResponseSchema } },
    },
    (request) => surface.recordEvent(request.body, clientMeta(request)),
  );

  // The sandboxed template document cannot fetch (connect-src 'none'): it reports its click
  // with an image. Whatever happens, the answer is the same empty 204 (it reveals nothing).
  app.get('/api/beacon/:rid', { config, exposeHeadRoute: false }, async (request, reply) => {
    const { rid } = request.params as Record<string, unknown>;
    const query = beaconQuerySchema.safeParse(request.query);
    if (typeof rid === 'string' && query.success) {
      await surface
        .recordBeacon(rid, beaconToClick(query.data), clientMeta(request))
        .catch((error: unknown) => {
          if (!isNotFound(error)) request.log.error({ err: error }, 'beacon not recorded');
        });
    }
    return reply.code(204).header('Cache-Control', 'no-store').send();
  });
}

/**
 * The recipient's language for a journey page with a rid (landing on /phish records
 * `visited`, and may be the operator's template itself); undefined without a usable rid: the
 * page then follows the browser's language, and the app shows the campaign-error page.
 */
async function openedPage(
  surface: JourneySurface,
  request: FastifyRequest,
  landing: boolean,
): Promise<OpenedPage | undefined> {
  const { rid, [VIA_PARAM]: via } = request.query as Record<string, unknown>;
  if (typeof rid !== 'string') return undefined;
  try {
    return await surface.openPage(rid, landing, {
      ...clientMeta(request),
      via: via === 'qr' ? 'qr' : 'link',
    });
  } catch (error) {
    // The page is served regardless; a lost `visited` must not cost the recipient the page.
    if (!isNotFound(error)) request.log.error({ err: error }, 'journey page lookup failed');
    return undefined;
  }
}

function sendLandingTemplate(reply: FastifyReply, html: string, csp: string): FastifyReply {
  return reply
    .header('Content-Security-Policy', csp)
    .header('Cache-Control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(html);
}

function clientMeta(request: FastifyRequest): ClientMeta {
  const userAgent = clampUserAgent(request.headers['user-agent']);
  return { ip: truncateIp(request.ip), userAgent, request: requestFacts(request, userAgent) };
}
