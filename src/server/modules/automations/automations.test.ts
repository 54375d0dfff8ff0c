/**
 * Automations on a compressed clock: 50 people in five time zones and five departments over three
 * months get one simulation a month each, within their working hours, never the same scenario
 * twice, at the level the adaptive rule sets from what they did (clicks and reports through the
 * public endpoints), delivered to a real SMTP server; the plan shown beforehand is the one made.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { AutomationPlan, PlanItem } from '@shared/automations';
import type { ClickEvidence } from '@shared/journey';
import { SCIM_ENTERPRISE_USER } from '@shared/scim';
import { PERSON } from '@server/test/click-fixtures';
import { newTenant, type TestTenant } from '@server/test/admin-fixtures';
import { describeEachDatabase, type Harness } from '@server/test/harness';
import { scimClient } from '@server/test/scim-fixtures';
import { secondDatabase, sinkProfile, testWorker } from '@server/test/sending-fixtures';
import { startSmtpSink, type SmtpSink } from '@server/test/smtp-sink';
import type { OutboxWorker } from '../sending/outbox-worker';
import { automationsWorker } from './automations-worker';
import { automationPlan } from './automations.service';
import { localParts } from './time-placement';

const ZONES = ['Europe/Berlin', 'America/New_York', 'Asia/Tokyo', 'Australia/Sydney', 'America/Los_Angeles'];
const DEPARTMENTS = ['Finance', 'Sales', 'IT', 'HR', 'Operations'];
const LANGUAGES = ['en', 'de', 'ar', 'ja', 'fr'];
const HOUR = 3_600_000;

interface Someone {
  id: string;
  email: string;
  department: string;
  /** The zone the directory gave; the tenth person of each ten has none (the automation's is used). */
  zone: string;
}

let domain = 0;

/** People provisioned by the directory (SCIM), each with a department, a language and mostly a time zone. */
async function provision(h: Harness, tenant: TestTenant, count: number): Promise<Someone[]> {
  const scim = await scimClient(h, tenant);
  const host = `acme${++domain}.example`;
  const people: Someone[] = [];
  for (let i = 0; i < count; i++) {
    const zone = i % 10 === 9 ? null : ZONES[i % ZONES.length]!;
    const email = `p${i}@${host}`;
    const res = await scim.request('POST', '/Users', {
      userName: email,
      emails: [{ value: email, primary: true }],
      name: { givenName: `P${i}`, familyName: 'Tester' },
      preferredLanguage: LANGUAGES[i % LANGUAGES.length],
      ...(zone ? { timezone: zone } : {}),
      [SCIM_ENTERPRISE_USER]: { department: DEPARTMENTS[Math.floor(i / 10) % DEPARTMENTS.length] },
    });
    expect(res.statusCode, res.body).toBe(201);
    people.push({
      id: res.json<{ id: string }>().id,
      email,
      department: DEPARTMENTS[Math.floor(i / 10) % DEPARTMENTS.length]!,
      zone: zone ?? 'Europe/London',
    });
  }
  return people;
}

async function createAutomation(h: Harness, tenant: TestTenant, profile: string) {
  const res = await h.admin.inject({
    method: 'POST',
    url: '/api/admin/automations',
    headers: tenant.headers,
    payload: {
      name: 'Monthly',
      audience: { kind: 'all' },
      profile_id: profile,
      working_hours: { start: '09:00', end: '17:00' },
      time_zone: 'Europe/London',
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: string }>().id;
}

async function planOf(h: Harness, tenant: TestTenant, id: string, month: string) {
  const res = await h.admin.inject({
    method: 'GET',
    url: `/api/admin/automations/${id}/plan?month=${month}`,
    headers: tenant.headers,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<AutomationPlan>();
}

/** Removed (the worker's later rounds in this file leave it alone); the campaigns it sent stay. */
async function remove(h: Harness, tenant: TestTenant, id: string) {
  const url = `/api/admin/automations/${id}`;
  expect((await h.admin.inject({ method: 'DELETE', url, headers: tenant.headers })).statusCode).toBe(204);
  expect((await h.admin.inject({ method: 'GET', url, headers: tenant.headers })).statusCode).toBe(404);
}

/** The app's context on the outbox's compressed clock (SENDING_TIME_SCALE): a campaign's messages go out at once. */
function compressed(h: Pick<Harness, 'config' | 'database'>) {
  return { config: { ...h.config, sending: { ...h.config.sending, timeScale: 1e9 } }, database: h.database };
}

/** Times from `from` every `every` ms, then the last second before `end`. */
function steps(from: number, end: number, every: number): number[] {
  const times: number[] = [];
  for (let t = from; t < end - 1000; t += every) times.push(t);
  return [...times, end - 1000];
}

/** Sends whatever the outbox has queued. */
async function drainOutbox(...workers: OutboxWorker[]) {
  for (let idle = 0; idle < 2;) {
    const sent = (await Promise.all(workers.map((w) => w.runOnce()))).reduce((a, b) => a + b, 0);
    idle = sent === 0 ? idle + 1 : 0;
  }
}

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

const nextMonthStart = (month: string) => {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return Date.UTC(y, m, 1);
};

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
      let clock = new Date('2025-12-20T10:00:00.000Z');
      const planner = automationsWorker(compressed(h), h.app.log, { loop: false, now: () => clock });
      const outbox = testWorker(h);

      // Visible beforehand: January as it would be planned, everyone at the starting level.
      const scope = { tenantId: tenant.tenantId, root: h.config.scenarioLibraryRoot };
      const preview = await automationPlan(h.database.db, scope, id, '2026-01', clock);
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
      const months = ['2026-01', '2026-02', '2026-03'];
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
          expect(item.why).not.toMatch(/\{\{|undefined|null/);
          expectWithinWorkingHours(item, person.zone, month);
          expect(scenariosOf.get(person.id), person.email).not.toContain(item.scenario!.id);
          scenariosOf.get(person.id)!.push(item.scenario!.id);
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
          const mail = received(person.email);
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

      // Sent through campaigns the programme report counts: three months of 50 messages.
      const report = await h.admin.inject({
        method: 'GET',
        url: '/api/admin/programme/report?from=2026-01&to=2026-12',
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

/** A person's click on the phishing page, with their own gesture from their own address. */
async function click(h: Harness, rid: string, n: number) {
  const evidence: ClickEvidence = {
    ...PERSON,
    pointer_type: 'mouse',
    moves: 12 + (n % 60) * 7,
    keys: 0,
    gesture_after_ms: 1400 + (n % 60) * 650,
    press_x: 100 + n,
    press_y: 310 + (n % 4),
  };
  const remoteAddress = `198.18.${Math.floor(n / 200)}.${(n % 200) + 1}`;
  await h.app.inject({
    method: 'GET',
    url: `/phish?rid=${rid}`,
    headers: {
      accept: 'text/html',
      'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0 Safari/537.36',
    },
    remoteAddress,
  });
  const res = await h.app.inject({
    method: 'POST',
    url: '/api/events',
    headers: {
      'content-type': 'application/json',
      'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0 Safari/537.36',
    },
    payload: JSON.stringify({
      rid,
      type: 'clicked',
      details: { reason: 'user_gesture', gesture: 'pointer', elapsed_ms: 2000, evidence },
    }),
    remoteAddress,
  });
  expect(res.statusCode, res.body).toBeLessThan(300);
}
