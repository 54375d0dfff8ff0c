/** One log line per request, without query strings (they carry tokens and rids). */
import type { FastifyInstance } from 'fastify';
import { stripQuery } from '../logger';

export function installRequestLog(app: FastifyInstance): void {
  app.addHook('onResponse', (request, reply, done) => {
    request.log.info(
      {
        method: request.method,
        url: stripQuery(request.url),
        statusCode: reply.statusCode,
        ms: Math.round(reply.elapsedTime),
      },
      'request',
    );
    done();
  });
}
