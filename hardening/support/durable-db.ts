/**
 * Databases for the durability test, owned by a server process rather than the test: a SQLite
 * file in its own folder, or a PostgreSQL database of its own (created here, dropped after).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';

export interface DurableDb {
  kind: 'sqlite' | 'postgres';
  env: Record<string, string>;
  url: string;
  /** SQLite's own check of every page and index; PostgreSQL recovers from its WAL instead. */
  integrity(): Promise<string>;
  dispose(): Promise<void>;
}

export function durableSqlite(): DurableDb {
  const dir = mkdtempSync(path.join(tmpdir(), 'hookwise-durable-'));
  const url = `sqlite:${path.join(dir, 'hookwise.db')}`;
  return {
    kind: 'sqlite',
    url,
    env: { DATA_DIR: dir, DATABASE_URL: url },
    integrity: () => {
      const db = new SQLite(url.slice('sqlite:'.length), { readonly: true });
      try {
        const rows = db.pragma('integrity_check') as { integrity_check: string }[];
        return Promise.resolve(rows.map((row) => row.integrity_check).join('; '));
      } finally {
        db.close();
      }
    },
    dispose: () => Promise.resolve(rmSync(dir, { recursive: true, force: true })),
  };
}

export async function durablePostgres(adminUrl: string): Promise<DurableDb> {
  const name = `hw_durable_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const dir = mkdtempSync(path.join(tmpdir(), 'hookwise-durable-'));
  return {
    kind: 'postgres',
    url: url.toString(),
    env: { DATA_DIR: dir, DATABASE_URL: url.toString() },
    integrity: async () => {
      // amcheck is not installed everywhere; reading every table end to end is the check we can do.
      const client = new pg.Client({ connectionString: url.toString() });
      await client.connect();
      try {
        for (const table of [
          'tenants',
          'campaigns',
          'recipients',
          'events',
          'url_reviews',
          'malicious_urls',
        ]) {
          await client.query(`select * from ${table}`);
        }
        return 'ok';
      } finally {
        await client.end();
      }
    },
    dispose: async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
