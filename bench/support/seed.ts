/**
 * Benchmark data built straight into the database, as a campaign would hold it after months of
 * use: the bench database opened and migrated with its config, the demo tenant and campaign
 * (the services the CLI and the API use), then rows written in batches, one transaction each.
 * Shared by the growth, dashboard and burst benchmarks.
 */
import { sql } from 'kysely';
import { loadConfig, type Config } from '@server/config';
import { openDatabase, type DatabaseConnection } from '@server/db/database';
import { migrateToLatest } from '@server/db/migrate';
import type { NewEvent, NewRecipient, NewVisit } from '@server/db/schema';
import { createDemo, type DemoResult } from '@server/modules/demo/demo.service';
import type { BenchDatabase } from './databases';

/** Rows per batch the builders make; each batch is one transaction. */
export const BATCH = 500;

export interface BenchStore {
  db: DatabaseConnection;
  config: Config;
}

/** The bench database, migrated, with the config the in-process services use. */
export async function openBenchStore(database: BenchDatabase): Promise<BenchStore> {
  const db = openDatabase(database.url);
  await migrateToLatest(db.db);
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: database.dataDir,
    POLL_TOKEN_SECRET: 'x'.repeat(40),
  });
  return { db, config };
}

/** A fresh demo tenant with its campaign (launched), API key and three recipients. */
export function benchDemo(store: BenchStore): Promise<DemoResult> {
  return createDemo(store.db.db, store.config);
}

export interface Rows {
  recipients?: NewRecipient[];
  events?: NewEvent[];
  visits?: NewVisit[];
}

// SQLite binds at most 32766 parameters per statement: these keep every insert below that.
const CHUNK = { recipients: 1500, events: 3000, visits: 2000 };

/** Writes one batch in one transaction; returns the number of rows written. */
export async function insertRows(db: DatabaseConnection, rows: Rows): Promise<number> {
  const { recipients = [], events = [], visits = [] } = rows;
  await db.db.transaction().execute(async (trx) => {
    for (let i = 0; i < recipients.length; i += CHUNK.recipients)
      await trx
        .insertInto('recipients')
        .values(recipients.slice(i, i + CHUNK.recipients))
        .execute();
    for (let i = 0; i < events.length; i += CHUNK.events)
      await trx
        .insertInto('events')
        .values(events.slice(i, i + CHUNK.events))
        .execute();
    for (let i = 0; i < visits.length; i += CHUNK.visits)
      await trx
        .insertInto('visits')
        .values(visits.slice(i, i + CHUNK.visits))
        .execute();
  });
  return recipients.length + events.length + visits.length;
}

/**
 * Builds `size` items in batches of BATCH (`build(start, end)` makes the rows of items
 * start..end-1) and writes each; returns the time taken and the rows written. With `analyze`,
 * PostgreSQL then plans with fresh statistics, as autovacuum would soon after such a load.
 */
export async function buildInBatches(
  db: DatabaseConnection,
  size: number,
  build: (start: number, end: number) => Rows,
  options: { analyze?: boolean } = {},
): Promise<{ ms: number; rows: number }> {
  const started = performance.now();
  let rows = 0;
  for (let start = 0; start < size; start += BATCH) {
    rows += await insertRows(db, build(start, Math.min(size, start + BATCH)));
  }
  if (options.analyze && db.dialect === 'postgres') await sql`analyze`.execute(db.db);
  return { ms: performance.now() - started, rows };
}
