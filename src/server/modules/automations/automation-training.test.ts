/**
 * What a plan says of training matches what the training policy does: a click made before the
 * policy was turned on is trained by hand (the policy sends nothing for it), and the plan says so.
 */
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { compressed, createAutomation, planOf, remove } from '@server/test/automation-fixtures';
import { automationsWorker } from './automations-worker';
import { describeEachDatabase } from '@server/test/harness';
import { seedHistory } from '@server/test/person-history-fixtures';
import { sinkProfile } from '@server/test/sending-fixtures';
import { startSmtpSink, type SmtpSink } from '@server/test/smtp-sink';

describeEachDatabase('automations: training in the plan', (get) => {
  let sink: SmtpSink;
  beforeAll(async () => {
    sink = await startSmtpSink();
  });
  afterAll(() => sink?.close());

  it('says a click from before the policy is trained by hand', async () => {
    const h = get();
    // Ana clicked the last simulation she was sent, in June 2026.
    let seeded;
    try {
      seeded = await seedHistory(h, 'Training plan');
    } finally {
      vi.useRealTimers();
    }
    const { tenant, people } = seeded;
    const policy = await h.admin.inject({
      method: 'PUT',
      url: '/api/admin/training/policy',
      headers: tenant.headers,
      payload: { on_click: true, on_submit: false, reminder_days: 7, praise_reporters: false },
    });
    expect(policy.statusCode, policy.body).toBe(200);
    const profile = await sinkProfile(h, tenant.headers, sink, 'it@example.com');
    const automation = await createAutomation(h, tenant, profile);
    try {
      // Its first month planned (nothing sent yet): the next one follows the rule.
      const clock = new Date('2031-01-01T00:00:10.000Z');
      await automationsWorker(compressed(h), h.app.log, { loop: false, now: () => clock }).runOnce();
      const ana = (await planOf(h, tenant, automation, '2031-02')).items.find(
        (i) => i.person.id === people.ana,
      )!;
      expect(ana).toMatchObject({ reason: 'clicked_last', needs_training: true, training: 'policy_off' });
      expect(ana.why).toContain('the click came before it was turned on');
    } finally {
      await remove(h, tenant, automation);
    }
  });
});
