/**
 * HTTP against the physical limit: a bare node:http server answering a fixed JSON body is the
 * baseline; the same load (autocannon) then hits Hookwise's hot endpoints. Writes are checked
 * afterwards: every 2xx must be a stored row. Also measures start-up and resident memory.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import { decodeJwt } from 'jose';
import { sql } from 'kysely';
import { openDatabase } from '@server/db/database';
import { addRecipients as storeRecipients } from '@server/modules/recipients/recipients.service';

import type { BenchDatabase } from './support/databases';
import {
  hookwiseCli,
  loggedErrorsFigure,
  root,
  startBaseline,
  startFloor,
  startHookwise,
} from './support/processes';
import type { Figure } from './support/report';

export const SECRET = 'bench-poll-token-secret-0123456789-abcdef';
// Steps with no precondition (completed needs the questionnaire first).
const VIEW_TYPES = ['awareness_viewed', 'pdf_viewed', 'sei_viewed'] as const;

interface Load {
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  /** A fresh body per request (unique writes). */
  nextBody?: () => string;
  /** A fresh path per request (many recipients' links, each opened a few times). */
  nextPath?: () => string;
}

interface LoadResult {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  ok: number;
}

async function load(target: Load, seconds: number): Promise<LoadResult> {
  const { nextBody, nextPath } = target;
  const result = await autocannon({
    url: target.url,
    method: target.method ?? 'GET',
    headers: target.headers,
    body: target.body,
    connections: 50,
    duration: seconds,
    ...(nextBody || nextPath
      ? {
          requests: [
            {
              setupRequest: (req) => ({
                ...req,
                ...(nextBody ? { body: nextBody() } : {}),
                ...(nextPath ? { path: nextPath() } : {}),
              }),
            },
          ],
        }
      : {}),
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
    ok: result['2xx'],
  };
}

export async function httpBench(database: BenchDatabase, options: { seconds: number }): Promise<Figure[]> {
  const env = {
    DATABASE_URL: database.url,
    DATA_DIR: database.dataDir,
    POLL_TOKEN_SECRET: SECRET,
    // The benchmark is one client hammering on purpose: the per-client limiter would answer 429.
    RATE_LIMIT_PER_MINUTE: '100000000',
  };
  const demo = JSON.parse(await hookwiseCli(['demo', '--json'], env)) as {
    campaignId: string;
    tenantId: string;
    recipients: { rid: string }[];
    pollUrl: string;
  };
  const rids = await addRecipients(database.url, demo.tenantId, demo.campaignId, 100_000);
  const token = new URL(demo.pollUrl).searchParams.get('p') ?? '';
  const jti = String(decodeJwt(token).jti);
  const pollUrl = Object.keys(decodeJwt(token).urls as Record<string, boolean>)[0];

  const section = `http/${database.kind}`;
  const figures: Figure[] = [];
  const asset = /src="\/assets\/([^"]+\.js)"/.exec(
    readFileSync(path.join(root, 'dist/web/index.html'), 'utf8'),
  )?.[1];
  const baseline = await measureBaseline(undefined, options.seconds);
  figures.push({
    section,
    name: 'baseline node:http fixed JSON',
    value: baseline.rps,
    unit: 'req/s',
    ratio: 1,
  });
  // The load generator's own limit for a 90 KB body: the fair baseline for the asset.
  const assetBaseline = await measureBaseline(
    path.join(root, 'dist/web/assets', `${asset}.br`),
    options.seconds,
  );
  figures.push({
    section,
    name: 'baseline node:http same asset bytes',
    value: assetBaseline.rps,
    unit: 'req/s',
    ratio: 1,
  });

  // Both servers log one line per request to a file, as in production.
  const logFile = path.join(database.dataDir, 'hookwise.log');
  const server = await startHookwise(env, { logFile });
  figures.push({
    section,
    name: 'start-up to first 200 /api/health',
    value: server.startupMs,
    unit: 'ms',
    target: { op: '<=', value: 1000, of: 'value' },
  });

  let eventCounter = 0;
  // A real link is opened a few times (the person, a scanner, a reload), not thousands of times:
  // each page and data request goes to the next recipient's link, three requests per link.
  const opened = (first: number) => {
    let n = 0;
    return () => rids[(first + Math.floor(n++ / 3)) % rids.length];
  };
  const campaignRid = opened(0);
  const landingRid = opened(rids.length / 2);
  const targets: {
    name: string;
    kind: 'write' | 'read';
    load: Load;
    baseline?: LoadResult;
    path?: string;
    /** For a write: the figure comparing its 2xx answers with the rows stored. */
    stored?: (answered: number) => Promise<Figure>;
  }[] = [
    {
      name: 'POST /api/submit (durable write)',
      kind: 'write',
      path: '/api/submit',
      stored: async (answered) =>
        storedFigure(
          section,
          'submit',
          answered,
          (await countStored(database.url, jti, demo.campaignId)).reviews,
        ),
      load: {
        url: `${server.url}/api/submit`,
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ url: pollUrl, decision: 'TP' }),
      },
    },
    {
      name: 'POST /api/events (durable write)',
      kind: 'write',
      path: '/api/events',
      stored: async (answered) =>
        storedFigure(
          section,
          'event',
          Math.min(answered, rids.length * VIEW_TYPES.length),
          (await countStored(database.url, jti, demo.campaignId)).events,
        ),
      load: {
        url: `${server.url}/api/events`,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        nextBody: () => {
          const i = eventCounter++;
          const rid = rids[Math.floor(i / VIEW_TYPES.length) % rids.length];
          return JSON.stringify({ rid, type: VIEW_TYPES[i % VIEW_TYPES.length] });
        },
      },
    },
    {
      name: 'GET /api/campaign/:rid',
      kind: 'read',
      path: '/api/campaign/',
      load: { url: `${server.url}/api/campaign/`, nextPath: () => `/api/campaign/${campaignRid()}` },
    },
    {
      name: 'GET /phish?rid=… (HTML, inlined i18n)',
      kind: 'read',
      path: '/phish',
      // Every landing on /phish keeps its visit as click evidence.
      stored: async (answered) =>
        storedFigure(
          section,
          'landing visit',
          answered,
          (await countStored(database.url, jti, demo.campaignId)).visits,
        ),
      load: { url: `${server.url}/phish`, nextPath: () => `/phish?rid=${landingRid()}` },
    },
    {
      name: 'GET hashed static asset (brotli)',
      kind: 'read',
      load: { url: `${server.url}/assets/${asset}`, headers: { 'accept-encoding': 'br, gzip' } },
      baseline: assetBaseline,
    },
  ];

  // The same work on the same stack, same database, same run: what Hookwise adds beyond it. Each
  // endpoint's floor is measured right after Hookwise's, so both see the same load on a shared
  // machine (measuring all of Hookwise first and the floor minutes later skewed the ratios).
  const floor = await startFloor(
    { DATABASE_URL: database.url, POLL_TOKEN_SECRET: SECRET },
    { logFile: path.join(database.dataDir, 'floor.log') },
  );
  for (const target of targets) {
    const floorLoad = target.path ? { ...target.load, url: `${floor.url}${target.path}` } : undefined;
    // Hookwise, floor, floor, Hookwise (half the time each): a machine that slows down or speeds
    // up during the measurement weighs on both alike.
    const half = Math.max(1, options.seconds / 2);
    // Warmed up first, unmeasured: the steady state is measured, not the JIT's first requests.
    await load(target.load, 1);
    if (floorLoad) await load(floorLoad, 1);
    const first = await load(target.load, floorLoad ? half : options.seconds);
    const floorParts = floorLoad ? [await load(floorLoad, half), await load(floorLoad, half)] : [];
    const result = combine([first, ...(floorLoad ? [await load(target.load, half)] : [])]);
    // Counted before the floor's writes are over; floor rows are told apart (see countStored).
    if (target.stored) figures.push(await target.stored(result.ok));
    // Endpoints are judged against the same-stack floor (below); the asset, which has no floor,
    // against the bare server sending the same bytes.
    const against = target.baseline ?? baseline;
    figures.push(
      {
        section,
        name: `${target.name} req/s`,
        value: result.rps,
        unit: 'req/s',
        ratio: result.rps / against.rps,
        ...(target.baseline
          ? { target: { op: '>=', value: 0.7, of: 'ratio' }, note: 'ratio to the same-bytes baseline' }
          : {}),
      },
      { section, name: `${target.name} p50`, value: result.p50, unit: 'ms' },
      {
        section,
        name: `${target.name} p99`,
        value: result.p99,
        unit: 'ms',
        target: { op: '<=', value: 25, of: 'value' },
      },
      {
        section,
        name: `${target.name} errors`,
        value: result.errors,
        unit: '',
        target: { op: '<=', value: 0, of: 'value' },
      },
    );
    if (floorParts.length === 0) continue;
    const floorResult = combine(floorParts);
    figures.push(
      {
        section,
        name: `floor: ${target.name} req/s`,
        value: floorResult.rps,
        unit: 'req/s',
        ratio: floorResult.rps / baseline.rps,
        note: `p99 ${floorResult.p99} ms, errors ${floorResult.errors}`,
      },
      {
        section,
        name: `${target.name} vs floor`,
        value: result.rps,
        unit: 'req/s',
        ratio: result.rps / baseline.rps,
        floorRatio: result.rps / floorResult.rps,
        target: { op: '>=', value: 0.7, of: 'floorRatio' },
      },
    );
  }
  figures.push(loggedErrorsFigure(section, logFile));
  figures.push({
    section,
    name: 'resident memory after the load',
    value: server.rssMb(),
    unit: 'MB',
    target: { op: '<=', value: 200, of: 'value' },
  });
  await Promise.all([server.stop(), floor.stop()]);
  return figures;
}

/** Loads of one server taken in parts: mean throughput, worst p99, all errors and answers. */
function combine(parts: LoadResult[]): LoadResult {
  const mean = (pick: (r: LoadResult) => number) => parts.reduce((sum, r) => sum + pick(r), 0) / parts.length;
  return {
    rps: mean((r) => r.rps),
    p50: mean((r) => r.p50),
    p99: Math.max(...parts.map((r) => r.p99)),
    errors: parts.reduce((sum, r) => sum + r.errors, 0),
    ok: parts.reduce((sum, r) => sum + r.ok, 0),
  };
}

/** Acknowledged writes missing from the database: must be zero. */
function storedFigure(section: string, what: string, answered: number, stored: number): Figure {
  return {
    section,
    name: `${what} 2xx not stored`,
    value: answered - stored,
    unit: 'rows',
    target: { op: '<=', value: 0, of: 'value' },
    note: `${answered} answered 2xx, ${stored} stored`,
  };
}

async function measureBaseline(bodyFile: string | undefined, seconds: number): Promise<LoadResult> {
  const server = await startBaseline(bodyFile);
  const result = await load({ url: `${server.url}/` }, seconds);
  await server.stop();
  return result;
}

export async function addRecipients(url: string, tenantId: string, campaignId: string, count: number) {
  const database = openDatabase(url);
  const identities = Array.from({ length: count }, (_, i) => ({
    email: `bench${i}@example.com`,
    person_id: null,
    first_name: null,
    language_code: null,
  }));
  const rows = await database.db
    .transaction()
    .execute((trx) => storeRecipients(trx, { id: campaignId, tenant_id: tenantId }, identities));
  await database.close();
  return rows.map((r) => r.rid);
}

async function countStored(url: string, jti: string, campaignId: string) {
  const database = openDatabase(url);
  // The floor marks its rows (FLOOR_MARK in floor-server.ts): only Hookwise's are counted.
  const reviews = await sql<{ n: number }>`select count(*) as n from url_reviews where jti = ${jti}
    and coalesce(reviewer, '') <> 'floor'`.execute(database.db);
  const events = await sql<{ n: number }>`select count(*) as n from events where campaign_id = ${campaignId}
    and type in ('awareness_viewed', 'pdf_viewed', 'sei_viewed') and coalesce(user_agent, '') <> 'floor'`.execute(
    database.db,
  );
  const visits = await sql<{ n: number }>`select count(*) as n from visits where campaign_id = ${campaignId}
    and source = 'page' and coalesce(catalogue_match, '') <> 'floor'`.execute(database.db);
  await database.close();
  return {
    reviews: Number(reviews.rows[0]?.n ?? 0),
    events: Number(events.rows[0]?.n ?? 0),
    visits: Number(visits.rows[0]?.n ?? 0),
  };
}
