/**
 * Training for those who need it, end to end on both databases: a person's click in a sent
 * simulation brings a training invitation to the SMTP server, in their language; its link opens
 * the journey at awareness (no phishing page) and finishing the questionnaire shows in the
 * person's history and risk. A scanner never earns training; the one reminder comes after N days;
 * reporters are thanked when the policy says so.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { CampaignData } from '@shared/campaign';
import type { PersonHistory } from '@shared/person-history';
import type { TrainingList, TrainingPolicy } from '@shared/training';
import { describeEachDatabase, type Harness } from '@server/test/harness';
import { startSmtpSink, type SmtpSink } from '@server/test/smtp-sink';
import {
  personClicks,
  reports,
  scannerVisits,
  sentSimulation,
  trainingLinkOf,
  trainingWorkerAt,
} from '@server/test/training-fixtures';
import { newTenant, type TestTenant } from '@server/test/admin-fixtures';

const DAY = 86_400_000;

describeEachDatabase('training', (get) => {
  let sink: SmtpSink;
  beforeAll(async () => {
    sink = await startSmtpSink();
  });
  afterAll(() => sink?.close());

  const inbox = (to: string) => sink.received.filter((m) => m.to === to);
  const api = (
    h: Harness,
    tenant: TestTenant,
    method: 'GET' | 'PUT' | 'POST',
    url: string,
    payload?: object,
  ) => h.admin.inject({ method, url, headers: tenant.headers, ...(payload ? { payload } : {}) });
  const event = (h: Harness, rid: string, type: string, details?: object) =>
    h.app.inject({
      method: 'POST',
      url: '/api/events',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ rid, type, ...(details ? { details } : {}) }),
    });

  it('trains a person who clicked, in their language, from awareness to completion; history and risk show it', async () => {
    const h = get();
    const csv =
      'email,first_name,language\nklaus@t1.example,Klaus,de\nscan@t1.example,Sam,en\nrita@t1.example,Rita,en\n';
    const sim = await sentSimulation(h, sink, csv);
    const policy = await api(h, sim.tenant, 'PUT', '/api/admin/training/policy', {
      on_click: true,
      on_submit: false,
      reminder_days: 7,
      praise_reporters: true,
    });
    expect(policy.statusCode).toBe(200);
    expect(policy.json<TrainingPolicy>()).toMatchObject({ on_click: true, reminder_days: 7 });

    await personClicks(h, sim.rids.get('klaus@t1.example')!);
    await scannerVisits(h, sim.rids.get('scan@t1.example')!);
    await reports(h, sim.rids.get('rita@t1.example')!);

    const clock = { now: new Date(Date.now() + 5 * 60_000) };
    const worker = trainingWorkerAt(h, clock);
    await worker.runOnce();

    // The person who clicked: one invitation, in German, with their name and a link to awareness.
    const [invitation, ...more] = inbox('klaus@t1.example').filter((m) => m.subject !== 'Your parcel');
    expect(more).toHaveLength(0);
    expect(invitation!.subject).toBe('Ihr kurzes Sicherheitstraining');
    expect(invitation!.text).toContain('Hallo Klaus,');
    expect(invitation!.text).not.toMatch(/\{\{|\}\}/);
    const link = trainingLinkOf(invitation!.text);
    expect(link.path).toBe('/phish/awareness');
    // The scanner's visit earned nothing; the reporter got a note of thanks, and no training.
    expect(inbox('scan@t1.example').map((m) => m.subject)).toEqual(['Your parcel']);
    expect(inbox('rita@t1.example').map((m) => m.subject)).toEqual([
      'Your parcel',
      'Thank you for reporting',
    ]);

    // The link's journey: the training's pages, in German, with no phishing page before them.
    const data = (
      await h.app.inject({ method: 'GET', url: `/api/campaign/${link.rid}` })
    ).json<CampaignData>();
    expect(data).toMatchObject({
      language_code: 'de',
      navigation: ['awareness', 'sei', 'entry_text', 'questionnaire'],
    });
    expect(data.awareness.title).toBe('Das war eine Simulation');

    const listed = async () =>
      (await api(h, sim.tenant, 'GET', '/api/admin/training/assignments')).json<TrainingList>().items;
    expect(await listed()).toEqual([
      expect.objectContaining({ reason: 'clicked', status: 'assigned', campaign_name: 'Parcel notice' }),
    ]);
    const history = async () =>
      (await api(h, sim.tenant, 'GET', '/api/admin/people/klaus@t1.example/history')).json<PersonHistory>();
    const [assigned] = await listed();
    // The person's history says when, and names the campaign an operator would assign it from.
    expect((await history()).simulations[0]).toMatchObject({
      campaign_id: sim.campaignId,
      clicked: true,
      training_completed: false,
      training_assigned_at: assigned!.assigned_at,
    });

    expect((await event(h, link.rid, 'awareness_viewed')).statusCode).toBe(200);
    expect((await event(h, link.rid, 'sei_viewed')).statusCode).toBe(200);
    const quiz = await event(h, link.rid, 'questionnaire_completed', { answers: { q1: ['a'] } });
    expect(quiz.json()).toMatchObject({ recorded: true, result: { score: 100 } });
    expect((await event(h, link.rid, 'completed')).statusCode).toBe(200);

    expect(await listed()).toEqual([expect.objectContaining({ status: 'completed', score: 100 })]);
    expect((await listed())[0]!.completed_at).not.toBeNull();
    const after = await history();
    expect(after.simulations).toHaveLength(1);
    expect(after.simulations[0]).toMatchObject({ clicked: true, training_completed: true });
    expect(after.risk.factors.map((f) => f.factor)).toContain('training_completed');

    // Finished: no reminder however long it waits.
    clock.now = new Date(clock.now.getTime() + 30 * DAY);
    await worker.runOnce();
    expect(inbox('klaus@t1.example').filter((m) => m.subject !== 'Your parcel')).toHaveLength(1);
    // Only simulations are listed as campaigns; the training is the training module's.
    const { campaigns } = (await api(h, sim.tenant, 'GET', '/api/admin/campaigns')).json<{
      campaigns: { id: string }[];
    }>();
    expect(campaigns.map((c) => c.id)).toEqual([sim.campaignId]);
  });

  it('waits out the fan-out window, then reminds a person who did not finish exactly once, after the policy’s days', async () => {
    const h = get();
    const sim = await sentSimulation(h, sink, 'email,first_name\nlena@t2.example,Lena\n');
    await api(h, sim.tenant, 'PUT', '/api/admin/training/policy', {
      on_click: true,
      on_submit: false,
      reminder_days: 3,
      praise_reporters: false,
    });
    await personClicks(h, sim.rids.get('lena@t2.example')!);
    // Inside the fan-out window the click may still turn out a scanner's: nothing yet.
    await trainingWorkerAt(h, { now: new Date() }).runOnce();
    expect(inbox('lena@t2.example').map((m) => m.subject)).toEqual(['Your parcel']);
    const start = Date.now() + 5 * 60_000;
    const clock = { now: new Date(start) };
    const worker = trainingWorkerAt(h, clock);
    await worker.runOnce();
    const training = () => inbox('lena@t2.example').filter((m) => m.subject !== 'Your parcel');
    expect(training().map((m) => m.subject)).toEqual(['Your short security training']);

    clock.now = new Date(start + 2 * DAY);
    await worker.runOnce();
    expect(training()).toHaveLength(1);
    clock.now = new Date(start + 3 * DAY + 60_000);
    await worker.runOnce();
    await worker.runOnce();
    expect(training().map((m) => m.subject)).toEqual([
      'Your short security training',
      'Reminder: your short security training',
    ]);
    const reminder = training()[1]!;
    expect(trainingLinkOf(reminder.text).rid).toBe(trainingLinkOf(training()[0]!.text).rid);
    clock.now = new Date(start + 30 * DAY);
    await worker.runOnce();
    expect(training()).toHaveLength(2);
    const list = (
      await api(h, sim.tenant, 'GET', '/api/admin/training/assignments?status=reminded')
    ).json<TrainingList>();
    expect(list).toMatchObject({
      total: 1,
      items: [{ status: 'reminded', person: { email: 'lena@t2.example' } }],
    });
  });

  it('assigns by hand, once, and keeps every tenant to its own people and campaigns', async () => {
    const h = get();
    const sim = await sentSimulation(h, sink, 'email,first_name\nomar@t3.example,Omar\n');
    const assign = (tenant: TestTenant, payload: object) =>
      api(h, tenant, 'POST', '/api/admin/training/assignments', payload);
    const historyOfOmar = async () =>
      (await api(h, sim.tenant, 'GET', '/api/admin/people/omar@t3.example/history')).json<PersonHistory>();
    expect((await historyOfOmar()).simulations[0]).toMatchObject({
      campaign_id: sim.campaignId,
      training_assigned_at: null,
    });
    const first = await assign(sim.tenant, { person: 'omar@t3.example', campaign_id: sim.campaignId });
    expect(first.statusCode).toBe(201);
    expect((await historyOfOmar()).simulations[0]!.training_assigned_at).toBe(
      first.json<{ assignment: { assigned_at: string } }>().assignment.assigned_at,
    );
    expect(first.json()).toMatchObject({
      created: true,
      assignment: { reason: 'manual', status: 'assigned' },
    });
    const again = await assign(sim.tenant, { person: 'OMAR@t3.example', campaign_id: sim.campaignId });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ created: false });
    await trainingWorkerAt(h, { now: new Date(Date.now() + 5 * 60_000) }).runOnce();
    expect(inbox('omar@t3.example').map((m) => m.subject)).toEqual([
      'Your parcel',
      'Your short security training',
    ]);

    const other = await newTenant(h, 'Other');
    expect((await assign(other, { person: 'omar@t3.example', campaign_id: sim.campaignId })).statusCode).toBe(
      404,
    );
    const list = (await api(h, other, 'GET', '/api/admin/training/assignments')).json<TrainingList>();
    expect(list.total).toBe(0);
    const bad = await api(h, sim.tenant, 'PUT', '/api/admin/training/policy', {
      on_click: true,
      on_submit: false,
      reminder_days: 0,
      praise_reporters: false,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: { code: 'validation_failed' } });
    const audit = await h.database.db
      .selectFrom('audit_log')
      .select(['action', 'actor'])
      .where('tenant_id', '=', sim.tenant.tenantId)
      .where('action', 'like', 'training.%')
      .execute();
    expect(audit).toEqual([expect.objectContaining({ action: 'training.assign' })]);
  });

  it('with submissions only, trains who submitted and not who only clicked; no thanks when turned off', async () => {
    const h = get();
    const csv = 'email,first_name\nsue@t4.example,Sue\ncal@t4.example,Cal\nrex@t4.example,Rex\n';
    const sim = await sentSimulation(h, sink, csv);
    await api(h, sim.tenant, 'PUT', '/api/admin/training/policy', {
      on_click: false,
      on_submit: true,
      reminder_days: 7,
      praise_reporters: false,
    });
    const sue = sim.rids.get('sue@t4.example')!;
    await personClicks(h, sue);
    const submitted = await h.app.inject({
      method: 'POST',
      url: '/api/events',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ rid: sue, type: 'submitted', details: { fields: ['username', 'password'] } }),
    });
    expect(submitted.statusCode).toBe(200);
    await personClicks(h, sim.rids.get('cal@t4.example')!);
    await reports(h, sim.rids.get('rex@t4.example')!);
    await trainingWorkerAt(h, { now: new Date(Date.now() + 5 * 60_000) }).runOnce();

    expect(inbox('sue@t4.example').map((m) => m.subject)).toEqual([
      'Your parcel',
      'Your short security training',
    ]);
    expect(inbox('cal@t4.example').map((m) => m.subject)).toEqual(['Your parcel']);
    expect(inbox('rex@t4.example').map((m) => m.subject)).toEqual(['Your parcel']);
    const list = (await api(h, sim.tenant, 'GET', '/api/admin/training/assignments')).json<TrainingList>();
    expect(list.items).toEqual([
      expect.objectContaining({
        reason: 'submitted',
        person: expect.objectContaining({ email: 'sue@t4.example' }),
      }),
    ]);

    // The operator API's document describes the training routes.
    const doc = (await h.admin.inject({ method: 'GET', url: '/api/openapi.json' })).json<{
      paths: Record<string, object>;
    }>();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/admin/training/policy', '/api/admin/training/assignments']),
    );
  });

  it('sends nothing new to a person deactivated after their click', async () => {
    const h = get();
    const sim = await sentSimulation(h, sink, 'email,first_name\ngone@t5.example,Gone\n');
    await api(h, sim.tenant, 'PUT', '/api/admin/training/policy', {
      on_click: true,
      on_submit: false,
      reminder_days: 7,
      praise_reporters: false,
    });
    await personClicks(h, sim.rids.get('gone@t5.example')!);
    // As the directory's deactivation leaves the record (SCIM `active: false`).
    await h.database.db
      .updateTable('people')
      .set({ active: 0, deactivated_at: new Date().toISOString() })
      .where('email', '=', 'gone@t5.example')
      .execute();
    await trainingWorkerAt(h, { now: new Date(Date.now() + 5 * 60_000) }).runOnce();
    expect(inbox('gone@t5.example').map((m) => m.subject)).toEqual(['Your parcel']);
    // Nor by hand: the refusal says why, in a code the console words.
    const byHand = await api(h, sim.tenant, 'POST', '/api/admin/training/assignments', {
      person: 'gone@t5.example',
      campaign_id: sim.campaignId,
    });
    expect(byHand.statusCode).toBe(409);
    expect(byHand.json()).toMatchObject({ error: { code: 'person_inactive' } });
    const list = (await api(h, sim.tenant, 'GET', '/api/admin/training/assignments')).json<TrainingList>();
    expect(list.total).toBe(0);
  });
});
