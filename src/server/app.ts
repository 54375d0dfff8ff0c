/**
 * Builds the Hookwise Fastify instance without listening: tests drive it with app.inject(),
 * server.ts listens. Routes live in modules/<area>/<area>.routes.ts.
 */
import rateLimit from '@fastify/rate-limit';
import Fastify, {
  LogController,
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type RouteOptions,
} from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { pickLanguage, type LanguageCode } from '../shared/languages';
import type { AppContext } from './context';
import { loggerOptions } from './logger';
import { adminRoutes } from './modules/admin/admin.routes';
import { registerOpenApi } from './modules/admin/openapi';
import { healthRoutes } from './modules/health/health.routes';
import { journeyPageServed, journeyRoutes } from './modules/journey/journey.routes';
import { pollRoutes } from './modules/poll/poll.routes';
import { body, installErrorHandler } from './plugins/error-handler';
import { rejectNul } from './plugins/reject-nul';
import { installRequestLog } from './plugins/request-log';
import { securityHeaders } from './plugins/security-headers';
import { webApp } from './plugins/web-app';

export interface BuildOptions {
  /** Overrides the configured log level (tests pass 'silent' or capture lines). */
  logger?: { level: string; stream?: NodeJS.WritableStream };
  /** Sees every route as it is added: the hardening suite enumerates the API with it. */
  onRoute?: (route: RouteOptions) => void;
}

export async function buildApp(ctx: AppContext, options: BuildOptions = {}): Promise<FastifyInstance> {
  const level = options.logger?.level ?? ctx.config.logLevel;
  const app = Fastify({
    logger: options.logger?.stream
      ? { ...loggerOptions(level), stream: options.logger.stream }
      : loggerOptions(level),
    // Our own onResponse hook writes the one line per request.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: 64 * 1024,
    // Ids in logs instead of query strings: the request id ties a log line to a request.
    requestIdHeader: false,
    // TRUST_PROXY means one reverse proxy in front: the client is the address it appended.
    // `true` would trust every hop and take the leftmost X-Forwarded-For entry, which the
    // client writes itself: a rotating fake address would slip past the rate limit.
    trustProxy: ctx.config.trustProxy ? (_address: string, hop: number) => hop < 1 : false,
    // Errors raised before routing (a malformed %-escape in the path) get our error shape too.
    frameworkErrors: (error: FastifyError, _request: FastifyRequest, reply: FastifyReply) => {
      void reply.status(400).send(body('bad_url', error.message));
    },
  });
  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandler(app);
  installRequestLog(app);
  rejectNul(app);
  securityHeaders(app);
  await app.register(rateLimit, {
    global: false,
    max: ctx.config.rateLimitPerMinute,
    timeWindow: '1 minute',
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      ...body('rate_limited', `Too many requests, retry in ${context.after}`),
    }),
  });

  await app.register(healthRoutes(ctx));
  await app.register(journeyRoutes(ctx));
  // Before the routes it documents: swagger only sees routes registered after it.
  await registerOpenApi(app);
  await app.register(adminRoutes(ctx));
  await app.register(pollRoutes(ctx));
  await app.register(webApp, {
    webRoot: ctx.config.webRoot,
    resolveLanguage: (request) => Promise.resolve(requestLanguage(request)),
    onPageServed: journeyPageServed(ctx),
  });
  return app;
}

function requestLanguage(request: FastifyRequest): LanguageCode {
  const query = request.query as Record<string, unknown>;
  const accept = (request.headers['accept-language'] ?? '').split(',').map((part) => part.split(';')[0]);
  return pickLanguage([typeof query.lang === 'string' ? query.lang : undefined, ...accept]);
}
