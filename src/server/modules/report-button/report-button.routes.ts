/**
 * The report button on the public listener: `POST /api/report` ({ rid }), and GoPhish's
 * `/report?rid=…` (GET or POST) so report add-ins configured for GoPhish keep working. The
 * answer is an empty 204: nothing in it names the product or says what was recorded.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { reportMessageSchema } from '@shared/report-button';
import type { AppContext } from '@server/context';
import { perClientLimit } from '@server/plugins/rate-limit';
import { reportMessage } from './report-button.service';

export function reportButtonRoutes(ctx: AppContext) {
  const { db } = ctx.database;
  const config = perClientLimit(ctx.config);
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.post('/api/report', { config, schema: { body: reportMessageSchema } }, async (request, reply) => {
      await reportMessage(db, request.body.rid);
      return reply.status(204).header('Cache-Control', 'no-store').send();
    });

    for (const method of ['GET', 'POST'] as const) {
      r.route({
        method,
        url: '/report',
        config,
        exposeHeadRoute: false,
        schema: { querystring: reportMessageSchema },
        handler: async (request, reply) => {
          await reportMessage(db, request.query.rid);
          return reply.status(204).header('Cache-Control', 'no-store').send();
        },
      });
    }
  };
}
