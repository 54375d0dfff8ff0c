/** Fresh databases for a benchmark: a SQLite file in a temporary folder, or a new PostgreSQL database. */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';

export interface BenchDatabase {
  kind: 'sqlite' | 'postgres';
  url: string;
  dataDir: string;
  drop(): Promise<void>;
}

export async function benchDatabases(): Promise<BenchDatabase[]> {
  const list: BenchDatabase[] = [freshSqlite()];
  const url = process.env.TEST_DATABASE_URL;
  if (url) list.push(await freshPostgres(url));
  else
    console.warn('*** SKIPPED: PostgreSQL benchmarks (set TEST_DATABASE_URL=postgres://… to run them) ***');
  return list;
}

function freshSqlite(): BenchDatabase {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'hookwise-bench-'));
  return {
    kind: 'sqlite',
    url: `sqlite:${path.join(dataDir, 'bench.db')}`,
    dataDir,
    drop: () => Promise.resolve(rmSync(dataDir, { recursive: true, force: true })),
  };
}

async function freshPostgres(adminUrl: string): Promise<BenchDatabase> {
  const name = `hookwise_bench_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'hookwise-bench-pg-'));
  return {
    kind: 'postgres',
    url: url.toString(),
    dataDir,
    drop: async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
