/** Liveness and readiness: answers ok only after the database answered a ping. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { healthSchema } from '@shared/health';
import type { AppContext } from '@server/context';
import { checkHealth } from './health.service';

export function healthRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    app
      .withTypeProvider<ZodTypeProvider>()
      .get('/api/health', { schema: { response: { 200: healthSchema } } }, () =>
        checkHealth(ctx.database.db),
      );
  };
}
