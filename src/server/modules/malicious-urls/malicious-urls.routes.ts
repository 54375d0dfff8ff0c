/**
 * /api/admin/malicious-urls: list, import, export (text), remove one; /api/admin/feeds/…: the
 * same list as a blocklist, CSV, STIX 2.1 and MISP, each with conditional GET for pollers.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminErrors, noContentSchema, textSchema } from '@shared/admin-api';
import { blocklistQuerySchema, type FeedFormat } from '@shared/malicious-url-feeds';
import {
  maliciousUrlQuerySchema,
  maliciousUrlsImportedSchema,
  maliciousUrlsImportSchema,
  maliciousUrlsSchema,
} from '@shared/malicious-urls';
import type { AppContext } from '@server/context';
import { isNotModified, setValidators } from '@server/lib/conditional-get';
import { tenantOf } from '../admin/admin-auth';
import { adminSecurity } from '../admin/admin-schemas';
import {
  feedValidators,
  importMaliciousUrls,
  maliciousUrlFeed,
  maliciousUrls,
  removeMaliciousUrl,
} from './malicious-urls.service';

const tags = ['malicious URLs'];

/** The feeds other than the blocklist, whose format its `as` query picks. */
const FEEDS: { path: string; format: FeedFormat; summary: string; produces: string }[] = [
  {
    path: 'malicious-urls.csv',
    format: 'csv',
    summary: 'Feed: CSV (url, host, source, added_at)',
    produces: 'text/csv',
  },
  {
    path: 'stix.json',
    format: 'stix',
    summary: 'Feed: STIX 2.1 bundle, one indicator per URL',
    produces: 'application/stix+json',
  },
  {
    path: 'misp.json',
    format: 'misp',
    summary: 'Feed: MISP event, one url attribute per URL',
    produces: 'application/json',
  },
];

export function maliciousUrlRoutes(ctx: AppContext) {
  const { db } = ctx.database;
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const common = { tags, security: adminSecurity };

    r.get(
      '/api/admin/malicious-urls',
      {
        schema: {
          ...common,
          summary: 'List the malicious-URL database',
          response: { 200: maliciousUrlsSchema, ...adminErrors },
        },
      },
      async (request) => ({ urls: await maliciousUrls(db, tenantOf(request)) }),
    );

    r.get(
      '/api/admin/malicious-urls.txt',
      {
        schema: {
          ...common,
          summary: 'Export: one URL per line (the import format)',
          produces: ['text/plain'],
          response: { 200: textSchema, ...adminErrors },
        },
      },
      async (request, reply) => {
        const rows = await maliciousUrls(db, tenantOf(request));
        return reply.type('text/plain; charset=utf-8').send(rows.map((row) => `${row.url}\n`).join(''));
      },
    );

    /** 304 without reading a URL when the poller has the current version; else the document. */
    const sendFeed = async (request: FastifyRequest, reply: FastifyReply, format: FeedFormat) => {
      const tenantId = tenantOf(request);
      const validators = await feedValidators(db, tenantId, format);
      setValidators(reply, validators);
      if (isNotModified(request, validators)) return reply.status(304).send();
      const feed = await maliciousUrlFeed(db, tenantId, format);
      return reply.type(feed.contentType).send(feed.body);
    };
    const feedResponse = { 200: textSchema, 304: noContentSchema, ...adminErrors };

    r.get(
      '/api/admin/feeds/blocklist.txt',
      {
        schema: {
          ...common,
          summary: 'Feed: one URL (as=url) or host (as=host) per line, for web proxies and DNS filters',
          produces: ['text/plain'],
          querystring: blocklistQuerySchema,
          response: feedResponse,
        },
      },
      (request, reply) => sendFeed(request, reply, request.query.as === 'host' ? 'hosts' : 'blocklist'),
    );

    for (const feed of FEEDS) {
      r.get(
        `/api/admin/feeds/${feed.path}`,
        {
          schema: {
            ...common,
            summary: feed.summary,
            produces: [feed.produces],
            response: feedResponse,
          },
        },
        (request, reply) => sendFeed(request, reply, feed.format),
      );
    }

    r.post(
      '/api/admin/malicious-urls',
      {
        bodyLimit: 20 * 1024 * 1024,
        schema: {
          ...common,
          summary: 'Import URLs (normalised; already known ones are kept)',
          body: maliciousUrlsImportSchema,
          response: { 200: maliciousUrlsImportedSchema, ...adminErrors },
        },
      },
      async (request) => importMaliciousUrls(db, tenantOf(request), request.body.urls),
    );

    r.delete(
      '/api/admin/malicious-urls',
      {
        schema: {
          ...common,
          summary: 'Remove one URL',
          querystring: maliciousUrlQuerySchema,
          response: { 204: noContentSchema, ...adminErrors },
        },
      },
      async (request, reply) => {
        await removeMaliciousUrl(db, tenantOf(request), request.query.url);
        return reply.status(204).send(null);
      },
    );
  };
}
