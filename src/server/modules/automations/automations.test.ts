/**
 * Automations on a compressed clock: 50 people in five time zones and five departments over three
 * months get one simulation a month each, within their working hours, never the same scenario
 * twice, at the level the adaptive rule sets from what they did (clicks and reports through the
 * public endpoints), delivered to a real SMTP server; the plan shown beforehand is the one made.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { PlanItem } from '@shared/automations';
import type { PersonHistory } from '@shared/person-history';
import type { TrainingList } from '@shared/training';
import { newTenant, type TestTenant } from '@server/test/admin-fixtures';
import {
  click,
  completeTraining,
  compressed,
  createAutomation,
  DEPARTMENTS,
  drainOutbox,
  futureMonths,
  HOUR,
  LANGUAGES,
  nextMonthStart,
  planOf,
  provision,
  remove,
  steps,
  TRAINING_SUBJECTS,
  trainingSubject,
  type Someone,
} from '@server/test/automation-fixtures';
import { describeEachDatabase, type Harness } from '@server/test/harness';
import { secondDatabase, sinkProfile, testWorker } from '@server/test/sending-fixtures';
import { startSmtpSink, type SmtpSink } from '@server/test/smtp-sink';
import { trainingWorkerAt } from '@server/test/training-fixtures';
import { automationsWorker } from './automations-worker';
import { automationPlan } from './automations.service';
import { localParts } from './time-placement';

/** Within working hours on a weekday of the month, in the person's own zone. */
function expectWithinWorkingHours(item: PlanItem, zone: string, month: string) {
  expect(item.time_zone).toBe(zone);
  const at = Date.parse(item.planned_at!);
  const local = localParts(at, zone);
  expect(`${local.year}-${String(local.month).padStart(2, '0')}`).toBe(month);
  expect(local.minutes).toBeGreaterThanOrEqual(9 * 60);
  expect(local.minutes).toBeLessThan(17 * 60);
  expect([1, 2, 3, 4, 5]).toContain(new Date(Date.UTC(local.year, local.month - 1, local.day)).getUTCDay());
}

const DAY = 24 * HOUR;

describeEachDatabase(
  'automations',
  (get) => {
    let sink: SmtpSink;
    beforeAll(async () => {
      sink = await startSmtpSink();
    });
    afterAll(() => sink?.close());

    const received = (email: string) => sink.received.filter((m) => m.to === email);

    it('sends 50 people one simulation a month for three months, adapting each one’s level', async () => {
      const h = get();
      const tenant = await newTenant(h);
      const people = await provision(h, tenant, 50);
      const profile = await sinkProfile(h, tenant.headers, sink, 'bounces@acme.example');
      const id = await createAutomation(h, tenant, profile);
      // Training for those who click, its reminder after a week, and thanks to those who report.
      await setPolicy(h, tenant, true);
      const months = futureMonths(3);
      const firstReport = new Date().toISOString().slice(0, 7);
      let clock = new Date(Date.parse(`${months[0]}-01T10:00:00.000Z`) - 12 * DAY);
      const planner = automationsWorker(compressed(h), h.app.log, { loop: false, now: () => clock });
      const outbox = testWorker(h);
      // The training worker on the same clock: it assigns, invites, reminds and thanks as days pass.
      const time = {
        get now() {
          return clock;
        },
      };
      const trainer = trainingWorkerAt(h, time);
      const simulations = (email: string) => received(email).filter((m) => !TRAINING_SUBJECTS.has(m.subject));
      // Person 0 finishes the training of their first click as soon as it arrives.
      let completed: string | undefined;

      // Visible beforehand: January as it would be planned, everyone at the starting level.
      const scope = { tenantId: tenant.tenantId, root: h.config.scenarioLibraryRoot };
      const preview = await automationPlan(h.database.db, scope, id, months[0], clock);
      expect(preview.provisional).toBe(true);
      expect(preview.items).toHaveLength(50);
      expect(preview.items.every((i) => i.level === 2 && i.reason === 'starting_level')).toBe(true);

      /** What each person does with their message: i % 10 → per month. */
      const behaviour = (i: number, month: number): 'click' | 'report' | 'nothing' => {
        const kind = i % 10;
        if (kind <= 1) return 'click';
        if (kind <= 4) return 'report';
        if (kind === 5) return month === 0 ? 'report' : 'click';
        return 'nothing';
      };
      /** The level the rule gives in month 0, 1, 2, and why. */
      const expected = (i: number, month: number) => {
        const kind = i % 10;
        if (month === 0) return { level: 2, reason: 'starting_level', training: false };
        if (kind <= 1) return { level: 1, reason: 'clicked_last', training: true };
        if (kind <= 4)
          return month === 1
            ? { level: 2, reason: 'same', training: false }
            : { level: 3, reason: 'reported_last_two', training: false };
        if (kind === 5)
          return month === 1
            ? { level: 2, reason: 'same', training: false }
            : { level: 1, reason: 'clicked_last', training: true };
        return { level: 2, reason: 'same', training: false };
      };

      const scenariosOf = new Map<string, string[]>(people.map((p) => [p.id, []]));
      for (const [index, month] of months.entries()) {
        clock = new Date(`${month}-01T00:00:30.000Z`);
        await planner.runOnce();
        const plan = await planOf(h, tenant, id, month);
        expect(plan.provisional).toBe(false);
        expect(plan.items).toHaveLength(50);
        expect(new Set(plan.items.map((i) => i.person.id)).size).toBe(50);
        if (index === 0) {
          // The plan made is the one shown beforehand: same scenario, same minute, same level.
          const shown = new Map(preview.items.map((i) => [i.person.id, i]));
          for (const item of plan.items) {
            expect(item.scenario?.id).toBe(shown.get(item.person.id)?.scenario?.id);
            expect(item.planned_at).toBe(shown.get(item.person.id)?.planned_at);
          }
        }
        for (const [i, person] of people.entries()) {
          const item = plan.items.find((x) => x.person.id === person.id)!;
          const want = expected(i, index);
          expect(
            { level: item.level, reason: item.reason, training: item.needs_training },
            person.email,
          ).toEqual(want);
          expect(item.scenario?.difficulty, person.email).toBe(want.level);
          // The training the rule asks for is sent by the tenant's policy, and the plan says so.
          expect(item.training, person.email).toBe(want.training ? 'by_policy' : null);
          expect(item.why).not.toMatch(/\{\{|undefined|null/);
          expectWithinWorkingHours(item, person.zone, month);
          expect(scenariosOf.get(person.id), person.email).not.toContain(item.scenario!.id);
          scenariosOf.get(person.id)!.push(item.scenario!.id);
        }
        if (index === 1) {
          // With training for clicks off, the same plan says nobody sends it: assign it by hand.
          await setPolicy(h, tenant, false);
          const off = (await planOf(h, tenant, id, month)).items.filter((i) => i.needs_training);
          expect(off.length).toBeGreaterThan(0);
          for (const item of off) {
            expect(item.training).toBe('policy_off');
            expect(item.why).toContain(
              'the training policy does not send it (the policy is off, or the click came before it was turned on), so assign it by hand',
            );
          }
          await setPolicy(h, tenant, true);
        }
        if (index === 0) {
          // Colleagues: the three level-2 scenarios all used in each department, on ten different days.
          for (const department of DEPARTMENTS) {
            const items = plan.items.filter((x) => x.person.department === department);
            expect(new Set(items.map((x) => x.scenario!.id)).size).toBe(3);
            expect(new Set(items.map((x) => x.local_time!.slice(0, 10))).size).toBe(10);
          }
        }

        // The month goes by: each message is handed to the outbox once its time has come, not before.
        const end = nextMonthStart(month);
        for (const t of steps(clock.getTime(), end, 6 * HOUR)) {
          clock = new Date(t);
          await planner.runOnce();
          await drainOutbox(outbox);
          await trainer.runOnce();
          if (index === 1 && !completed)
            completed = await completeTraining(h, received(people[0]!.email), LANGUAGES[0]!);
          const now = await planOf(h, tenant, id, month);
          for (const item of now.items) {
            if (item.state === 'queued') expect(Date.parse(item.planned_at!)).toBeLessThanOrEqual(t);
            else expect(Date.parse(item.planned_at!)).toBeGreaterThan(t);
          }
        }
        const done = await planOf(h, tenant, id, month);
        expect(done.items.every((i) => i.state === 'queued' && i.campaign_id)).toBe(true);

        // Delivered: exactly one more message for each person, words and no placeholders left.
        for (const person of people) {
          const mail = simulations(person.email);
          expect(mail, person.email).toHaveLength(index + 1);
          expect(mail.at(-1)!.subject.length).toBeGreaterThan(0);
          expect(mail.at(-1)!.text).not.toContain('{{');
        }

        // Between months, people act through the public endpoints: the report button, a click.
        for (const [i, person] of people.entries()) {
          const what = behaviour(i, index);
          if (what === 'nothing') continue;
          const item = done.items.find((x) => x.person.id === person.id)!;
          const links = await h.admin.inject({
            method: 'GET',
            url: `/api/admin/campaigns/${item.campaign_id}/links`,
            headers: tenant.headers,
          });
          const rid = links
            .json<{ links: { email: string; rid: string }[] }>()
            .links.find((l) => l.email === person.email)!.rid;
          if (what === 'report') {
            const res = await h.app.inject({ method: 'POST', url: '/api/report', payload: { rid } });
            expect(res.statusCode).toBe(204);
          } else {
            await click(h, rid, i * 3 + index);
          }
        }
      }

      // The month after: the last month's clickers are trained and reminded too.
      clock = new Date(nextMonthStart(months[2]!));
      for (const t of steps(clock.getTime(), nextMonthStart(months[2]!) + 14 * DAY, 6 * HOUR)) {
        clock = new Date(t);
        await trainer.runOnce();
      }
      expect(completed).toBeDefined();
      await expectTrained(h, tenant, people, behaviour, received);

      // Sent through campaigns the programme report counts: three months of 50 messages.
      const report = await h.admin.inject({
        method: 'GET',
        url: `/api/admin/programme/report?from=${firstReport}&to=${new Date().toISOString().slice(0, 7)}`,
        headers: tenant.headers,
      });
      expect(report.json<{ totals: { sent: number } }>().totals.sent).toBe(150);
      await remove(h, tenant, id);
    }, 300_000);

    it('two planners and two outboxes at once plan and send each message exactly once', async () => {
      const h = get();
      const tenant = await newTenant(h);
      const people = await provision(h, tenant, 20);
      const profile = await sinkProfile(h, tenant.headers, sink, 'bounces@acme.example');
      const id = await createAutomation(h, tenant, profile);
      let clock = new Date('2026-04-01T00:00:10.000Z');
      const second = await secondDatabase(h);
      const other = { config: h.config, database: second ?? h.database };
      const planners = [
        automationsWorker(compressed(h), h.app.log, { loop: false, now: () => clock }),
        automationsWorker(compressed(other), h.app.log, { loop: false, now: () => clock }),
      ];
      const outboxes = [testWorker(h), testWorker({ ...h, database: other.database })];
      try {
        const end = nextMonthStart('2026-04');
        for (const t of steps(clock.getTime(), end, 8 * HOUR)) {
          clock = new Date(t);
          await Promise.all(planners.map((p) => p.runOnce()));
          await drainOutbox(...outboxes);
        }
        const plan = await planOf(h, tenant, id, '2026-04');
        expect(plan.items).toHaveLength(20);
        expect(new Set(plan.items.map((i) => i.person.id)).size).toBe(20);
        expect(plan.items.every((i) => i.state === 'queued')).toBe(true);
        for (const person of people) expect(received(person.email), person.email).toHaveLength(1);
        // One recipient per person across the automation's campaigns: nobody was added twice.
        const campaigns = [...new Set(plan.items.map((i) => i.campaign_id!))];
        let recipients = 0;
        for (const campaign of campaigns) {
          const res = await h.admin.inject({
            method: 'GET',
            url: `/api/admin/campaigns/${campaign}/links`,
            headers: tenant.headers,
          });
          recipients += res.json<{ links: unknown[] }>().links.length;
        }
        expect(recipients).toBe(20);
        expect(campaigns.length).toBe(new Set(plan.items.map((i) => i.scenario!.id)).size);
      } finally {
        await remove(h, tenant, id);
        await second?.close();
      }
    }, 120_000);

    it('sends a person two automations share one simulation a month, with two planners at once', async () => {
      const h = get();
      const tenant = await newTenant(h);
      const people = await provision(h, tenant, 20);
      const profile = await sinkProfile(h, tenant.headers, sink, 'bounces@acme.example');
      const everyone = await createAutomation(h, tenant, profile);
      const made = await h.admin.inject({
        method: 'POST',
        url: '/api/admin/automations',
        headers: tenant.headers,
        payload: {
          name: 'Finance',
          audience: { kind: 'department', department: 'Finance' },
          profile_id: profile,
        },
      });
      expect(made.statusCode, made.body).toBe(201);
      const finance = made.json<{ id: string }>().id;
      let clock = new Date('2026-06-01T00:00:10.000Z');
      const second = await secondDatabase(h);
      const other = { config: h.config, database: second ?? h.database };
      const planners = [
        automationsWorker(compressed(h), h.app.log, { loop: false, now: () => clock }),
        automationsWorker(compressed(other), h.app.log, { loop: false, now: () => clock }),
      ];
      try {
        for (const t of steps(clock.getTime(), nextMonthStart('2026-06'), 8 * HOUR)) {
          clock = new Date(t);
          await Promise.all(planners.map((p) => p.runOnce()));
          await drainOutbox(testWorker(h));
        }
        const plans = [
          await planOf(h, tenant, everyone, '2026-06'),
          await planOf(h, tenant, finance, '2026-06'),
        ];
        const planned = plans.flatMap((p) => p.items.map((i) => i.person.email));
        expect(planned.sort()).toEqual(people.map((p) => p.email).sort());
        for (const person of people) expect(received(person.email), person.email).toHaveLength(1);
      } finally {
        await remove(h, tenant, everyone);
        await remove(h, tenant, finance);
        await second?.close();
      }
    }, 120_000);

    it('plans and sends nothing while paused, and carries on when resumed', async () => {
      const h = get();
      const tenant = await newTenant(h);
      const people = await provision(h, tenant, 5);
      const profile = await sinkProfile(h, tenant.headers, sink, 'bounces@acme.example');
      const id = await createAutomation(h, tenant, profile);
      // The directory's time zone is the person's, in the people API.
      const history = await h.admin.inject({
        method: 'GET',
        url: `/api/admin/people/${people[0]!.id}/history`,
        headers: tenant.headers,
      });
      expect(history.json<{ person: { time_zone: string } }>().person.time_zone).toBe('Europe/Berlin');
      let clock = new Date('2026-05-01T00:00:10.000Z');
      const planner = automationsWorker(compressed(h), h.app.log, { loop: false, now: () => clock });
      const act = (action: string) =>
        h.admin.inject({
          method: 'POST',
          url: `/api/admin/automations/${id}/${action}`,
          headers: tenant.headers,
        });
      expect((await act('pause')).json()).toMatchObject({ state: 'paused' });
      expect((await act('pause')).statusCode).toBe(409);
      await planner.runOnce();
      expect((await planOf(h, tenant, id, '2026-05')).provisional).toBe(true);

      expect((await act('resume')).json()).toMatchObject({ state: 'active' });
      await planner.runOnce();
      expect((await planOf(h, tenant, id, '2026-05')).items.map((i) => i.state)).toEqual(
        Array(5).fill('planned'),
      );
      await act('pause');
      clock = new Date('2026-05-31T23:00:00.000Z');
      await planner.runOnce();
      await drainOutbox(testWorker(h));
      expect((await planOf(h, tenant, id, '2026-05')).items.map((i) => i.state)).toEqual(
        Array(5).fill('planned'),
      );
      for (const person of people) expect(received(person.email)).toHaveLength(0);
      await act('resume');
      await planner.runOnce();
      await drainOutbox(testWorker(h));
      expect((await planOf(h, tenant, id, '2026-05')).items.map((i) => i.state)).toEqual(
        Array(5).fill('queued'),
      );
      for (const person of people) expect(received(person.email)).toHaveLength(1);

      const audit = await h.admin.inject({ method: 'GET', url: '/api/admin/audit', headers: tenant.headers });
      const actions = audit.json<{
        entries: { action: string; actor: string; target_name: string | null }[];
      }>().entries;
      // The log names the automation, and the planner's own work is Hookwise's (system).
      expect(actions.find((e) => e.action === 'automation.pause')?.target_name).toBe('Monthly');
      for (const action of ['automation.create', 'automation.pause', 'automation.resume'])
        expect(actions.map((e) => e.action)).toContain(action);
      expect(actions.find((e) => e.action === 'automation.send')?.actor).toBe('system');
      await remove(h, tenant, id);
    });
  },
  // A click is a person's from the first millisecond: the months are compressed into seconds.
  { CLICK_AFTER_SEND_SECONDS: '0' },
);

type Behaviour = (i: number, month: number) => 'click' | 'report' | 'nothing';

/**
 * Training beside the automation, per person: one invitation in their language for each
 * simulation they clicked and, for each not finished, one reminder a week after it; reporters get
 * no training and a note of thanks per report; person 0's finished training is in their history.
 */
async function expectTrained(
  h: Harness,
  tenant: TestTenant,
  people: Someone[],
  behaviour: Behaviour,
  received: (email: string) => { subject: string; text: string }[],
) {
  const list = await h.admin.inject({
    method: 'GET',
    url: '/api/admin/training/assignments?limit=500',
    headers: tenant.headers,
  });
  const assignments = list.json<TrainingList>().items;
  for (const [i, person] of people.entries()) {
    const language = LANGUAGES[i % LANGUAGES.length]!;
    const did = [0, 1, 2].map((month) => behaviour(i, month));
    const clicks = did.filter((d) => d === 'click').length;
    const finished = i === 0 ? 1 : 0;
    const mails = (kind: 'invitation' | 'reminder' | 'praise') =>
      received(person.email).filter((m) => m.subject === trainingSubject(kind, language));
    expect(mails('invitation'), person.email).toHaveLength(clicks);
    for (const m of mails('invitation')) expect(m.text).toContain(`P${i}`);
    expect(mails('reminder'), person.email).toHaveLength(clicks - finished);
    expect(mails('praise'), person.email).toHaveLength(did.filter((d) => d === 'report').length);

    const theirs = assignments.filter((a) => a.person.id === person.id);
    expect(theirs, person.email).toHaveLength(clicks);
    expect(theirs.filter((a) => a.status === 'completed')).toHaveLength(finished);
    for (const a of theirs) {
      expect(a.reason).toBe('clicked');
      if (a.status === 'completed') continue;
      expect(a.status, person.email).toBe('reminded');
      const days = (Date.parse(a.reminded_at!) - Date.parse(a.invited_at!)) / DAY;
      expect(days).toBeGreaterThanOrEqual(7);
      expect(days).toBeLessThan(7.5);
    }
  }
  // The finished training shows in the person's history, on the simulation they clicked.
  const history = await h.admin.inject({
    method: 'GET',
    url: `/api/admin/people/${people[0]!.id}/history`,
    headers: tenant.headers,
  });
  const trained = history.json<PersonHistory>().simulations.filter((s) => s.training_completed);
  expect(trained).toHaveLength(1);
  expect(trained[0]).toMatchObject({ clicked: true });
}

/** The training policy: training for clicks on or off, a reminder after a week, thanks for reports. */
async function setPolicy(h: Harness, tenant: TestTenant, onClick: boolean) {
  const res = await h.admin.inject({
    method: 'PUT',
    url: '/api/admin/training/policy',
    headers: tenant.headers,
    payload: { on_click: onClick, on_submit: false, reminder_days: 7, praise_reporters: true },
  });
  expect(res.statusCode, res.body).toBe(200);
}
