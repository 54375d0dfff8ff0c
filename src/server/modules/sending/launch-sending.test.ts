import { afterAll, beforeAll, expect, it } from 'vitest';
import type { AuditEntry } from '@shared/audit';
import type {
  EmailTestResult,
  LaunchAnswer,
  SendingHealthList,
  SendingProgress,
  SendingSummary,
} from '@shared/sending';
import { campaignFile, importCsv, newTenant, type TestTenant } from '@server/test/admin-fixtures';
import { describeEachDatabase, type Harness } from '@server/test/harness';
import { startSmtpSink, type SmtpSink } from '@server/test/smtp-sink';
import { sinkProfile, testWorker } from '@server/test/sending-fixtures';

const EMAIL = {
  from: 'IT Service Desk <it@northwind.example>',
  subject: 'Action needed, {{first_name}}',
  body: 'Hello {{first_name}},\n\nPlease confirm your mailbox: {{link}}',
};

describeEachDatabase('one launch that sends, and failures in plain sight', (get) => {
  let sink: SmtpSink;
  beforeAll(async () => {
    sink = await startSmtpSink();
  });
  afterAll(() => sink?.close());

  async function draft(h: Harness, tenant: TestTenant, recipients: number) {
    const res = await h.admin.inject({
      method: 'POST',
      url: '/api/admin/campaigns?draft=true',
      headers: tenant.headers,
      payload: campaignFile({
        email: EMAIL,
        translations: { de: { email: { subject: 'Aktion erforderlich, {{first_name}}' } } },
      }),
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json<{ id: string }>().id;
    const rows = Array.from({ length: recipients }, (_, i) => `p${i}@example.com,,P${i},L,Ops,`);
    const csv = ['email,person_id,first_name,last_name,department,language', ...rows, ',p-x,No,Mail,Ops,'];
    expect((await importCsv(h, tenant, id, csv.join('\n'))).statusCode).toBe(200);
    return id;
  }

  async function unresolvableProfile(h: Harness, tenant: TestTenant) {
    const res = await h.admin.inject({
      method: 'POST',
      url: '/api/admin/sending-profiles',
      headers: tenant.headers,
      payload: {
        name: 'Nowhere',
        host: 'relay.invalid',
        port: 25,
        tls: 'none',
        envelope_from: 'bounces@northwind.example',
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ id: string }>().id;
  }

  it('says what a launch will do: messages, first and last time, per hour, from the real recipients', async () => {
    const h = get();
    const tenant = await newTenant(h);
    const id = await draft(h, tenant, 6);
    const res = await h.admin.inject({
      method: 'POST',
      url: `/api/admin/campaigns/${id}/sending/summary`,
      headers: tenant.headers,
      payload: {
        starts_at: '2030-03-04T08:00:00.000Z',
        rate_per_minute: 1,
        spread_minutes: 0,
        time_zone: 'Europe/Berlin',
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    // 6 with an address, one minute apart: 9:00 to 9:05 in Berlin, 60 per hour.
    expect(res.json<SendingSummary>()).toEqual({
      messages: 6,
      without_address: 1,
      first_at: '2030-03-04T08:00:00.000Z',
      last_at: '2030-03-04T08:05:00.000Z',
      per_hour: 60,
      time_zone: 'Europe/Berlin',
    });
    const spread = await h.admin.inject({
      method: 'POST',
      url: `/api/admin/campaigns/${id}/sending/summary`,
      headers: tenant.headers,
      payload: { starts_at: '2030-03-04T08:00:00.000Z', rate_per_minute: 60, spread_minutes: 120 },
    });
    // Spread over two hours: one every 20 minutes, 3 per hour.
    expect(spread.json<SendingSummary>()).toMatchObject({ messages: 6, per_hour: 3 });
  });

  it('sends me the campaign e-mail in a language through the chosen profile, and says why it could not', async () => {
    const h = get();
    const tenant = await newTenant(h);
    const id = await draft(h, tenant, 1);
    const profile = await sinkProfile(h, tenant.headers, sink, 'bounces@northwind.example');
    const before = sink.received.length;
    const res = await h.admin.inject({
      method: 'POST',
      url: `/api/admin/campaigns/${id}/email-test`,
      headers: tenant.headers,
      payload: { profile_id: profile, to: 'me@northwind.example', language: 'de' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<EmailTestResult>()).toMatchObject({ sent: true, failure: null });
    const got = sink.received.slice(before).find((m) => m.to === 'me@northwind.example');
    expect(got?.subject).toMatch(/^Aktion erforderlich, /);
    expect(got?.text).toContain('/phish?rid=preview');

    const nowhere = await unresolvableProfile(h, tenant);
    const failed = await h.admin.inject({
      method: 'POST',
      url: `/api/admin/campaigns/${id}/email-test`,
      headers: tenant.headers,
      payload: { profile_id: nowhere, to: 'me@northwind.example', language: 'en' },
    });
    expect(failed.json<EmailTestResult>()).toMatchObject({
      sent: false,
      failure: { cause: 'name_not_resolved', detail: 'relay.invalid:25' },
    });
    expect(failed.body).not.toContain('ENOTFOUND');
    // The profile's own test says the same in plain words, not "The relay refused: getaddrinfo …".
    const test = await h.admin.inject({
      method: 'POST',
      url: `/api/admin/sending-profiles/${nowhere}/test`,
      headers: tenant.headers,
      payload: { to: 'me@northwind.example' },
    });
    expect(test.statusCode).toBe(400);
    expect(test.json<{ error: { message: string } }>().error.message).toBe(
      "The relay's name does not resolve (relay.invalid:25): check the host name",
    );
  });

  it('launches and sends in one step; an unresolvable relay is recorded with its cause and the campaign paused', async () => {
    const h = get();
    const tenant = await newTenant(h);
    const id = await draft(h, tenant, 7);
    const nowhere = await unresolvableProfile(h, tenant);
    const launched = await h.admin.inject({
      method: 'POST',
      url: `/api/admin/campaigns/${id}/launch`,
      headers: tenant.headers,
      payload: { time_zone: 'Europe/Berlin', sending: { profile_id: nowhere, rate_per_minute: 60_000 } },
    });
    expect(launched.statusCode, launched.body).toBe(200);
    const answer = launched.json<LaunchAnswer>();
    expect(answer.campaign.status).toBe('running');
    expect(answer.sending).toMatchObject({ state: 'running', counts: { queued: 7, failed: 1 } });

    const progress = async () =>
      (
        await h.admin.inject({
          method: 'GET',
          url: `/api/admin/campaigns/${id}/sending`,
          headers: tenant.headers,
        })
      ).json<SendingProgress>();
    const worker = testWorker(h);
    for (let i = 0; i < 50 && (await progress()).state === 'running'; i++) await worker.runOnce();
    await worker.stop();

    const paused = await progress();
    // Paused after 5 failures in a row, not left "queued" for ever; what is left waits for a resume.
    expect(paused.state).toBe('paused');
    expect(paused.counts.queued).toBe(7);
    expect(paused.health).toMatchObject({
      state: 'paused',
      failure: { cause: 'name_not_resolved', detail: 'relay.invalid:25' },
      since: expect.any(String),
    });
    const rows = await h.database.db
      .selectFrom('outbox')
      .select(['last_reply', 'last_cause', 'attempts'])
      .where('campaign_id', '=', id)
      .where('last_cause', '=', 'name_not_resolved')
      .execute();
    expect(rows).toHaveLength(5);
    for (const row of rows) expect(row.last_reply).not.toContain('ENOTFOUND');

    const health = await h.admin.inject({
      method: 'GET',
      url: '/api/admin/sending-health',
      headers: tenant.headers,
    });
    expect(health.json<SendingHealthList>().campaigns).toEqual([
      { campaign_id: id, state: 'paused', failure: paused.health.failure, since: paused.health.since },
    ]);
    // The launch (with its sending) is one change; the pause was Hookwise's own, as `system`.
    const audit = await h.admin.inject({ method: 'GET', url: '/api/admin/audit', headers: tenant.headers });
    const entries = audit.json<{ entries: AuditEntry[] }>().entries.filter((e) => e.target === id);
    expect(entries.map(({ actor_kind, action, details }) => ({ actor_kind, action, details }))).toEqual([
      { actor_kind: 'system', action: 'campaign.send_pause', details: { reason: 'failures' } },
      { actor_kind: 'api_key', action: 'campaign.launch', details: {} },
      { actor_kind: 'api_key', action: 'recipients.import', details: {} },
      { actor_kind: 'api_key', action: 'campaign.create', details: {} },
    ]);

    // Fixed (the profile now points at a relay that answers) and resumed: the rest goes out, healthy.
    const fixed = await h.admin.inject({
      method: 'PUT',
      url: `/api/admin/sending-profiles/${nowhere}`,
      headers: tenant.headers,
      payload: {
        name: 'Fixed',
        host: '127.0.0.1',
        port: sink.port,
        tls: 'none',
        envelope_from: 'bounces@northwind.example',
      },
    });
    expect(fixed.statusCode).toBe(200);
    const resumed = await h.admin.inject({
      method: 'POST',
      url: `/api/admin/campaigns/${id}/sending/resume`,
      headers: tenant.headers,
    });
    expect(resumed.json<SendingProgress>().health.state).toBe('ok');
    const again = testWorker(h);
    for (let i = 0; i < 50 && (await progress()).counts.queued > 0; i++) await again.runOnce();
    await again.stop();
    expect(await progress()).toMatchObject({
      state: 'running',
      counts: { sent: 7 },
      health: { state: 'ok' },
    });
  });

  it('launches without sending when the operator sends the links', async () => {
    const h = get();
    const tenant = await newTenant(h);
    const id = await draft(h, tenant, 2);
    const res = await h.admin.inject({
      method: 'POST',
      url: `/api/admin/campaigns/${id}/launch`,
      headers: tenant.headers,
      payload: { sending: null },
    });
    expect(res.json<LaunchAnswer>()).toMatchObject({ campaign: { status: 'running' }, sending: null });
    const missing = await h.admin.inject({
      method: 'POST',
      url: `/api/admin/campaigns/${await draft(h, tenant, 1)}/launch`,
      headers: tenant.headers,
      payload: { sending: { profile_id: 'no-such-profile' } },
    });
    // Refused before launching: a launch that cannot send does not happen half-way.
    expect(missing.statusCode).toBe(404);
  });
});
