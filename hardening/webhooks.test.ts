/**
 * Webhook durability: a real server process delivers events to a receiver that holds the
 * requests unanswered, and is killed with SIGKILL mid-delivery. After a restart every event
 * reaches the receiver and is answered; the ones that were in flight arrive again, with the same
 * event id, so the receiver can drop the repeat. Runs on SQLite, and on PostgreSQL when
 * TEST_DATABASE_URL is set.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '@server/db/database';
import { migrateToLatest } from '@server/db/migrate';
import { mintPollToken } from '@server/modules/poll/poll-token';
import { createTenant } from '@server/modules/tenants/tenants.service';
import { startWebhookReceiver, type WebhookReceiver } from '@server/test/webhook-receiver';
import { durablePostgres, durableSqlite, type DurableDb } from './support/durable-db';
import { freePort, startProcess } from './support/process-server';
import { tally } from './support/tally';

const SECRET = 'webhooks-durable-secret-0123456789-abcdef';
const EVENTS = 25;
const counts = tally('webhooks', ['events', 'in flight at the kill', 'answered after restart', 'lost']);

const stores: { name: string; open: () => Promise<DurableDb> }[] = [
  { name: 'sqlite', open: () => Promise.resolve(durableSqlite()) },
];
const pgUrl = process.env.TEST_DATABASE_URL;
if (pgUrl) stores.push({ name: 'postgres', open: () => durablePostgres(pgUrl) });

for (const { name, open } of stores) {
  describe(`webhooks across SIGKILL [${name}]`, () => {
    let store: DurableDb | undefined;
    let receiver: WebhookReceiver | undefined;
    afterAll(async () => {
      await receiver?.close();
      await store?.dispose();
    });

    it('loses no event when the server is killed mid-delivery', { timeout: 90_000 }, async () => {
      store = await open();
      receiver = await startWebhookReceiver([200]);
      receiver.stall = true;
      const database = openDatabase(store.url);
      await migrateToLatest(database.db);
      const { tenantId, apiKey } = await createTenant(database.db, 'Webhook durability');
      await database.close();
      const env = {
        ...store.env,
        POLL_TOKEN_SECRET: SECRET,
        WEBHOOKS_ALLOW_PLAIN: 'true',
        WEBHOOKS_POLL_MS: '50',
        WEBHOOKS_LEASE_SECONDS: '2',
        // Longer than the test: a held request stays in flight until the kill.
        WEBHOOKS_TIMEOUT_MS: '60000',
      };
      const port = await freePort();
      const first = await startProcess(env, port);
      const added = await fetch(`${first.adminUrl}/api/admin/webhooks`, {
        method: 'POST',
        headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
        body: JSON.stringify({ url: receiver.url, events: ['review.decided'] }),
      });
      expect(added.status).toBe(201);

      // Real reviewer decisions, each a `review.decided` event written with the decision.
      const urls = Array.from({ length: EVENTS }, (_, i) => `https://durable-hooks.example/${i}`);
      const token = await mintPollToken(SECRET, {
        tenantId,
        urls: Object.fromEntries(urls.map((url) => [url, false])),
        expiresInSeconds: 600,
      });
      const submitted = await Promise.all(
        urls.map((url) =>
          fetch(`${first.url}/api/submit`, {
            method: 'POST',
            headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
            body: JSON.stringify({ url, decision: 'TP' }),
          }).then((res) => res.status),
        ),
      );
      expect(submitted).toEqual(urls.map(() => 200));
      counts.add('events', EVENTS);

      // Deliveries reach the receiver, which holds them: kill the server while they are in flight.
      await expect.poll(() => receiver!.received.length, { timeout: 20_000 }).toBeGreaterThan(0);
      await first.kill('SIGKILL');
      const inFlight = new Set(receiver.received.map((r) => String(r.headers['hookwise-event-id'])));
      expect(receiver.received.every((r) => !r.answered)).toBe(true);
      counts.add('in flight at the kill', inFlight.size);
      receiver.stall = false;

      const second = await startProcess(env, port);
      try {
        const answered = () =>
          new Set(
            receiver!.received.filter((r) => r.answered).map((r) => String(r.headers['hookwise-event-id'])),
          );
        await expect.poll(() => answered().size, { timeout: 30_000, interval: 200 }).toBe(EVENTS);
        counts.add('answered after restart', answered().size);
        // Every event in flight at the kill came again, with its id: a receiver deduplicates by it.
        for (const id of inFlight) expect(answered().has(id), id).toBe(true);
        const bodies = new Map<string, Set<string>>();
        for (const r of receiver.received) {
          const id = String(r.headers['hookwise-event-id']);
          bodies.set(id, (bodies.get(id) ?? new Set()).add(r.body));
        }
        // The same event id always carries the same body.
        for (const [id, set] of bodies) expect(set.size, id).toBe(1);
        const decided = [...bodies.values()].map(
          (set) => JSON.parse([...set][0]!) as { data: { url: string } },
        );
        expect(decided.map((b) => b.data.url).sort()).toEqual([...urls].sort());

        const check = openDatabase(store.url);
        try {
          await expect
            .poll(async () => {
              const rows = await check.db.selectFrom('webhook_deliveries').select('state').execute();
              return rows.filter((r) => r.state === 'delivered').length;
            })
            .toBe(EVENTS);
        } finally {
          await check.close();
        }
        counts.add('lost', EVENTS - answered().size);
      } finally {
        await second.kill('SIGTERM');
      }
    });
  });
}
