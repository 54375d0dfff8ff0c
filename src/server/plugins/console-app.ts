/**
 * Serves the operator console on the admin listener: its hashed assets (and the recipient app's,
 * which the console's previews load), and index.html for every other page. A missing build
 * answers 503, as the public app does.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { errorBody } from '@shared/errors';
import { setStaticCacheHeaders, wantsJsonNotFound } from './web-app';

export interface ConsoleAppOptions {
  consoleRoot: string;
  /** The recipient app's build: its assets are served too, for the previews. */
  webRoot: string;
}

export async function consoleApp(app: FastifyInstance, options: ConsoleAppOptions): Promise<void> {
  const indexFile = path.join(options.consoleRoot, 'index.html');
  const index = existsSync(indexFile) ? readFileSync(indexFile, 'utf8') : undefined;
  const roots = [options.consoleRoot, options.webRoot].filter((root) => existsSync(root));
  if (roots.length > 0) {
    await app.register(fastifyStatic, {
      root: roots,
      preCompressed: true,
      index: false,
      wildcard: true,
      cacheControl: false,
      setHeaders: setStaticCacheHeaders,
    });
  }

  app.setNotFoundHandler((request, reply) => {
    if (wantsJsonNotFound(request)) {
      return reply.status(404).send(errorBody('not_found', 'Not found'));
    }
    if (!index) {
      return reply
        .status(503)
        .send(errorBody('web_not_built', 'The console is not built; run npm run build'));
    }
    // Every console page is the one document; the client router shows the page.
    return reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').send(index);
  });
}
