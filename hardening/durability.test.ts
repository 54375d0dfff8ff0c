/**
 * Durability: a real server process on its own database takes a load of recipient events and
 * reviewer decisions and is killed with SIGKILL in the middle of it. After a restart, every
 * request that got a 2xx is in the database, the database passes its integrity check, and the
 * server serves again. Runs on SQLite, and on PostgreSQL when TEST_DATABASE_URL is set.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '@server/db/database';
import { migrateToLatest } from '@server/db/migrate';
import { MINIMAL_CAMPAIGN, seedCampaign } from '@server/test/campaign-fixtures';
import { mintPollToken } from '@server/modules/poll/poll-token';
import { durablePostgres, durableSqlite, type DurableDb } from './support/durable-db';
import { runLoad, type Acked, type Task } from './support/load';
import { freePort, startProcess } from './support/process-server';
import { tally } from './support/tally';

const DURABLE_SECRET = 'durable-secret-0123456789-0123456789-abcdef';
const RECIPIENTS = 150;
const KILL_AFTER_ACKS = 300;
const counts = tally('durability', [
  'requests acknowledged (2xx)',
  'found after restart',
  'lost',
  'integrity ok',
  'restarts served',
]);

async function seed(store: DurableDb) {
  const database = openDatabase(store.url);
  try {
    await migrateToLatest(database.db);
    const recipients = Array.from({ length: RECIPIENTS }, (_, i) => ({ email: `r${i}@example.com` }));
    const seeded = await seedCampaign(database.db, MINIMAL_CAMPAIGN, { recipients });
    const urls = Array.from({ length: 100 }, (_, i) => `https://durable.example/${i}`);
    const token = await mintPollToken(DURABLE_SECRET, {
      tenantId: seeded.tenantId,
      urls: Object.fromEntries(urls.map((url) => [url, false])),
      expiresInSeconds: 3600,
    });
    const tasks: Task[] = [];
    for (const [i, r] of seeded.recipients.entries()) {
      for (const type of ['clicked', 'submitted', 'awareness_viewed', 'pdf_viewed', 'sei_viewed'] as const) {
        tasks.push({ kind: 'event', rid: r.rid, type });
      }
      const url = urls[i % urls.length] ?? '';
      tasks.push({ kind: 'submit', url, decision: i % 3 === 0 ? 'TP' : 'FP' });
    }
    return { token, tasks };
  } finally {
    await database.close();
  }
}

async function missing(store: DurableDb, acked: Acked): Promise<number> {
  const database = openDatabase(store.url);
  try {
    const events = await database.db
      .selectFrom('events as e')
      .innerJoin('recipients as r', 'r.id', 'e.recipient_id')
      .select(['r.rid', 'e.type'])
      .execute();
    const reviews = await database.db
      .selectFrom('url_reviews')
      .select(['url', 'decision', 'created_at'])
      .execute();
    const haveEvents = new Set(events.map((e) => `${e.rid} ${e.type}`));
    const haveReviews = new Set(reviews.map((r) => `${r.url} ${r.decision} ${r.created_at}`));
    return (
      acked.events.filter((e) => !haveEvents.has(`${e.rid} ${e.type}`)).length +
      acked.submits.filter((s) => !haveReviews.has(`${s.url} ${s.decision} ${s.at}`)).length
    );
  } finally {
    await database.close();
  }
}

const stores: { name: string; open: () => Promise<DurableDb> }[] = [
  { name: 'sqlite', open: () => Promise.resolve(durableSqlite()) },
];
const pgUrl = process.env.TEST_DATABASE_URL;
if (pgUrl) stores.push({ name: 'postgres', open: () => durablePostgres(pgUrl) });

for (const { name, open } of stores) {
  describe(`SIGKILL mid-load [${name}]`, () => {
    let store: DurableDb | undefined;
    afterAll(() => store?.dispose());

    it('keeps every acknowledged request, passes the integrity check, and serves again', async () => {
      store = await open();
      const { token, tasks } = await seed(store);
      const env = { ...store.env, POLL_TOKEN_SECRET: DURABLE_SECRET, RATE_LIMIT_PER_MINUTE: '1000000' };
      const port = await freePort();
      const first = await startProcess(env, port);

      let killed: Promise<void> | undefined;
      const acked = await runLoad(first.url, token, tasks, {
        workers: 16,
        // Kill while the other workers still have requests in flight, then let them fail.
        stop: (so) => {
          if (!killed && so.events.length + so.submits.length >= KILL_AFTER_ACKS)
            killed = first.kill('SIGKILL');
          return killed !== undefined && so.failed > 0;
        },
      });
      await killed;
      const total = acked.events.length + acked.submits.length;
      expect(killed, 'the server was killed mid-load').toBeDefined();
      expect(acked.failed, 'some requests were cut off by the kill').toBeGreaterThan(0);
      counts.add('requests acknowledged (2xx)', total);

      const second = await startProcess(env, port);
      try {
        const lost = await missing(store, acked);
        counts.add('found after restart', total - lost);
        counts.add('lost', lost);
        expect(lost).toBe(0);
        const again = await runLoad(second.url, token, tasks.slice(-12), { workers: 2, stop: () => false });
        expect(again.failed, 'the restarted server serves').toBe(0);
        counts.add('restarts served');
      } finally {
        await second.kill('SIGTERM');
      }
      expect(await store.integrity()).toBe('ok');
      counts.add('integrity ok');
    });
  });
}
