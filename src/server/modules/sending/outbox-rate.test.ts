/**
 * The rate is a sliding window: never more than `rate` messages of a campaign reach the relay in
 * any (scaled) minute, even when the workers are behind the plan (they started late) or the
 * sending was paused and resumed, with two workers sharing the outbox. Checked on the times a
 * real SMTP server received the messages and on the acceptance times the outbox recorded.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { campaignFile, importCampaign, importCsv, newTenant } from '@server/test/admin-fixtures';
import { describeEachDatabase } from '@server/test/harness';
import { secondDatabase, sinkProfile } from '@server/test/sending-fixtures';
import { startSmtpSink, type SmtpSink } from '@server/test/smtp-sink';
import { requireCampaign } from '../campaigns/campaigns.service';
import { outboxWorker, type OutboxWorker } from './outbox-worker';
import { pauseSending, resumeSending, sendingProgress, startSending } from './sending.service';

const COUNT = 70;
const RATE = 20;
/** A minute passes in a second. */
const SCALE = 60;
const WINDOW_MS = 60_000 / SCALE;

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The most times (ms) that fall in any half-open window of `span` ms. */
function busiest(times: number[], span: number): number {
  const sorted = [...times].sort((a, b) => a - b);
  let most = 0;
  for (let i = 0, j = 0; i < sorted.length; i++) {
    while (sorted[i]! - sorted[j]! >= span) j++;
    most = Math.max(most, i - j + 1);
  }
  return most;
}

describeEachDatabase('the sending rate', (get) => {
  let sink: SmtpSink;
  beforeAll(async () => {
    sink = await startSmtpSink();
  });
  afterAll(() => sink?.close());

  it(
    'never sends more than the rate in any minute after a late start and a pause and resume',
    { timeout: 60_000 },
    async () => {
      const h = get();
      const tenant = await newTenant(h);
      const profileId = await sinkProfile(h, tenant.headers, sink, 'b@w.example');
      const campaignId = await importCampaign(
        h,
        tenant,
        campaignFile({ email: { from: 'IT <it@w.example>', subject: 'Hi', body: 'Go: {{link}}' } }),
      );
      const rows = Array.from({ length: COUNT }, (_, i) => `r${i}@window.example`);
      await importCsv(h, tenant, campaignId, `email\n${rows.join('\n')}\n`);
      const config = {
        ...h.config,
        sending: { ...h.config.sending, timeScale: SCALE, pollMs: 20, leaseSeconds: 30 },
      };
      const campaign = await requireCampaign(h.database.db, tenant.tenantId, campaignId);
      const started = Date.now();
      await startSending(h.database.db, config, campaign, {
        profile_id: profileId,
        rate_per_minute: RATE,
        spread_minutes: 0,
      });
      const progress = () => sendingProgress(h.database.db, campaign);

      // The workers start two minutes late: 40 messages are overdue when they do.
      await wait(2 * WINDOW_MS);
      const other = await secondDatabase(h);
      const workers: OutboxWorker[] = [
        outboxWorker({ config, database: h.database }, h.app.log),
        outboxWorker({ config, database: other ?? h.database }, h.app.log),
      ];
      // Paused once half is sent, and resumed at once: the plan starts again from now.
      while ((await progress()).counts.sent < COUNT / 2) await wait(10);
      await pauseSending(h.database.db, campaign);
      await wait(WINDOW_MS / 4);
      const sentWhilePaused = (await progress()).counts.sent;
      await wait(WINDOW_MS / 2);
      // Pause holds (a message claimed before the pause may still have completed).
      expect((await progress()).counts.sent).toBe(sentWhilePaused);
      await resumeSending(h.database.db, config, campaign);

      const deadline = Date.now() + 40_000;
      while ((await progress()).counts.sent < COUNT && Date.now() < deadline) await wait(20);
      await Promise.all(workers.map((w) => w.stop()));
      await other?.close();
      expect((await progress()).counts).toMatchObject({ sent: COUNT, queued: 0, sending: 0, failed: 0 });

      const arrived = sink.received.filter((m) => m.to.endsWith('@window.example'));
      expect(arrived).toHaveLength(COUNT);
      expect(
        busiest(
          arrived.map((m) => m.at),
          WINDOW_MS,
        ),
      ).toBeLessThanOrEqual(RATE);
      const recorded = await h.database.db
        .selectFrom('outbox')
        .select('sent_at')
        .where('campaign_id', '=', campaignId)
        .execute();
      expect(
        busiest(
          recorded.map((r) => Date.parse(r.sent_at!)),
          WINDOW_MS,
        ),
      ).toBeLessThanOrEqual(RATE);
      // The overdue messages went out at the rate, not in one burst: 70 at 20 a minute need
      // more than three minutes from the workers' start.
      const first = Math.min(...arrived.map((m) => m.at));
      const last = Math.max(...arrived.map((m) => m.at));
      expect(last - first).toBeGreaterThan(3 * WINDOW_MS);
      expect(first - started).toBeGreaterThanOrEqual(2 * WINDOW_MS);
    },
  );
});
