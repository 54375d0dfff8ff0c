/**
 * Opens the database named by DATABASE_URL: SQLite (default, WAL mode) or PostgreSQL.
 * The same Kysely queries serve both.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely';
import { LRUCache } from 'lru-cache';
import pg from 'pg';
import type { Database } from './schema';

export type Dialect = 'sqlite' | 'postgres';

export interface Db {
  readonly db: Kysely<Database>;
  readonly dialect: Dialect;
  ping(): Promise<void>;
  close(): Promise<void>;
}

export interface OpenOptions {
  /** PostgreSQL only: the schema to use (tests get a fresh one per run). */
  schema?: string;
  poolSize?: number;
}

export function openDatabase(url: string, options: OpenOptions = {}): Db {
  return url.startsWith('sqlite:') ? openSqlite(url.slice('sqlite:'.length)) : openPostgres(url, options);
}

function openSqlite(file: string): Db {
  if (file !== ':memory:') mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const database = new SQLite(file);
  database.pragma('journal_mode = WAL');
  // In WAL mode NORMAL keeps every commit across a killed process (the OS holds the write);
  // only a power loss can drop the last commits. FULL would fsync every commit.
  database.pragma('synchronous = NORMAL');
  database.pragma('foreign_keys = ON');
  database.pragma('busy_timeout = 5000');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(database) }) });
  return {
    db,
    dialect: 'sqlite',
    ping: async () => {
      await sql`select 1`.execute(db);
    },
    close: () => db.destroy(),
  };
}

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
        statement = database.prepare(query);
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
 * at 100,000 recipients). 1.1 is the value PostgreSQL's documentation gives for SSDs. A session
 * default only: `options` in DATABASE_URL replaces it.
 */
const SESSION_SETTINGS = '-c random_page_cost=1.1';

function openPostgres(url: string, options: OpenOptions): Db {
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
