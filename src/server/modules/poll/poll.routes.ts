/**
 * POST /api/submit: a reviewer's decision on one URL. The bearer poll token is verified after the
 * rate limit but before the body is parsed, so unauthenticated callers make the server do little.
 * GET /api/decisions: the current decision on each URL of the same bearer token, so a reloaded
 * page shows what is already done; verified and rate limited the same way.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { decisionsResponseSchema, submitBodySchema, submitResponseSchema } from '@shared/poll';
import type { AppContext } from '@server/context';
import { bearerCredential } from '@server/lib/bearer';
import { unauthorized } from '@server/lib/errors';
import { perClientLimit } from '@server/plugins/rate-limit';
import type { PollClaims } from './poll-token';
import { decisionsForToken, recordDecision, verifyReviewerToken } from './poll.service';

/** A decision is one URL (≤ 4 KB) and a two-letter word; nothing legitimate comes near this. */
export const SUBMIT_BODY_LIMIT = 16 * 1024;

export function pollRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const verified = new WeakMap<FastifyRequest, PollClaims>();

    app.withTypeProvider<ZodTypeProvider>().post(
      '/api/submit',
      {
        bodyLimit: SUBMIT_BODY_LIMIT,
        config: perClientLimit(ctx.config),
        schema: { body: submitBodySchema, response: { 200: submitResponseSchema } },
        // preParsing, not onRequest: the rate limiter's onRequest hook must run first.
        preParsing: async (request, _reply, payload) => {
          verified.set(
            request,
            await verifyReviewerToken(ctx.database.db, ctx.config.pollTokenSecret, bearerToken(request)),
          );
          return payload;
        },
      },
      async (request) => {
        const claims = verified.get(request);
        if (!claims) throw unauthorized('A bearer poll token is required', 'token_missing');
        return recordDecision(ctx.database.db, claims, request.body);
      },
    );

    app.withTypeProvider<ZodTypeProvider>().get(
      '/api/decisions',
      {
        config: perClientLimit(ctx.config),
        schema: { response: { 200: decisionsResponseSchema } },
      },
      async (request, reply) => {
        // After the rate limiter's onRequest hook, as for submit.
        const claims = await verifyReviewerToken(
          ctx.database.db,
          ctx.config.pollTokenSecret,
          bearerToken(request),
        );
        // Decisions change with every submit: never from a cache.
        void reply.header('cache-control', 'no-store');
        return { decisions: await decisionsForToken(ctx.database.db, claims) };
      },
    );
  };
}

function bearerToken(request: FastifyRequest): string {
  const token = bearerCredential(request.headers.authorization);
  if (!token) throw unauthorized('A bearer poll token is required', 'token_missing');
  return token;
}
