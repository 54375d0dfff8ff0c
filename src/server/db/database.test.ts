import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { afterEach, expect, it } from 'vitest';
import { databaseKinds } from '../test/harness';
import { openDatabase, type DatabaseConnection } from './database';
import { MIGRATION_LOCK_KEY, migrateToLatest } from './migrate';

const require = createRequire(import.meta.url);

let dir: string | undefined;
let open: DatabaseConnection | undefined;
afterEach(async () => {
  await open?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
  open = dir = undefined;
});

async function fileDatabase() {
  dir = mkdtempSync(path.join(tmpdir(), 'hookwise-db-'));
  const file = path.join(dir, 'hookwise.db');
  open = openDatabase(`sqlite:${file}`);
  await sql`create table notes (id integer primary key, body text not null)`.execute(open.db);
  return { db: open, file };
}

async function until(check: () => boolean, ms = 5000) {
  const deadline = Date.now() + ms;
  while (!check() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
  return check();
}

it('copies committed writes into the database file off the event loop', async () => {
  const { db, file } = await fileDatabase();
  const before = statSync(file).size;
  // About 2 MB in 500 commits: far below the 12,000-page mark where SQLite itself would checkpoint.
  for (let i = 0; i < 500; i++) {
    await db.db.transaction().execute(async (trx) => {
      await sql`insert into notes (body) values (${'x'.repeat(4000)})`.execute(trx);
    });
  }
  // Only a checkpoint writes pages into the database file; the server's connection ran none.
  expect(await until(() => statSync(file).size > before + 1_500_000)).toBe(true);
  const rows = await sql<{ n: number }>`select count(*) as n from notes`.execute(db.db);
  expect(Number(rows.rows[0]!.n)).toBe(500);
});

/** How many times the log has started again from its beginning: its header's checkpoint sequence. */
function logRestarts(file: string): number {
  return readFileSync(`${file}-wal`).readUInt32BE(12);
}

it('keeps the log bounded under steady writes: it starts again from its beginning', async () => {
  const { db, file } = await fileDatabase();
  const before = logRestarts(file);
  // 80 MB of commits, two pages each; the log restarts once past 8,000 pages (32 MB).
  const body = 'z'.repeat(4000);
  for (let i = 0; i < 10_000; i++) {
    await db.db.transaction().execute(async (trx) => {
      await sql`insert into notes (body) values (${body})`.execute(trx);
      await sql`insert into notes (body) values (${body})`.execute(trx);
    });
    // Requests arrive over the network: the event loop turns between some of them.
    if (i % 20 === 0) await new Promise((r) => setImmediate(r));
  }
  // Never restarted, the log would hold every page written. How far it grows between restarts
  // depends on how soon the worker gets its turns (36 to 92 MB seen with both cores busy and the
  // disk syncing other files; about 35 MB on a quiet one), so the restarts are what is counted.
  expect(logRestarts(file) - before).toBeGreaterThanOrEqual(1);
  expect(statSync(file).size).toBeGreaterThan(60 * 1024 * 1024);
}, 60_000);

it('closes with the log checkpointed and removed, the checkpointer closed first', async () => {
  const { db, file } = await fileDatabase();
  for (let i = 0; i < 50; i++)
    await sql`insert into notes (body) values (${'y'.repeat(1000)})`.execute(db.db);
  await db.close();
  open = undefined;
  // The last connection to close checkpoints the whole log and deletes it.
  expect(existsSync(`${file}-wal`)).toBe(false);
  const again = openDatabase(`sqlite:${file}`);
  const rows = await sql<{ n: number }>`select count(*) as n from notes`.execute(again.db);
  expect(Number(rows.rows[0]!.n)).toBe(50);
  await again.close();
});

it('lets a transaction that reads before it writes wait for another process writing the same file', async () => {
  const { db, file } = await fileDatabase();
  // Another process writes all along, as a CLI command beside the server would.
  const writer = spawn(
    process.execPath,
    [
      '-e',
      `const db = new (require(${JSON.stringify(require.resolve('better-sqlite3'))}))(${JSON.stringify(file)});
       db.pragma('busy_timeout = 5000');
       const insert = db.prepare('insert into notes (body) values (?)');
       const end = Date.now() + 1500;
       while (Date.now() < end) insert.run('other process');`,
    ],
    { stdio: 'inherit' },
  );
  const exited = new Promise((resolve) => writer.once('exit', resolve));
  let written = 0;
  for (let i = 0; i < 300; i++) {
    await db.db.transaction().execute(async (trx) => {
      await sql`select count(*) from notes`.execute(trx);
      await new Promise((r) => setTimeout(r, 1));
      await sql`insert into notes (body) values ('server')`.execute(trx);
    });
    written++;
  }
  expect(await exited).toBe(0);
  expect(written).toBe(300);
  const rows = await sql<{ n: number }>`select count(*) as n from notes where body = 'server'`.execute(db.db);
  expect(Number(rows.rows[0]!.n)).toBe(300);
});

for (const kind of databaseKinds().filter((k) => k.name === 'postgres')) {
  it('opens PostgreSQL sessions planned for SSD storage and without the just-in-time compiler', async () => {
    const opened = await kind.open({ migrate: false });
    try {
      const settings = await sql<{ name: string; setting: string }>`
        select name, setting from pg_settings where name in ('jit', 'random_page_cost') order by name`.execute(
        opened.database.db,
      );
      expect(settings.rows).toEqual([
        { name: 'jit', setting: 'off' },
        { name: 'random_page_cost', setting: '1.1' },
      ]);
    } finally {
      await opened.dispose();
    }
  });

  it('keeps working when the server ends its idle connections, as a restart or a failover does', async () => {
    const opened = await kind.open({ migrate: false });
    const other = openDatabase(process.env.TEST_DATABASE_URL!, { poolSize: 1 });
    try {
      const { db } = opened.database;
      const pid = async () =>
        Number((await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(db)).rows[0]!.pid);
      const before = await pid();
      // Ended from another session while idle in the pool: the pool sees the error on its own.
      await sql`select pg_terminate_backend(${before})`.execute(other.db);
      await new Promise((resolve) => setTimeout(resolve, 200));
      const after = await pid();
      expect(after).not.toBe(before);
    } finally {
      await other.close();
      await opened.dispose();
    }
  });

  it('migrates one instance at a time: a migration waits for the lock another holds', async () => {
    const opened = await kind.open({ migrate: false });
    const other = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await other.connect();
    try {
      await other.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
      let done = false;
      const migrating = migrateToLatest(opened.database.db).then((names) => ((done = true), names));
      // The migration asks for the lock and waits: an advisory lock requested and not granted.
      const waiting = async () =>
        Number(
          (
            await other.query<{ n: string }>(
              "select count(*) as n from pg_locks where locktype = 'advisory' and not granted",
            )
          ).rows[0]?.n,
        );
      await expect.poll(waiting).toBeGreaterThan(0);
      expect(done).toBe(false);
      await other.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
      expect(await migrating).toContain('2026-11-22-0001-initial');
    } finally {
      await other.end();
      await opened.dispose();
    }
  });
}
