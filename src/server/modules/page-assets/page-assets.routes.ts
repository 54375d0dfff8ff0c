/**
 * GET /assets/p/:id/:name — a landing page's stored asset, on both listeners (recipients load
 * it; the console's preview does too). The path carries the asset's random id rather than a
 * recipient's rid: the page is the same for every recipient, so its assets are cached once,
 * and no rid travels in asset requests. POST /api/admin/campaigns/:id/import-site — "Import a
 * site".
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminErrors, idParamsSchema } from '@shared/admin-api';
import { assetParamsSchema, importSiteResultSchema, importSiteSchema } from '@shared/page-assets';
import type { AppContext } from '@server/context';
import { tenantOf } from '../admin/admin-auth';
import { notFound } from '@server/lib/errors';
import { adminSecurity } from '../admin/admin-schemas';
import { importSite, servableAsset } from './page-assets.service';

/**
 * The asset's own policy: an SVG opened on its own runs nothing and reaches nothing. Loaded by
 * the sandboxed landing page (an opaque origin), fonts need CORS and every asset a
 * cross-origin resource policy that lets it be used.
 */
const ASSET_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; sandbox";

export function pageAssetRoutes(ctx: AppContext) {
  const { db } = ctx.database;
  return async (app: FastifyInstance) => {
    app.get('/assets/p/:id/:name', { exposeHeadRoute: true }, async (request, reply) => {
      // Any other shape is simply not an asset: the plain 404, not a validation error.
      const params = assetParamsSchema.safeParse(request.params);
      if (!params.success) throw notFound();
      const asset = await servableAsset(db, params.data.id, params.data.name);
      return reply
        .header(
          'Content-Type',
          asset.contentType === 'text/css' ? 'text/css; charset=utf-8' : asset.contentType,
        )
        .header('X-Content-Type-Options', 'nosniff')
        .header('Cache-Control', 'public, max-age=31536000, immutable')
        .header('ETag', `"${asset.sha256}"`)
        .header('Content-Security-Policy', ASSET_CSP)
        .header('Cross-Origin-Resource-Policy', 'cross-origin')
        .header('Access-Control-Allow-Origin', '*')
        .send(asset.bytes);
    });
  };
}

export function importSiteRoutes(ctx: AppContext) {
  const { db } = ctx.database;
  const { config } = ctx;
  return async (app: FastifyInstance) => {
    app.withTypeProvider<ZodTypeProvider>().post(
      '/api/admin/campaigns/:id/import-site',
      {
        schema: {
          tags: ['campaigns'],
          security: adminSecurity,
          summary: "Import a site: the page at an address becomes the campaign's landing page",
          description:
            'Fetches the page and its stylesheets, images and fonts (never its scripts), stores them with the campaign and serves them from Hookwise, so the page makes no request to the original site. Private and loopback addresses are refused unless IMPORT_SITE_ALLOW_PRIVATE=1. report lists what was stored and what was not, and why.',
          params: idParamsSchema,
          body: importSiteSchema,
          response: { 200: importSiteResultSchema, ...adminErrors },
        },
      },
      (request) => importSite(db, config, tenantOf(request), request.params.id, request.body.url),
    );
  };
}
