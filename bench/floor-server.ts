/**
 * The floor: a minimal server on Hookwise's own stack (Fastify 5, pino with one log line per
 * request, better-sqlite3 in WAL mode or pg) doing the work each endpoint's contract requires and
 * nothing more: the same reads, and the same durable writes (a submit's review row with its
 * malicious-URL change after the revocation check; an event with the recipient's step; a
 * landing page's `visited` step and its visit evidence). Hookwise's figures are read against it:
 * what Hookwise costs beyond what its stack must spend on the same work. Run as its own process
 * on a database Hookwise created:
 *   node --import tsx bench/floor-server.ts   (PORT, DATABASE_URL, POLL_TOKEN_SECRET, WEB_ROOT)
 */
import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import Fastify, { LogController } from 'fastify';
import pg from 'pg';
import { EVENT_TYPES, eventRank, stepBit, type EventType } from '@shared/events';

type Row = Record<string, unknown>;
interface Store {
  one(query: string, values: unknown[]): Promise<Row | undefined>;
  /** Rows changed. */
  run(query: string, values: unknown[]): Promise<number>;
  /** Statements in one transaction; the callback gets a store bound to it. */
  transaction<T>(work: (store: Store) => Promise<T>): Promise<T>;
  postgres: boolean;
}

const env = process.env;
const databaseUrl = env.DATABASE_URL ?? '';
const secret = env.POLL_TOKEN_SECRET ?? '';
const webRoot = env.WEB_ROOT ?? path.resolve(import.meta.dirname, '../dist/web');

function sqliteStore(file: string): Store {
  const db = new SQLite(file);
  // Hookwise's own settings (src/server/db/database.ts): the same engine doing the same checks,
  // foreign keys included (each insert looks up its parent rows). Keep the two lists alike.
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  const statements = new Map<string, SQLite.Statement>();
  const prepare = (query: string) => {
    let statement = statements.get(query);
    if (!statement) statements.set(query, (statement = db.prepare(query)));
    return statement;
  };
  // One connection, as Hookwise's: a transaction holds it until it ends.
  let queue: Promise<unknown> = Promise.resolve();
  const store: Store = {
    one: (query, values) => Promise.resolve(prepare(query).get(...values) as Row | undefined),
    run: (query, values) => Promise.resolve(prepare(query).run(...values).changes),
    transaction: <T>(work: (inner: Store) => Promise<T>) => {
      const run = queue.then(async () => {
        db.exec('begin');
        try {
          const result = await work(store);
          db.exec('commit');
          return result;
        } catch (error) {
          db.exec('rollback');
          throw error;
        }
      });
      queue = run.catch(() => undefined);
      return run;
    },
    postgres: false,
  };
  return store;
}

function postgresStore(url: string): Store {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // `?` placeholders, as SQLite writes them, become $1, $2, … once per query text.
  const texts = new Map<string, string>();
  const text = (query: string) => {
    let converted = texts.get(query);
    if (!converted) {
      let n = 0;
      texts.set(query, (converted = query.replace(/\?/g, () => `$${++n}`)));
    }
    return converted;
  };
  const on = (client: pg.Pool | pg.PoolClient): Store => ({
    one: async (query, values) => (await client.query<Row>(text(query), values)).rows[0],
    run: async (query, values) => (await client.query(text(query), values)).rowCount ?? 0,
    transaction: async (work) => {
      const connection = await pool.connect();
      try {
        await connection.query('begin');
        const result = await work(on(connection));
        await connection.query('commit');
        return result;
      } catch (error) {
        await connection.query('rollback');
        throw error;
      } finally {
        connection.release();
      }
    },
    postgres: true,
  });
  return on(pool);
}

const store = databaseUrl.startsWith('sqlite:')
  ? sqliteStore(databaseUrl.slice('sqlite:'.length))
  : postgresStore(databaseUrl);

/** HS256 with node:crypto: signature, then expiry. */
function verify(token: string): { tid: string; jti: string; urls: Record<string, boolean> } | undefined {
  const [header, payload, signature] = token.split('.');
  if (!header || !payload || !signature) return undefined;
  const expected = createHmac('sha256', secret).update(`${header}.${payload}`).digest();
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as {
    tid: string;
    jti: string;
    exp: number;
    urls: Record<string, boolean>;
  };
  return claims.exp * 1000 > Date.now() ? claims : undefined;
}

/**
 * In a column of each row the floor writes (the reviewer, the user agent, the catalogue match):
 * the benchmark counts Hookwise's stored rows apart from the floor's in the same tables.
 */
const FLOOR_MARK = 'floor';

const RECIPIENT = `select r.id, r.tenant_id, r.campaign_id, r.language_code, r.status, r.steps, r.score,
  c.content, c.language_code as campaign_language
  from recipients r join campaigns c on c.id = r.campaign_id where r.rid = ?`;
const STEP = `update recipients set steps = steps | ?, status = case when status_rank < ? then ? else status end,
  status_rank = case when status_rank < ? then ? else status_rank end where id = ?`;

const isEventType = (type: string): type is EventType => (EVENT_TYPES as readonly string[]).includes(type);

function progress(row: Row | undefined) {
  return { status: row?.status, steps: Number(row?.steps ?? 0), score: row?.score ?? null };
}

/** index.html with each language's translations inlined, rendered once per language. */
const index = readFileSync(path.join(webRoot, 'index.html'), 'utf8');
const pages = new Map<string, string>();
function page(language: string): string {
  let html = pages.get(language);
  if (!html) {
    const resources: Row = {};
    for (const code of new Set([language, 'en'])) {
      resources[code] = JSON.parse(
        readFileSync(path.join(webRoot, 'assets/i18n', `${code}.upi-public.json`), 'utf8'),
      ) as unknown;
    }
    const json = JSON.stringify({ language, fixed: true, resources }).replace(/</g, '\\u003c');
    html = index.replace(
      '</head>',
      `<script type="application/json" id="hookwise-i18n">${json}</script></head>`,
    );
    pages.set(language, html);
  }
  return html;
}

const parsed = new Map<string, unknown>();
// Hookwise's own logging set-up: one line per request, written by the onResponse hook below.
const app = Fastify({
  logger: { level: 'info' },
  logController: new LogController({ disableRequestLogging: true }),
});
app.addHook('onResponse', (request, reply, done) => {
  request.log.info(
    { method: request.method, url: request.url.split('?')[0], statusCode: reply.statusCode },
    'request',
  );
  done();
});

app.post<{ Body: { url: string; decision: string } }>(
  '/api/submit',
  {
    schema: {
      body: {
        type: 'object',
        required: ['url', 'decision'],
        additionalProperties: false,
        properties: {
          url: { type: 'string', minLength: 1, maxLength: 4096 },
          decision: { enum: ['TP', 'FP', ''] },
        },
      },
    },
  },
  async (request, reply) => {
    const claims = verify((request.headers.authorization ?? '').replace(/^Bearer\s+/i, ''));
    if (!claims) return reply.status(401).send({ error: { code: 'token_invalid', message: 'invalid' } });
    if (!Object.hasOwn(claims.urls, request.body.url))
      return reply.status(403).send({ error: { code: 'url_not_in_token', message: 'no' } });
    // A revoked link is refused on every use (read from the database: every instance sees it).
    if (
      await store.one('select jti from revoked_reviewer_links where jti = ? and tenant_id = ?', [
        claims.jti,
        claims.tid,
      ])
    )
      return reply.status(401).send({ error: { code: 'token_revoked', message: 'revoked' } });
    const { url, decision } = request.body;
    const at = new Date().toISOString();
    // The review and its malicious-URL change as one step per URL (PostgreSQL orders them by lock).
    await store.transaction(async (trx) => {
      if (trx.postgres)
        await trx.one('select pg_advisory_xact_lock(hashtextextended(?, 0))', [`${claims.tid} ${url}`]);
      await trx.run(
        'insert into url_reviews (id, tenant_id, url, decision, jti, reviewer, created_at) values (?, ?, ?, ?, ?, ?, ?)',
        [randomUUID(), claims.tid, url, decision, claims.jti, FLOOR_MARK, at],
      );
      if (decision === 'TP')
        await trx.run(
          `insert into malicious_urls (tenant_id, url, source, created_at) values (?, ?, 'review', ?)
           on conflict (tenant_id, url) do nothing`,
          [claims.tid, url, at],
        );
    });
    return { url, decision, at };
  },
);

app.post<{ Body: { rid: string; type: string } }>(
  '/api/events',
  {
    schema: {
      body: {
        type: 'object',
        required: ['rid', 'type'],
        properties: { rid: { type: 'string', maxLength: 64 }, type: { type: 'string', maxLength: 40 } },
      },
    },
  },
  async (request, reply) => {
    const recipient = await store.one(RECIPIENT, [request.body.rid]);
    if (!recipient) return reply.status(404).send({ error: { code: 'not_found', message: 'Not found' } });
    const { type } = request.body;
    const recorded = await store.transaction((trx) => step(trx, recipient, type, request.ip));
    // The answer carries the recipient's progress after the step.
    const after = await store.one('select status, steps, score from recipients where id = ?', [recipient.id]);
    return { type, recorded, progress: progress(after) };
  },
);

/** An event once per recipient and type, and with it the recipient's step bit and status. */
async function step(trx: Store, recipient: Row, type: string, ip: string): Promise<boolean> {
  const inserted = await trx.run(
    `insert into events (id, tenant_id, campaign_id, recipient_id, type, details, ip, user_agent, created_at)
     values (?, ?, ?, ?, ?, '{}', ?, ?, ?) on conflict (recipient_id, type) do nothing`,
    [
      randomUUID(),
      recipient.tenant_id,
      recipient.campaign_id,
      recipient.id,
      type,
      ip,
      FLOOR_MARK,
      new Date().toISOString(),
    ],
  );
  if (inserted === 0 || !isEventType(type)) return inserted > 0;
  const rank = eventRank(type);
  await trx.run(STEP, [stepBit(type), rank, type, rank, rank, recipient.id]);
  return true;
}

app.get<{ Params: { rid: string } }>('/api/campaign/:rid', async (request, reply) => {
  const recipient = await store.one(RECIPIENT, [request.params.rid]);
  if (!recipient) return reply.status(404).send({ error: { code: 'not_found', message: 'Not found' } });
  const id = String(recipient.campaign_id);
  if (!parsed.has(id)) parsed.set(id, JSON.parse(String(recipient.content)));
  return {
    rid: request.params.rid,
    campaign_id: id,
    language_code: recipient.language_code,
    content: parsed.get(id),
    progress: progress(recipient),
  };
});

app.get<{ Querystring: { rid?: string } }>('/phish', async (request, reply) => {
  const recipient = await store.one(RECIPIENT, [request.query.rid ?? '']);
  if (recipient) {
    // Landing records the `visited` step, once, and the visit's evidence, every time.
    const facts = JSON.stringify({
      source: 'page',
      method: request.method,
      accept: request.headers.accept ?? null,
      sec_fetch: request.headers['sec-fetch-mode'] ?? null,
    });
    await store.transaction(async (trx) => {
      await step(trx, recipient, 'visited', request.ip);
      await trx.run(
        `insert into visits (id, tenant_id, campaign_id, recipient_id, source, network, catalogue_match, facts,
         fanout, verdict, reasons, created_at) values (?, ?, ?, ?, 'page', ?, ?, ?, 1, 'unverified', '[]', ?)`,
        [
          randomUUID(),
          recipient.tenant_id,
          recipient.campaign_id,
          recipient.id,
          request.ip,
          FLOOR_MARK,
          facts,
          new Date().toISOString(),
        ],
      );
    });
  }
  const language = recipient?.language_code ?? recipient?.campaign_language;
  return reply.type('text/html; charset=utf-8').send(page(typeof language === 'string' ? language : 'en'));
});

app.get('/api/health', () => ({ status: 'ok' }));

await app.listen({ port: Number(env.PORT), host: '127.0.0.1' });
