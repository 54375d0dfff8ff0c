/**
 * Test harness: a freshly migrated database (SQLite always, PostgreSQL when TEST_DATABASE_URL
 * is set, in its own schema dropped afterwards) and an app built on it for app.inject().
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe } from 'vitest';
import { buildAdminApp, buildApp } from '../app';
import { loadConfig, type Config } from '../config';
import { openDatabase, type DatabaseConnection } from '../db/database';
import { MIGRATION_LOCK_KEY, migrateToLatest } from '../db/migrate';

export const TEST_SECRET = 'test-poll-token-secret-0123456789abcdef';

export interface Harness {
  /** The public listener's app (recipients, reviewers). */
  app: FastifyInstance;
  /** The admin listener's app (operator API, console), on the same database. */
  admin: FastifyInstance;
  database: DatabaseConnection;
  config: Config;
  logs: string[];
}

export interface DatabaseKind {
  name: 'sqlite' | 'postgres';
  /** A fresh database, migrated to the latest version unless `migrate` is false. */
  open(options?: { migrate?: boolean }): Promise<{ database: DatabaseConnection; dispose(): Promise<void> }>;
}

export function databaseKinds(): DatabaseKind[] {
  const kinds: DatabaseKind[] = [{ name: 'sqlite', open: openTestSqlite }];
  const url = process.env.TEST_DATABASE_URL;
  if (url) kinds.push({ name: 'postgres', open: (options) => openTestPostgres(url, options) });
  return kinds;
}

async function openTestSqlite(options: { migrate?: boolean } = {}) {
  const dir = mkdtempSync(path.join(tmpdir(), 'hookwise-test-'));
  const database = openDatabase(`sqlite:${path.join(dir, 'test.db')}`);
  if (options.migrate !== false) await migrateToLatest(database.db);
  return {
    database,
    dispose: async () => {
      await database.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function openTestPostgres(url: string, options: { migrate?: boolean } = {}) {
  const schema = `hw_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  const database = openDatabase(url, { schema, poolSize: 5 });
  if (options.migrate !== false) await migrateToLatest(database.db);
  return {
    database,
    dispose: async () => {
      await database.close();
      await dropSchema(admin, schema);
      await admin.end();
    },
  };
}

/** Drops a test's schema under the migrations' lock: a migration reading the catalogue meanwhile would fail. */
export async function dropSchema(admin: pg.Client, schema: string): Promise<void> {
  await admin.query('begin');
  try {
    await admin.query('select pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
    await admin.query(`drop schema ${schema} cascade`);
    await admin.query('commit');
  } catch (error) {
    await admin.query('rollback');
    throw error;
  }
}

export function testConfig(overrides: Record<string, string> = {}): Config {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'hookwise-data-'));
  return loadConfig({
    NODE_ENV: 'test',
    POLL_TOKEN_SECRET: TEST_SECRET,
    PSEUDONYM_KEY: 'test-pseudonym-key-0123456789abcdef0123',
    DATA_DIR: dataDir,
    PUBLIC_URL: 'https://hookwise.test',
    LOG_LEVEL: 'info',
    ...(process.env.WEB_ROOT ? { WEB_ROOT: process.env.WEB_ROOT } : {}),
    ...(process.env.CONSOLE_ROOT ? { CONSOLE_ROOT: process.env.CONSOLE_ROOT } : {}),
    ...overrides,
  });
}

/** Runs `suite` once per available database, each with its own fresh app. */
export function describeEachDatabase(
  title: string,
  suite: (get: () => Harness) => void,
  env: Record<string, string> = {},
): void {
  for (const kind of databaseKinds()) {
    describe(`${title} [${kind.name}]`, () => {
      let harness: Harness | undefined;
      let dispose: (() => Promise<void>) | undefined;
      beforeAll(async () => {
        const opened = await kind.open();
        dispose = () => opened.dispose();
        const config = testConfig(env);
        const logs: string[] = [];
        const stream = { write: (line: string) => logs.push(line) } as unknown as NodeJS.WritableStream;
        const ctx = { config, database: opened.database };
        const app = await buildApp(ctx, { logger: { level: 'info', stream } });
        const admin = await buildAdminApp(ctx, { logger: { level: 'info', stream } });
        await Promise.all([app.ready(), admin.ready()]);
        harness = { app, admin, database: opened.database, config, logs };
      });
      afterAll(async () => {
        await harness?.app.close();
        await harness?.admin.close();
        await dispose?.();
      });
      suite(() => {
        if (!harness) throw new Error('harness not ready');
        return harness;
      });
    });
  }
}

/** An app on a fresh SQLite database whose per-client budget is `limit` a minute; closed after `run`. */
export async function withRateLimitedApp<T>(
  limit: number,
  run: (app: FastifyInstance, database: DatabaseConnection) => Promise<T>,
): Promise<T> {
  const opened = await openTestSqlite();
  const app = await buildApp(
    { config: testConfig({ RATE_LIMIT_PER_MINUTE: String(limit) }), database: opened.database },
    { logger: { level: 'silent' } },
  );
  try {
    return await run(app, opened.database);
  } finally {
    await app.close();
    await opened.dispose();
  }
}
