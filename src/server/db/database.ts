/**
 * Opens the database named by DATABASE_URL: SQLite (default, WAL mode) or PostgreSQL.
 * The same Kysely queries serve both.
 */
import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresAdapter, PostgresDialect, SqliteDialect, sql } from 'kysely';
import { LRUCache } from 'lru-cache';
import pg from 'pg';
import type { Database, Db } from './schema';

export type Dialect = 'sqlite' | 'postgres';

/** The open database: its handle (`db`, what services and repositories take), its kind, its end. */
export interface DatabaseConnection {
  readonly db: Db;
  readonly dialect: Dialect;
  ping(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Which database a handle (or a transaction on it) speaks to, for the few places where the two
 * differ (row locks, time slices). Read from the query adapter Kysely keeps on every handle, so
 * services need no second parameter for it.
 */
export function dialectOf(db: Db): Dialect {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}

export interface OpenOptions {
  /** PostgreSQL only: the schema to use (tests get a fresh one per run). */
  schema?: string;
  poolSize?: number;
}

export function openDatabase(url: string, options: OpenOptions = {}): DatabaseConnection {
  return url.startsWith('sqlite:') ? openSqlite(url.slice('sqlite:'.length)) : openPostgres(url, options);
}

function openSqlite(file: string): DatabaseConnection {
  const onDisk = file !== ':memory:';
  if (onDisk) mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const database = new SQLite(file);
  database.pragma('journal_mode = WAL');
  // In WAL mode NORMAL keeps every commit across a killed process (the OS holds the write);
  // only a power loss can drop the last commits. FULL would fsync every commit.
  database.pragma('synchronous = NORMAL');
  database.pragma('foreign_keys = ON');
  database.pragma('busy_timeout = 5000');
  const checkpointer = onDisk ? startCheckpointer(file, database) : undefined;
  const db = new Kysely<Database>({
    dialect: new SqliteDialect({ database: withStatementCache(database) }),
  });
  return {
    db,
    dialect: 'sqlite',
    ping: async () => {
      await sql`select 1`.execute(db);
    },
    // The checkpointer's connection first: the last connection to close finishes the log.
    close: async () => {
      await checkpointer?.stop();
      await db.destroy();
    },
  };
}

/**
 * Checkpoints mostly off the event loop. In WAL mode every commit appends its pages to the log;
 * SQLite's automatic checkpoint, run by the commit that takes the log past 1,000 pages, copies
 * them into the database file and syncs it: 4–6 ms during which, better-sqlite3 being
 * synchronous, no request moves. Under load that was one commit in every sixty or so, and most
 * of the slowest answers (profiled: half of all commit time on a landing's path).
 *
 * Here a worker thread with its own connection copies the log into the database every
 * CHECKPOINT_EVERY_MS (a passive checkpoint: it never waits for, nor holds up, the server's reads
 * and writes). The log can only start again from its beginning once a checkpoint has copied all
 * of it, which under steady writes the worker never quite does; so when the log passes
 * RESTART_AFTER_PAGES the worker says so, and the server's own connection, between two of its
 * transactions, copies the few pages written since the worker's turn: about a millisecond, a
 * few times a second, instead of 4–6 ms sixty times. SQLite's automatic checkpoint stays on
 * behind it, at FALLBACK_PAGES (for a machine too busy to give the worker its turns), and at
 * 1,000 pages again if the worker fails.
 */
const CHECKPOINT_EVERY_MS = 20;
const RESTART_AFTER_PAGES = 8000;
const FALLBACK_PAGES = 12000;

const CHECKPOINT_WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const SQLite = require(workerData.driver);
const db = new SQLite(workerData.file);
db.pragma('synchronous = NORMAL');
const timer = setInterval(() => {
  try {
    const [result] = db.pragma('wal_checkpoint(PASSIVE)');
    if (result && result.log > workerData.restartAfter) parentPort.postMessage(result.log);
  } catch {
    // Busy (the server's own checkpoint runs): the next turn tries again.
  }
}, workerData.everyMs);
parentPort.once('message', () => {
  clearInterval(timer);
  db.close();
  parentPort.close();
});
`;

interface Checkpointer {
  stop(): Promise<void>;
}

function startCheckpointer(file: string, database: SQLite.Database): Checkpointer {
  const worker = new Worker(CHECKPOINT_WORKER, {
    eval: true,
    workerData: {
      driver: createRequire(import.meta.url).resolve('better-sqlite3'),
      file,
      everyMs: CHECKPOINT_EVERY_MS,
      restartAfter: RESTART_AFTER_PAGES,
    },
  });
  database.pragma(`wal_autocheckpoint = ${FALLBACK_PAGES}`);
  let stopping = false;
  worker.on('message', () => {
    if (stopping || !database.open || database.inTransaction) return;
    try {
      database.pragma('wal_checkpoint(PASSIVE)');
    } catch {
      // Busy: the worker's turn runs; it will ask again.
    }
  });
  worker.on('error', () => undefined);
  const exited = new Promise<void>((resolve) =>
    worker.once('exit', () => {
      // A worker that stopped on its own leaves the work to SQLite's automatic checkpoint.
      if (!stopping && database.open) database.pragma('wal_autocheckpoint = 1000');
      resolve();
    }),
  );
  // Never keeps the process alive.
  worker.unref();
  return {
    stop: async () => {
      stopping = true;
      // Held again while it closes: a process awaiting its database's close must not end first.
      worker.ref();
      worker.postMessage('stop');
      await exited;
    },
  };
}

/**
 * Kysely opens every transaction with a plain (deferred) `begin`, which takes the write lock only
 * at the first write. A transaction that reads first (a visit reads the recipient's verdict, then
 * writes) then fails at once with SQLITE_BUSY if another connection wrote in between — a CLI
 * command, or the benchmark's floor, on the same file — because its snapshot is stale and no
 * waiting can help. Taking the write lock at `begin` makes it wait its turn (busy_timeout)
 * instead. Almost every transaction here writes; with one connection per process nothing else
 * is held up.
 */
const BEGIN = 'begin immediate';

/**
 * Kysely prepares every query afresh; preparing was the largest single cost of a request. The
 * queries are a small fixed set (values are bound, never spliced in), so their prepared
 * statements are kept and reused. Bounded all the same, in case a caller builds SQL by hand: the
 * least recently used statements go first, counted by number and by the size of their SQL (a
 * prepared statement's program grows with its text).
 */
function withStatementCache(database: SQLite.Database) {
  const statements = new LRUCache<string, SQLite.Statement>({
    max: 1000,
    maxSize: 4 * 1024 * 1024,
    sizeCalculation: (_statement, query) => Buffer.byteLength(query),
  });
  return {
    close: () => database.close(),
    prepare(query: string) {
      let statement = statements.get(query);
      if (!statement) {
        statement = database.prepare(query === 'begin' ? BEGIN : query);
        statements.set(query, statement);
      }
      return statement;
    },
  };
}

/**
 * Reading an index page costs about what a sequential read does on SSD storage; PostgreSQL's
 * default random_page_cost (4) models spinning disks, and with it the planner scans a whole
 * table rather than a covering index a third of its size (the dashboard's aggregates: 2× slower
 * at 100,000 recipients). 1.1 is the value PostgreSQL's documentation gives for SSDs. The
 * just-in-time compiler is off: it compiles every statement the planner prices above
 * `jit_above_cost`, and Hookwise's largest reads (the people lists and the programme report over
 * 240,000 sends) finish in about 100 ms, less than it spent compiling them (10–120 ms; the lists
 * took twice as long with it). Session defaults only: `options` in DATABASE_URL replaces them.
 */
const SESSION_SETTINGS = '-c random_page_cost=1.1 -c jit=off';

function openPostgres(url: string, options: OpenOptions): DatabaseConnection {
  const own = new URL(url).searchParams.has('options');
  const settings = [
    ...(own ? [] : [SESSION_SETTINGS]),
    ...(options.schema ? [`-c search_path=${options.schema}`] : []),
  ];
  const pool = new pg.Pool({
    connectionString: url,
    max: options.poolSize ?? 10,
    ...(settings.length > 0 ? { options: settings.join(' ') } : {}),
  });
  // A connection lost while idle (the server restarted, a failover, an administrator ending
  // sessions) is dropped by the pool, and the next query opens a new one. Without a listener the
  // pool's 'error' event would end the process instead.
  pool.on('error', () => {});
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return {
    db,
    dialect: 'postgres',
    ping: async () => {
      await sql`select 1`.execute(db);
    },
    close: () => db.destroy(),
  };
}
