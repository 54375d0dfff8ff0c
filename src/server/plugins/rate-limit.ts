/**
 * Per-client rate limiting of the public surface (journey pages and API, reviewer submits):
 * RATE_LIMIT_PER_MINUTE requests per route and client address. Routes opt in with
 * `config: perClientLimit(config)`, so every limited route has the same budget and answer.
 *
 * On PostgreSQL the counters live in the database (rate_limits), shared by every instance: N
 * instances behind a load balancer still allow one budget, not N. On SQLite (one process) they
 * stay in memory, which costs no write per request.
 */
import rateLimit, { type FastifyRateLimitStore, type FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { errorBody } from '@shared/errors';
import type { AppContext } from '../context';
import type { Config } from '../config';

import { countHit, deleteExpiredWindows } from './rate-limit.repository';
import type { Db } from '@server/db/schema';

const SWEEP_EVERY_MS = 60_000;

export async function installRateLimit(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const shared = ctx.database.dialect === 'postgres';
  await app.register(rateLimit, {
    global: false,
    ...budget(ctx.config),
    ...(shared ? { store: databaseStore(ctx.database.db) } : {}),
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      ...errorBody('rate_limited', `Too many requests, retry in ${context.after}`),
    }),
  });
  if (shared) sweepExpiredWindows(app, ctx.database.db);
}

/** A route's `config` for the shared per-client budget. */
export function perClientLimit(config: Config) {
  return { rateLimit: budget(config) };
}

function budget(config: Config) {
  return { max: config.rateLimitPerMinute, timeWindow: '1 minute' };
}

/** @fastify/rate-limit's store contract, kept in the database; each route gets its own keys. */
function databaseStore(db: Db): FastifyRateLimitStoreCtor {
  class DatabaseStore implements FastifyRateLimitStore {
    constructor(
      _options: unknown,
      private readonly prefix = '',
    ) {}

    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ): void {
      const now = Date.now();
      countHit(db, `${this.prefix}${key}`, now, timeWindow).then(
        ({ hits, windowEndsAt }) => callback(null, { current: hits, ttl: Math.max(0, windowEndsAt - now) }),
        (error: unknown) => callback(error instanceof Error ? error : new Error('rate limit store failed')),
      );
    }

    child(options: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
      // The plugin passes its merged route parameters with the route under `routeInfo` (as its
      // own Redis store reads them), whatever the declared type says.
      const info: unknown = 'routeInfo' in options ? options.routeInfo : options;
      const route = typeof info === 'object' && info !== null ? info : {};
      const method = 'method' in route ? String(route.method) : '';
      const url = 'url' in route ? String(route.url) : '';
      return new DatabaseStore(undefined, `${this.prefix}${method} ${url} `);
    }
  }
  return DatabaseStore;
}

/** Expired windows are deleted once a minute, so the table holds only live counters. */
function sweepExpiredWindows(app: FastifyInstance, db: Db): void {
  const timer = setInterval(() => {
    deleteExpiredWindows(db, Date.now()).catch((error: unknown) =>
      app.log.warn({ err: error }, 'rate limit sweep failed'),
    );
  }, SWEEP_EVERY_MS);
  timer.unref();
  app.addHook('onClose', () => clearInterval(timer));
}
