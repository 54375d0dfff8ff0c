/**
 * Per-client rate limiting of the public surface (journey pages and API, reviewer submits):
 * RATE_LIMIT_PER_MINUTE requests per route and client address. Routes opt in with
 * `config: perClientLimit(config)`, so every limited route has the same budget and answer.
 */
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { errorBody } from '../../shared/errors';
import type { Config } from '../config';

export async function installRateLimit(app: FastifyInstance, config: Config): Promise<void> {
  await app.register(rateLimit, {
    global: false,
    ...budget(config),
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      ...errorBody('rate_limited', `Too many requests, retry in ${context.after}`),
    }),
  });
}

/** A route's `config` for the shared per-client budget. */
export function perClientLimit(config: Config) {
  return { rateLimit: budget(config) };
}

function budget(config: Config) {
  return { max: config.rateLimitPerMinute, timeWindow: '1 minute' };
}
