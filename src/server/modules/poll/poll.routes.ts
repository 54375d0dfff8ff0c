/**
 * POST /api/submit: a reviewer's decision on one URL. The bearer poll token is verified after the
 * rate limit but before the body is parsed, so unauthenticated callers make the server do little.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { submitBodySchema, submitResponseSchema } from '../../../shared/poll';
import type { AppContext } from '../../context';
import { bearerCredential } from '../../lib/bearer';
import { unauthorized } from '../../lib/errors';
import { perClientLimit } from '../../plugins/rate-limit';
import { verifyPollToken, type PollClaims } from './poll-token';
import { recordDecision } from './poll.service';

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
          verified.set(request, await verifyPollToken(ctx.config.pollTokenSecret, bearerToken(request)));
          return payload;
        },
      },
      async (request) => {
        const claims = verified.get(request);
        if (!claims) throw unauthorized('A bearer poll token is required', 'token_missing');
        return recordDecision(ctx.database, claims, request.body);
      },
    );
  };
}

function bearerToken(request: FastifyRequest): string {
  const token = bearerCredential(request.headers.authorization);
  if (!token) throw unauthorized('A bearer poll token is required', 'token_missing');
  return token;
}
