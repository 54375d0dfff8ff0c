/**
 * Serves the built web app: hashed assets with immutable caching and precompressed variants,
 * and index.html (no-cache) for the client routes, with the chosen language's translations
 * inlined so the first paint needs no extra request. The journey's pages are routes of the
 * journey module, which sends them through the same AppPage.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errorBody } from '@shared/errors';
import {
  DEFAULT_LANGUAGE,
  LANGUAGE_CODES,
  directionOf,
  pickLanguage,
  translationPath,
  type LanguageCode,
} from '@shared/languages';
import { JOURNEY_PATHS, SPA_PATHS } from '@shared/routes';

export interface WebAppOptions {
  webRoot: string;
  page: AppPage;
}

/** The app's index.html, sent for every client route. */
export interface AppPage {
  /**
   * Sends the page in `language`, or else in the request's (`?lang=`, then Accept-Language).
   * A given language is fixed: the recipient's, which the page keeps whatever the browser says.
   */
  send(request: FastifyRequest, reply: FastifyReply, status: number, language?: LanguageCode): FastifyReply;
}

/** Reads index.html and the translations once; a missing build answers 503 on every page. */
export function loadAppPage(webRoot: string): AppPage {
  const indexFile = path.join(webRoot, 'index.html');
  const page = existsSync(indexFile) ? new IndexPage(readFileSync(indexFile, 'utf8'), webRoot) : undefined;
  return {
    send(request, reply, status, language) {
      if (!page) {
        return reply
          .status(503)
          .send(errorBody('web_not_built', 'The web app is not built; run npm run build'));
      }
      return reply
        .status(status)
        .header('Cache-Control', 'no-cache')
        .type('text/html; charset=utf-8')
        .send(page.render(language ?? requestLanguage(request), language !== undefined));
    },
  };
}

function requestLanguage(request: FastifyRequest): LanguageCode {
  const { lang } = request.query as Record<string, unknown>;
  const accept = (request.headers['accept-language'] ?? '').split(',').map((part) => part.split(';')[0]);
  return pickLanguage([typeof lang === 'string' ? lang : undefined, ...accept]);
}

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Hashed assets are immutable; translations and unhashed files are kept an hour. */
export function setStaticCacheHeaders(
  res: { setHeader(name: string, value: string): unknown },
  filePath: string,
) {
  const hashed =
    filePath.includes(`${path.sep}assets${path.sep}`) && !filePath.includes(`${path.sep}i18n${path.sep}`);
  res.setHeader('Cache-Control', hashed ? IMMUTABLE : 'public, max-age=3600');
}

export async function webApp(app: FastifyInstance, options: WebAppOptions): Promise<void> {
  if (existsSync(path.join(options.webRoot, 'index.html'))) {
    await app.register(fastifyStatic, {
      root: options.webRoot,
      preCompressed: true,
      index: false,
      wildcard: true,
      cacheControl: false,
      setHeaders: setStaticCacheHeaders,
    });
  }
  // Training PDFs are shown inside the journey's own pages: the app, and only the app, may frame them.
  app.addHook('onSend', async (request, reply, payload) => {
    if (/\.pdf$/i.test(request.url.split('?')[0] ?? '')) {
      reply.header('Content-Security-Policy', "frame-ancestors 'self'");
    }
    return payload;
  });
  const { page } = options;

  // The empty path redirects to /default (full-path match only), keeping the query string.
  app.get('/', (request, reply) => {
    const query = request.url.indexOf('?');
    return reply.redirect(`/default${query === -1 ? '' : request.url.slice(query)}`, 302);
  });
  for (const route of SPA_PATHS.filter((p) => p !== '/' && !JOURNEY_PATHS.includes(p))) {
    app.get(route, (request, reply) => page.send(request, reply, 200));
  }

  app.setNotFoundHandler((request, reply) => {
    // API, assets and file-like paths get a JSON 404; any other page gets the app's not-found.
    if (wantsJsonNotFound(request)) {
      return reply.status(404).send(errorBody('not_found', 'Not found'));
    }
    return page.send(request, reply, 404);
  });
}

/** index.html split once at start-up; each request only fills in the language. */
class IndexPage {
  private readonly translations = new Map<LanguageCode, string>();
  private readonly rendered = new Map<string, string>();

  constructor(
    private readonly html: string,
    webRoot: string,
  ) {
    for (const code of LANGUAGE_CODES) {
      // The same file the browser would fetch, read from the build.
      const file = path.join(webRoot, translationPath(code));
      if (existsSync(file)) this.translations.set(code, readFileSync(file, 'utf8'));
    }
  }

  /** `fixed`: the language is the recipient's campaign language, which the page must keep. */
  render(language: LanguageCode, fixed: boolean): string {
    const key = `${language}:${fixed}`;
    let html = this.rendered.get(key);
    if (!html) {
      html = this.build(language, fixed);
      this.rendered.set(key, html);
    }
    return html;
  }

  private build(language: LanguageCode, fixed: boolean): string {
    const resources: Record<string, unknown> = {};
    for (const code of new Set([language, DEFAULT_LANGUAGE])) {
      const text = this.translations.get(code);
      if (text) resources[code] = JSON.parse(text) as unknown;
    }
    // JSON in a non-executable script element; '<' is escaped so no text can close the element.
    const json = JSON.stringify({ language, fixed, resources }).replace(/</g, '\\u003c');
    return this.html
      .replace('<html lang="en">', `<html lang="${language}" dir="${directionOf(language)}">`)
      .replace('</head>', `<script type="application/json" id="hookwise-i18n">${json}</script></head>`);
  }
}

/** An API call, an asset, a file-like path or anything but GET: answered with a JSON 404, not a page. */
export function wantsJsonNotFound(request: FastifyRequest): boolean {
  const url = request.url.split('?')[0] ?? '';
  return (
    url.startsWith('/api/') ||
    url.startsWith('/assets/') ||
    path.extname(url) !== '' ||
    request.method !== 'GET'
  );
}
