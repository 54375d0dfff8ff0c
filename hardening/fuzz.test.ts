/**
 * Property-based fuzzing of every route the app registers (public, reviewer and operator; the
 * list comes from the app itself, so a new route is fuzzed without anyone remembering to).
 * Generated paths, query strings, headers and bodies must never get a 5xx, always get the JSON
 * error shape when refused, and a refused request must not change a single row.
 */
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from '@server/test/harness';
import { GOPHISH_PATH, isErrorShape, isGophishErrorShape, isScimErrorShape, rowCounts } from './support/api';
import { ownApp, type OwnApp } from './support/app';
import {
  fuzzBody,
  fuzzHeaders,
  fuzzQuery,
  fuzzSegment,
  type FuzzBody,
  type FuzzHeaders,
} from './support/arbitraries';
import { seedTenantData, type Seeded } from './support/seed';
import { tally } from './support/tally';

const RUNS_PER_ROUTE = 40;
const counts = tally('fuzz', [
  'routes',
  'requests',
  'accepted',
  'refused 4xx',
  '5xx',
  'bad error shape',
  'stored by refused',
]);

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
interface Route {
  method: Method;
  url: string;
  /** Which listener serves it. */
  surface: 'public' | 'admin';
}

function routesOf(own: OwnApp): Route[] {
  const listed = (routes: OwnApp['routes'], surface: Route['surface']) =>
    routes.flatMap((route) =>
      [route.method]
        .flat()
        .filter((method): method is Method => ['GET', 'POST', 'PATCH', 'PUT', 'DELETE'].includes(method))
        .map((method) => ({ method, url: route.url, surface })),
    );
  // Unknown paths too: the not-found handler is an endpoint an attacker reaches as well.
  return [
    ...listed(own.routes, 'public'),
    ...listed(own.adminRoutes, 'admin'),
    { method: 'GET', url: '/api/:anything', surface: 'public' },
    { method: 'POST', url: '/api/admin/:anything', surface: 'public' },
    { method: 'GET', url: '/api/:anything', surface: 'admin' },
    { method: 'POST', url: '/api/admin/:anything', surface: 'admin' },
  ];
}

for (const kind of databaseKinds()) {
  describe(`fuzzing every route [${kind.name}]`, () => {
    let own: OwnApp;
    let seeded: Seeded;
    beforeAll(async () => {
      // The rate limit is not under test here; it would only turn the fuzz into 429s.
      own = await ownApp({ RATE_LIMIT_PER_MINUTE: '1000000' }, kind);
      seeded = await seedTenantData(own.admin, own.database);
    });
    afterAll(() => own?.close());

    // 285 routes × 40 requests, each with the row counts before and after: about a minute alone
    // on PostgreSQL, and twice that beside the rest of the suite on two cores.
    it(
      'never answers 5xx, always refuses in the JSON error shape, and a refusal stores nothing',
      { timeout: 420_000 },
      async () => {
        const routes = routesOf(own);
        expect(routes.length).toBeGreaterThan(20);
        counts.set('routes', routes.length);
        for (const route of routes) {
          const realParam = fc.constantFrom(...seeded.params);
          await fc.assert(
            fc.asyncProperty(
              fc.oneof(realParam, fuzzSegment),
              fuzzQuery,
              fuzzHeaders,
              fuzzBody,
              async (param, query, headers, body) => {
                await probe(
                  own,
                  route,
                  { path: fillParams(route.url, param) + query, headers, body },
                  seeded,
                );
              },
            ),
            { numRuns: RUNS_PER_ROUTE, seed: seedOf(route), endOnFailure: true },
          );
        }
        const health = await own.app.inject({ method: 'GET', url: '/api/health' });
        expect(health.statusCode, 'the server still serves after the fuzz').toBe(200);
      },
    );
  });
}

async function probe(
  own: OwnApp,
  route: Route,
  input: { path: string; headers: FuzzHeaders; body: FuzzBody },
  seeded: Seeded,
): Promise<void> {
  const before = await rowCounts(own.database);
  const res = await send(route.surface === 'admin' ? own.admin : own.app, route.method, input, seeded.apiKey);
  counts.add('requests');
  const label = `${route.method} ${input.path.slice(0, 120)} ${JSON.stringify(input.body).slice(0, 200)}`;
  if (res.statusCode >= 500) counts.add('5xx');
  expect(res.statusCode, label).toBeLessThan(500);
  if (res.statusCode < 400) {
    counts.add('accepted');
    return;
  }
  counts.add('refused 4xx');
  // An unknown page path gets the app's own not-found page (HTML, by design); all else is JSON.
  const type = String(res.headers['content-type']);
  const page = route.method === 'GET' && !input.path.startsWith('/api/') && res.statusCode === 404;
  // SCIM routes refuse in SCIM's own error shape (RFC 7644 §3.12), which directories read.
  const scim = input.path.startsWith('/scim/') && /^application\/scim\+json/.test(type);
  // GoPhish's paths refuse in GoPhish's own shape, which its clients read.
  const gophish = route.surface === 'admin' && GOPHISH_PATH.test(input.path);
  const shaped =
    (/^application\/json/.test(type) && isErrorShape(tryJson(res.body))) ||
    (gophish && /^application\/json/.test(type) && isGophishErrorShape(tryJson(res.body))) ||
    (scim && isScimErrorShape(tryJson(res.body), res.statusCode)) ||
    (page && /^text\/html/.test(type));
  if (!shaped) counts.add('bad error shape');
  expect(shaped, `${label} → ${res.statusCode} ${res.body.slice(0, 200)}`).toBe(true);
  const after = await rowCounts(own.database);
  if (JSON.stringify(after) !== JSON.stringify(before)) counts.add('stored by refused');
  expect(after, label).toEqual(before);
}

function send(
  app: FastifyInstance,
  method: Method,
  input: { path: string; headers: FuzzHeaders; body: FuzzBody },
  apiKey: string,
) {
  const { authorization } = input.headers;
  const headers: Record<string, string> = { ...input.headers.extra };
  if (authorization === 'valid') headers.authorization = `Bearer ${apiKey}`;
  else if (authorization !== 'none') headers.authorization = authorization;
  const { body } = input;
  if (body.kind === 'json') headers['content-type'] = 'application/json';
  if (body.kind === 'raw' && body.contentType) headers['content-type'] = body.contentType;
  const payload =
    body.kind === 'json' ? JSON.stringify(body.value) : body.kind === 'raw' ? body.text : undefined;
  return app.inject({ method, url: input.path, headers, ...(payload === undefined ? {} : { payload }) });
}

function fillParams(url: string, param: string): string {
  return url.replace(/:[A-Za-z_]+/g, param).replace(/\*$/, param);
}

function tryJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** A fixed seed per route: a failure replays the same way on every machine. */
function seedOf(route: Route): number {
  let hash = 7;
  for (const char of `${route.method} ${route.url}`) hash = (hash * 31 + char.charCodeAt(0)) | 0;
  return hash;
}
