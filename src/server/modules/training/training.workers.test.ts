/**
 * Two training workers at once (two pools on PostgreSQL, as two processes would have): each
 * person who clicked gets one invitation and, unfinished after the policy's days, one reminder.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '@server/test/harness';
import { secondDatabase } from '@server/test/sending-fixtures';
import { startSmtpSink, type SmtpSink } from '@server/test/smtp-sink';
import { personClicks, sentSimulation } from '@server/test/training-fixtures';
import { trainingWorker } from './training-worker';

const PEOPLE = 12;
const DAY = 86_400_000;

describeEachDatabase('training with two workers', (get) => {
  let sink: SmtpSink;
  beforeAll(async () => {
    sink = await startSmtpSink();
  });
  afterAll(() => sink?.close());

  it('sends each invitation and each reminder once', { timeout: 60_000 }, async () => {
    const h = get();
    const emails = Array.from({ length: PEOPLE }, (_, i) => `p${i}@two.example`);
    const sim = await sentSimulation(
      h,
      sink,
      `email,first_name\n${emails.map((e, i) => `${e},P${i}`).join('\n')}\n`,
    );
    await h.admin.inject({
      method: 'PUT',
      url: '/api/admin/training/policy',
      headers: sim.tenant.headers,
      payload: { on_click: true, on_submit: false, reminder_days: 7, praise_reporters: false },
    });
    for (const email of emails) await personClicks(h, sim.rids.get(email)!);

    const other = await secondDatabase(h);
    const clock = { now: new Date(Date.now() + 5 * 60_000) };
    const options = { loop: false, clock: () => clock.now };
    const workers = [
      trainingWorker({ config: h.config, database: h.database }, h.app.log, options),
      trainingWorker({ config: h.config, database: other ?? h.database }, h.app.log, options),
    ];
    const both = async (passes: number) => {
      for (let i = 0; i < passes; i++) await Promise.all(workers.map((w) => w.runOnce()));
    };
    await both(3);
    clock.now = new Date(clock.now.getTime() + 8 * DAY);
    await both(3);
    await other?.close();

    for (const email of emails) {
      const subjects = sink.received.filter((m) => m.to === email).map((m) => m.subject);
      expect(subjects, email).toEqual([
        'Your parcel',
        'Your short security training',
        'Reminder: your short security training',
      ]);
    }
    const assignments = await h.database.db
      .selectFrom('training_assignments')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('tenant_id', '=', sim.tenant.tenantId)
      .executeTakeFirstOrThrow();
    expect(Number(assignments.n)).toBe(PEOPLE);
  });
});
