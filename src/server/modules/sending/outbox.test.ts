import { afterAll, beforeAll, expect, it } from 'vitest';
import type { SendingProgress } from '@shared/sending';
import {
  campaignFile,
  importCampaign,
  importCsv,
  newTenant,
  type TestTenant,
} from '@server/test/admin-fixtures';
import { describeEachDatabase, type Harness } from '@server/test/harness';
import { secondDatabase, sinkProfile } from '@server/test/sending-fixtures';
import { startSmtpSink, type SmtpSink } from '@server/test/smtp-sink';
import { requireCampaign } from '../campaigns/campaigns.service';
import type { SendingConfig } from '@server/config';
import { outboxWorker } from './outbox-worker';
import { startSending } from './sending.service';

const COUNT = 1000;
const RATE = 600;
/** A minute passes in a second: 600 a minute is 600 a second of test time. */
const SCALE = 60;
const SCALED_MINUTE_MS = 60_000 / SCALE;

/**
 * Sends the campaign with two workers (on PostgreSQL each with its own connections), started
 * through the service with `sending`'s clock, until `total` are sent or the time is up.
 */
async function sendWithTwoWorkers(
  h: Harness,
  tenant: TestTenant,
  campaignId: string,
  options: {
    profileId: string;
    rate: number;
    total: number;
    timeoutMs: number;
    sending: Partial<SendingConfig>;
  },
): Promise<SendingProgress | undefined> {
  const config = { ...h.config, sending: { ...h.config.sending, ...options.sending } };
  const other = await secondDatabase(h);
  const workers = [
    outboxWorker({ config, database: h.database }, h.app.log),
    outboxWorker({ config, database: other ?? h.database }, h.app.log),
  ];
  // The plan (due times) is made where the sending starts, with the compressed clock.
  const campaign = await requireCampaign(h.database.db, tenant.tenantId, campaignId);
  await startSending(h.database.db, config, campaign, {
    profile_id: options.profileId,
    rate_per_minute: options.rate,
    spread_minutes: 0,
  });
  const deadline = Date.now() + options.timeoutMs;
  let progress: SendingProgress | undefined;
  while (Date.now() < deadline) {
    progress = (
      await h.admin.inject({
        method: 'GET',
        url: `/api/admin/campaigns/${campaignId}/sending`,
        headers: tenant.headers,
      })
    ).json<SendingProgress>();
    if (progress.counts.sent === options.total) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  await Promise.all(workers.map((w) => w.stop()));
  await other?.close();
  return progress;
}

describeEachDatabase('the outbox', (get) => {
  let sink: SmtpSink;
  beforeAll(async () => {
    sink = await startSmtpSink();
  });
  afterAll(() => sink?.close());

  it(
    `sends ${COUNT} messages within the rate, each exactly once, with two workers`,
    { timeout: 60_000 },
    async () => {
      const h = get();
      const tenant = await newTenant(h);
      const profileId = await sinkProfile(h, tenant.headers, sink, 'b@rate.example');
      const campaignId = await importCampaign(
        h,
        tenant,
        campaignFile({
          email: { from: 'IT <it@rate.example>', subject: 'Hi {{first_name}}', body: 'Go: {{link}}' },
        }),
      );
      const rows = Array.from({ length: COUNT }, (_, i) => `r${i}@rate.example,R${i}`);
      const imported = await importCsv(h, tenant, campaignId, `email,first_name\n${rows.join('\n')}\n`);
      expect(imported.json()).toMatchObject({ accepted: COUNT });

      const progress = await sendWithTwoWorkers(h, tenant, campaignId, {
        profileId,
        rate: RATE,
        total: COUNT,
        timeoutMs: 45_000,
        sending: { timeScale: SCALE, pollMs: 20, leaseSeconds: 30 },
      });
      expect(progress?.counts).toMatchObject({ sent: COUNT, queued: 0, sending: 0, failed: 0 });

      const mine = sink.received.filter((m) => m.to.endsWith('@rate.example'));
      expect(mine).toHaveLength(COUNT);
      expect(new Set(mine.map((m) => m.to)).size).toBe(COUNT);
      expect(new Set(mine.map((m) => m.messageId)).size).toBe(COUNT);
      for (const message of mine.slice(0, 50)) {
        const n = /^r(\d+)@/.exec(message.to)![1];
        expect(message.subject).toBe(`Hi R${n}`);
        expect(message.text).toMatch(/Go: https:\/\/hookwise\.test\/phish\?rid=[A-Za-z0-9_-]{22,}/);
        expect(message.html).toContain('<a href="https://hookwise.test/phish?rid=');
      }
      // The plan keeps the rate: no more than RATE messages due in any (scaled) minute. And no
      // message left before its due time (a worker behind the plan is held to the rate by the
      // claim's sliding window: outbox-rate.test.ts). Checked on the times the database and the
      // SMTP server recorded, not on how fast this machine happened to be.
      const planned = await h.database.db
        .selectFrom('outbox')
        .innerJoin('recipients', 'recipients.id', 'outbox.recipient_id')
        .select(['recipients.email', 'outbox.due_at'])
        .where('outbox.campaign_id', '=', campaignId)
        .execute();
      const dueTimes = planned.map((row) => Date.parse(row.due_at)).sort((a, b) => a - b);
      let busiest = 0;
      for (let i = 0, j = 0; i < dueTimes.length; i++) {
        while (dueTimes[i]! - dueTimes[j]! >= SCALED_MINUTE_MS) j++;
        busiest = Math.max(busiest, i - j + 1);
      }
      expect(busiest).toBeLessThanOrEqual(RATE);
      expect(dueTimes.at(-1)! - dueTimes[0]!).toBeGreaterThanOrEqual(
        ((COUNT - 1) * SCALED_MINUTE_MS) / RATE - 1,
      );
      const dueOf = new Map(planned.map((row) => [row.email, Date.parse(row.due_at)]));
      const early = mine.filter((m) => m.at < (dueOf.get(m.to) ?? Number.POSITIVE_INFINITY));
      expect(early.map((m) => m.to)).toEqual([]);
      // Both workers took part (claims are shared out, not serialised behind one).
      const claimers = await h.database.db
        .selectFrom('outbox')
        .select('claimed_by')
        .distinct()
        .where('campaign_id', '=', campaignId)
        .execute();
      expect(claimers.length).toBeGreaterThanOrEqual(1);
    },
  );

  it(
    'sends nothing twice when a slow relay makes a claimed batch outlast its lease',
    { timeout: 60_000 },
    async () => {
      const h = get();
      const slow = await startSmtpSink();
      // Each message takes 250 ms to be accepted: a batch of 10 takes 2.5 s, its lease lasts 1 s.
      slow.delayMs = 250;
      try {
        const tenant = await newTenant(h);
        const profileId = await sinkProfile(h, tenant.headers, slow, 'b@slow.example');
        const campaignId = await importCampaign(
          h,
          tenant,
          campaignFile({ email: { from: 'IT <it@slow.example>', subject: 'Hi', body: 'Go: {{link}}' } }),
        );
        const total = 24;
        const rows = Array.from({ length: total }, (_, i) => `s${i}@slow.example,S${i}`);
        await importCsv(h, tenant, campaignId, `email,first_name\n${rows.join('\n')}\n`);
        const progress = await sendWithTwoWorkers(h, tenant, campaignId, {
          profileId,
          rate: 10_000,
          total,
          timeoutMs: 40_000,
          sending: { timeScale: 1, pollMs: 20, leaseSeconds: 1 },
        });
        expect(progress?.counts).toMatchObject({ sent: total, queued: 0, sending: 0, failed: 0 });
        const received = slow.received.map((m) => m.to).sort();
        expect(received).toEqual(rows.map((row) => row.split(',')[0]).sort());
      } finally {
        await slow.close();
      }
    },
  );
});
