/**
 * Sending with real processes on one PostgreSQL: two server processes share the outbox and
 * deliver each message exactly once; one killed with SIGKILL mid-send and started again loses
 * nothing, and sends no message again whose acceptance it had recorded. The relay is a real SMTP
 * server (smtp-server) in the test. Needs PostgreSQL (TEST_DATABASE_URL).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '@server/config';
import { openDatabase, type DatabaseConnection } from '@server/db/database';
import { migrateToLatest } from '@server/db/migrate';
import { importCampaign, requireCampaign } from '@server/modules/campaigns/campaigns.service';
import { addRecipients } from '@server/modules/recipients/recipients.service';
import { createProfile } from '@server/modules/sending/sending-profiles.service';
import { sendingProgress, startSending } from '@server/modules/sending/sending.service';
import { createTenant } from '@server/modules/tenants/tenants.service';
import { startSmtpSink, type SmtpSink } from '@server/test/smtp-sink';
import { durablePostgres, type DurableDb } from './support/durable-db';
import { freePort, startProcess, type ServerProcess } from './support/process-server';

const pgUrl = process.env.TEST_DATABASE_URL;
const SECRETS_KEY = 'sending-hardening-secrets-0123456789-abcdef';
const COUNT = 400;

if (!pgUrl) {
  if (process.env.REQUIRE_PG === '1') throw new Error('REQUIRE_PG=1 but TEST_DATABASE_URL is not set');
  console.warn('\n*** SKIPPED: sending with two processes needs PostgreSQL (set TEST_DATABASE_URL) ***\n');
}

describe.runIf(pgUrl)('sending from two processes on one PostgreSQL', () => {
  let store: DurableDb;
  let database: DatabaseConnection;
  let sink: SmtpSink;
  let tenantId: string;
  let profileId: string;
  const running: ServerProcess[] = [];
  const config = loadConfig({
    NODE_ENV: 'test',
    SECRETS_KEY,
    POLL_TOKEN_SECRET: 'x'.repeat(40),
    PSEUDONYM_KEY: 'y'.repeat(40),
    PUBLIC_URL: 'https://hookwise.test',
  });

  beforeAll(async () => {
    store = await durablePostgres(pgUrl ?? '');
    database = openDatabase(store.url);
    await migrateToLatest(database.db);
    sink = await startSmtpSink();
    tenantId = (await createTenant(database.db, 'Sending')).tenantId;
    profileId = (
      await createProfile(database.db, config, tenantId, {
        name: 'Sink',
        host: '127.0.0.1',
        port: sink.port,
        tls: 'none',
        envelope_from: 'bounces@send.example',
        headers: {},
      })
    ).id;
  }, 60_000);

  afterAll(async () => {
    await Promise.all(running.map((server) => server.kill('SIGTERM')));
    await sink.close();
    await database.close();
    await store.dispose();
  });

  const start = async () => {
    const env = {
      ...store.env,
      SECRETS_KEY,
      PUBLIC_URL: 'https://hookwise.test',
      SENDING_POLL_MS: '20',
      // A killed worker's claims are taken over quickly.
      SENDING_LEASE_SECONDS: '2',
    };
    const server = await startProcess(env, await freePort());
    running.push(server);
    return server;
  };

  /** A live campaign of COUNT recipients, sent at `rate` a minute. */
  async function sendCampaign(domain: string, rate: number) {
    const summary = await importCampaign(database.db, tenantId, {
      name: domain,
      language_code: 'en',
      phishing: {},
      email: { from: 'IT <it@send.example>', subject: 'Hi {{first_name}}', body: 'Go: {{link}}' },
      awareness: { typeHtml: false, content: 'x' },
      sei: [],
      sei_general_info: '',
      entry_text: '',
      questionnaire: { required: false, allow_retake: true, questions: [] },
      gamification: { points: {}, pass_mark: 70, badges: [] },
      navigation: ['awareness'],
      translations: {},
    });
    const campaign = await requireCampaign(database.db, tenantId, summary.id);
    await addRecipients(
      database.db,
      campaign,
      Array.from({ length: COUNT }, (_, i) => ({
        email: `r${i}@${domain}`,
        person_id: null,
        first_name: `R${i}`,
        language_code: null,
      })),
    );
    await startSending(database.db, config, campaign, {
      profile_id: profileId,
      rate_per_minute: rate,
      spread_minutes: 0,
    });
    return campaign;
  }

  async function waitSent(campaign: Awaited<ReturnType<typeof sendCampaign>>, timeoutMs: number) {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const progress = await sendingProgress(database.db, campaign);
      if (progress.counts.sent + progress.counts.failed === COUNT || Date.now() > deadline) return progress;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  const receivedFor = (domain: string) => sink.received.filter((m) => m.to.endsWith(`@${domain}`));

  it('delivers each message exactly once with two processes sending', async () => {
    const [a, b] = [await start(), await start()];
    const campaign = await sendCampaign('twice.example', 12_000);
    const progress = await waitSent(campaign, 60_000);
    expect(progress.counts).toMatchObject({ sent: COUNT, failed: 0, queued: 0, sending: 0 });
    const received = receivedFor('twice.example');
    expect(received).toHaveLength(COUNT);
    expect(new Set(received.map((m) => m.to)).size).toBe(COUNT);
    const workers = await database.db
      .selectFrom('outbox')
      .select('claimed_by')
      .distinct()
      .where('campaign_id', '=', campaign.id)
      .execute();
    // Both processes sent part of it.
    expect(workers.length).toBe(2);
    await Promise.all([a.kill('SIGTERM'), b.kill('SIGTERM')]);
  }, 120_000);

  it('a process killed mid-send and started again loses nothing and resends nothing it recorded', async () => {
    const first = await start();
    const campaign = await sendCampaign('killed.example', 3_000);
    // Let it get well into the campaign, then kill it without warning.
    for (let i = 0; i < 100 && receivedFor('killed.example').length < COUNT / 4; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await first.kill('SIGKILL');
    const recorded = await database.db
      .selectFrom('outbox as o')
      .innerJoin('recipients as r', 'r.id', 'o.recipient_id')
      .select(['r.email', 'o.message_id'])
      .where('o.campaign_id', '=', campaign.id)
      .where('o.state', '=', 'sent')
      .execute();
    expect(recorded.length).toBeGreaterThan(0);
    expect(recorded.length).toBeLessThan(COUNT);

    await start();
    const progress = await waitSent(campaign, 90_000);
    expect(progress.counts).toMatchObject({ sent: COUNT, failed: 0, queued: 0, sending: 0 });
    const received = receivedFor('killed.example');
    const copies = new Map<string, string[]>();
    for (const message of received)
      copies.set(message.to, [...(copies.get(message.to) ?? []), message.messageId]);
    // None lost.
    expect(copies.size).toBe(COUNT);
    // No message whose acceptance was recorded went out again.
    for (const { email } of recorded) expect(copies.get(email ?? '')).toHaveLength(1);
    // At most the one message in flight when the process died went twice, with the same Message-ID.
    const twice = [...copies.entries()].filter(([, ids]) => ids.length > 1);
    expect(twice.length).toBeLessThanOrEqual(1);
    for (const [, ids] of twice) expect(new Set(ids).size).toBe(1);
  }, 180_000);
});
