/**
 * Builds the Hookwise Fastify instance without listening: tests drive it with app.inject(),
 * server.ts listens. Routes live in modules/<area>/<area>.routes.ts.
 */
import fastifyCookie from '@fastify/cookie';
import Fastify, {
  LogController,
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type RouteOptions,
} from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { errorBody } from '../shared/errors';
import type { AppContext } from './context';
import { loggerOptions } from './logger';
import { adminRoutes } from './modules/admin/admin.routes';
import { registerOpenApi } from './modules/admin/openapi';
import { scimRoutes } from './modules/scim/scim.routes';
import { healthRoutes } from './modules/health/health.routes';
import { journeyRoutes } from './modules/journey/journey.routes';
import { previewJourneyRoutes } from './modules/preview/preview.routes';
import { reportButtonRoutes } from './modules/report-button/report-button.routes';
import { sendingPublicRoutes } from './modules/sending/sending.routes';
import { pollRoutes } from './modules/poll/poll.routes';
import { pageAssetRoutes } from './modules/page-assets/page-assets.routes';
import { gophishApiRoutes } from './modules/gophish-api/gophish-api.routes';
import { installErrorHandler } from './plugins/error-handler';
import { installRateLimit } from './plugins/rate-limit';
import { rejectNul } from './plugins/reject-nul';
import { installRequestLog } from './plugins/request-log';
import { securityHeaders } from './plugins/security-headers';
import { consoleApp } from './plugins/console-app';
import { loadAppPage, webApp } from './plugins/web-app';

export interface BuildOptions {
  /** Overrides the configured log level (tests pass 'silent' or capture lines). */
  logger?: { level: string; stream?: NodeJS.WritableStream };
  /** Sees every route as it is added: the hardening suite enumerates the API with it. */
  onRoute?: (route: RouteOptions) => void;
}

/**
 * The public listener: what recipients and reviewers need, and nothing of the operator's.
 * Every admin path here is the plain 404 of any unknown path.
 */
export async function buildApp(ctx: AppContext, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = await baseApp(ctx, options, { frameAncestors: "'none'" });
  const page = loadAppPage(ctx.config.webRoot);
  await app.register(healthRoutes(ctx));
  await app.register(journeyRoutes(ctx, page));
  await app.register(pollRoutes(ctx));
  await app.register(reportButtonRoutes(ctx));
  await app.register(sendingPublicRoutes(ctx));
  await app.register(pageAssetRoutes(ctx));
  await app.register(webApp, { webRoot: ctx.config.webRoot, page });
  return app;
}

/**
 * The admin listener (ADMIN_HOST:ADMIN_PORT): the operator API, its OpenAPI document and the
 * console. It frames its own pages (the console's previews), nobody else's.
 */
export async function buildAdminApp(ctx: AppContext, options: BuildOptions = {}): Promise<FastifyInstance> {
  // GoPhish's Python client deletes at `/api/templates//4`, which GoPhish's router cleans.
  const app = await baseApp(ctx, options, { frameAncestors: "'self'", ignoreDuplicateSlashes: true });
  await app.register(fastifyCookie);
  await app.register(healthRoutes(ctx));
  // Before the routes it documents: swagger only sees routes registered after it.
  await registerOpenApi(app);
  await app.register(adminRoutes(ctx));
  await app.register(scimRoutes(ctx));
  // GoPhish's API under its own paths (/api/campaigns/, /api/groups/, …), for GoPhish's scripts.
  await app.register(gophishApiRoutes(ctx));
  // The console's previews: the recipient pages, for preview rids only, recording nothing.
  await app.register(previewJourneyRoutes(ctx, loadAppPage(ctx.config.webRoot)));
  // The landing pages' stored assets, for the previews.
  await app.register(pageAssetRoutes(ctx));
  await app.register(consoleApp, { consoleRoot: ctx.config.consoleRoot, webRoot: ctx.config.webRoot });
  return app;
}

async function baseApp(
  ctx: AppContext,
  options: BuildOptions,
  framing: { frameAncestors: string; ignoreDuplicateSlashes?: boolean },
): Promise<FastifyInstance> {
  const level = options.logger?.level ?? ctx.config.logLevel;
  const app = Fastify({
    logger: options.logger?.stream
      ? { ...loggerOptions(level), stream: options.logger.stream }
      : loggerOptions(level),
    // Our own onResponse hook writes the one line per request.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: 64 * 1024,
    routerOptions: { ignoreDuplicateSlashes: framing.ignoreDuplicateSlashes ?? false },
    // Ids in logs instead of query strings: the request id ties a log line to a request.
    requestIdHeader: false,
    // TRUST_PROXY means one reverse proxy in front: the client is the address it appended.
    // `true` would trust every hop and take the leftmost X-Forwarded-For entry, which the
    // client writes itself: a rotating fake address would slip past the rate limit.
    trustProxy: ctx.config.trustProxy ? (_address: string, hop: number) => hop < 1 : false,
    // Errors raised before routing (a malformed %-escape in the path) get our error shape too.
    frameworkErrors: (error: FastifyError, _request: FastifyRequest, reply: FastifyReply) => {
      void reply.status(400).send(errorBody('bad_url', error.message));
    },
  });
  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandler(app);
  installRequestLog(app);
  rejectNul(app);
  securityHeaders(app, framing);
  await installRateLimit(app, ctx);
  return app;
}
