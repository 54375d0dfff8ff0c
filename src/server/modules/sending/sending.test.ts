import { afterAll, beforeAll, expect, it } from 'vitest';
import type { SendingProgress } from '@shared/sending';
import { open } from '@server/lib/secret-box';
import { PERSON } from '@server/test/click-fixtures';
import { campaignFile, importCampaign, importCsv, newTenant } from '@server/test/admin-fixtures';
import { describeEachDatabase, type Harness } from '@server/test/harness';
import { startSmtpSink, type SmtpSink } from '@server/test/smtp-sink';
import { drain, testWorker } from '@server/test/sending-fixtures';

const EMAIL = {
  from: 'IT Service Desk <it@northwind.example>',
  subject: 'Action needed, {{first_name}}',
  body: 'Hello {{first_name}} {{last_name}},\n\nPlease confirm your mailbox: {{link}}\n\n{{department}} / {{email}}',
  html: '<p>Hello {{first_name}} {{last_name}}</p><p><a href="{{link}}">Confirm</a> ({{department}})</p>',
};

describeEachDatabase('sending a campaign', (get) => {
  let sink: SmtpSink;
  beforeAll(async () => {
    sink = await startSmtpSink(({ to, attempt }) => {
      if (to === 'temp@example.com' && attempt === 1) return 451;
      if (to === 'perm@example.com') return 550;
      return null;
    });
  });
  afterAll(() => sink?.close());

  async function newProfile(h: Harness, headers: { authorization: string }, extra = {}) {
    const res = await h.admin.inject({
      method: 'POST',
      url: '/api/admin/sending-profiles',
      headers,
      payload: {
        name: 'Local relay',
        host: '127.0.0.1',
        port: sink.port,
        tls: 'none',
        envelope_from: 'bounces@northwind.example',
        headers: { 'X-Simulation-Allow': 'hookwise' },
        ...extra,
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ id: string; has_password: boolean }>();
  }

  it('keeps the SMTP password sealed, never answers it, and sends a test message', async () => {
    const h = get();
    const tenant = await newTenant(h);
    const created = await newProfile(h, tenant.headers, {
      username: 'relay-user',
      password: 'hunter2-secret',
    });
    expect(created.has_password).toBe(true);
    const listed = await h.admin.inject({
      method: 'GET',
      url: '/api/admin/sending-profiles',
      headers: tenant.headers,
    });
    expect(listed.body).not.toContain('hunter2');
    const row = await h.database.db
      .selectFrom('sending_profiles')
      .select('password_sealed')
      .where('id', '=', created.id)
      .executeTakeFirstOrThrow();
    expect(row.password_sealed).not.toContain('hunter2');
    expect(open(h.config.secretsKey, row.password_sealed!)).toBe('hunter2-secret');
    expect(() => open('another-key-0123456789-0123456789-0123', row.password_sealed!)).toThrow();
    // Another tenant does not see it.
    const other = await newTenant(h, 'Other');
    const foreign = await h.admin.inject({
      method: 'GET',
      url: `/api/admin/sending-profiles/${created.id}`,
      headers: other.headers,
    });
    expect(foreign.statusCode).toBe(404);

    const plain = await newProfile(h, tenant.headers);
    const before = sink.received.length;
    const test = await h.admin.inject({
      method: 'POST',
      url: `/api/admin/sending-profiles/${plain.id}/test`,
      headers: tenant.headers,
      payload: { to: 'operator@example.com' },
    });
    expect(test.statusCode, test.body).toBe(200);
    expect(test.json<{ reply: string }>().reply).toMatch(/^250/);
    expect(sink.received.slice(before)).toMatchObject([
      { to: 'operator@example.com', subject: expect.stringContaining('Hookwise test message') },
    ]);
    const refused = await h.admin.inject({
      method: 'POST',
      url: `/api/admin/sending-profiles/${plain.id}/test`,
      headers: tenant.headers,
      payload: { to: 'perm@example.com' },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      error: { code: 'smtp_failed', message: expect.stringContaining('550') },
    });
  });

  it('sends every recipient their own email, retries a 4xx, records a 5xx, and times clicks from sent_at', async () => {
    const h = get();
    const tenant = await newTenant(h);
    const profile = await newProfile(h, tenant.headers);
    const campaignId = await importCampaign(
      h,
      tenant,
      campaignFile({
        email: EMAIL,
        translations: { de: { email: { subject: 'Aktion erforderlich, {{first_name}}' } } },
      }),
    );
    const csv = [
      'email,person_id,first_name,last_name,department,language',
      'ana@example.com,,Ana,<b>Bold</b>,Finance,',
      'ben@example.com,,Ben,Berg,Sales,de',
      'temp@example.com,,Tim,Temp,Ops,',
      'perm@example.com,,Pia,Perm,Ops,',
      ',p-77,Noa,Mail,Ops,',
    ].join('\n');
    expect((await importCsv(h, tenant, campaignId, csv)).json()).toMatchObject({ accepted: 5 });
    const progress = async () =>
      (
        await h.admin.inject({
          method: 'GET',
          url: `/api/admin/campaigns/${campaignId}/sending`,
          headers: tenant.headers,
        })
      ).json<SendingProgress>();

    const started = await h.admin.inject({
      method: 'POST',
      url: `/api/admin/campaigns/${campaignId}/sending`,
      headers: tenant.headers,
      payload: { profile_id: profile.id, rate_per_minute: 60_000 },
    });
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json<SendingProgress>()).toMatchObject({
      state: 'running',
      counts: { queued: 4, failed: 1 },
    });
    // Sending again queues nobody twice.
    await h.admin.inject({
      method: 'POST',
      url: `/api/admin/campaigns/${campaignId}/sending`,
      headers: tenant.headers,
      payload: { profile_id: profile.id, rate_per_minute: 60_000 },
    });

    const worker = testWorker(h);
    const before = sink.received.length;
    await drain(worker, progress);
    await worker.stop();
    const mine = sink.received.slice(before).filter((m) => m.to.endsWith('@example.com'));
    expect(mine.map((m) => m.to).sort()).toEqual(['ana@example.com', 'ben@example.com', 'temp@example.com']);

    const ana = mine.find((m) => m.to === 'ana@example.com')!;
    expect(ana.subject).toBe('Action needed, Ana');
    expect(ana.from).toMatch(/^"?IT Service Desk"? <it@northwind\.example>$/);
    expect(ana.envelopeFrom).toBe('bounces@northwind.example');
    expect(ana.headers.get('x-simulation-allow')).toBe('hookwise');
    expect(ana.text).toContain('Hello Ana <b>Bold</b>,');
    expect(ana.text).toContain('Finance / ana@example.com');
    // HTML-escaped in the HTML part: a name cannot inject markup.
    expect(ana.html).toContain('Hello Ana &#60;b&#62;Bold&#60;/b&#62;');
    const link = /https:\/\/hookwise\.test\/phish\?rid=([A-Za-z0-9_-]+)/.exec(ana.text);
    expect(link).not.toBeNull();
    expect(ana.html).toContain(`href="${link![0]}"`);
    expect(mine.find((m) => m.to === 'ben@example.com')!.subject).toBe('Aktion erforderlich, Ben');
    // Each recipient has a link of their own, and it works.
    const rids = mine.map((m) => /rid=([A-Za-z0-9_-]+)/.exec(m.text)![1]);
    expect(new Set(rids).size).toBe(3);
    for (const rid of rids) {
      expect((await h.app.inject({ method: 'GET', url: `/api/campaign/${rid}` })).statusCode).toBe(200);
    }

    const done = await progress();
    expect(done.counts).toMatchObject({ queued: 0, sending: 0, sent: 3, failed: 2 });
    expect(done.failures).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          email: 'perm@example.com',
          reply: expect.stringMatching(/^550 .*Mailbox unavailable/),
        }),
        expect.objectContaining({ email: null, reply: 'no email address' }),
      ]),
    );
    expect(sink.refused).toEqual(expect.arrayContaining([{ to: 'temp@example.com', code: 451 }]));

    // sent_at is recorded; a scanner opening the link 2 s after it is judged automated.
    const anaRid = link![1]!;
    const sent = await h.database.db
      .selectFrom('recipients')
      .select(['id', 'sent_at'])
      .where('rid', '=', anaRid)
      .executeTakeFirstOrThrow();
    expect(sent.sent_at).not.toBeNull();
    await h.database.db
      .updateTable('recipients')
      .set({ sent_at: new Date(Date.now() - 2000).toISOString() })
      .where('id', '=', sent.id)
      .execute();
    await h.app.inject({
      method: 'POST',
      url: '/api/events',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({
        rid: anaRid,
        type: 'clicked',
        details: { reason: 'user_gesture', gesture: 'pointer', elapsed_ms: 10, evidence: PERSON },
      }),
      remoteAddress: '198.51.100.7',
    });

    // Ben clicks, then reports: the report still counts. Ana reports through GoPhish's path.
    const benRid = rids[mine.findIndex((m) => m.to === 'ben@example.com')]!;
    const report = await h.app.inject({ method: 'POST', url: '/api/report', payload: { rid: benRid } });
    expect(report.statusCode).toBe(204);
    expect(report.body).toBe('');
    expect((await h.app.inject({ method: 'GET', url: `/report?rid=${anaRid}` })).statusCode).toBe(204);
    expect(
      (await h.app.inject({ method: 'GET', url: '/report?rid=not-a-known-rid-000000000' })).statusCode,
    ).toBe(404);

    const results = (
      await h.admin.inject({
        method: 'GET',
        url: `/api/admin/campaigns/${campaignId}/results`,
        headers: tenant.headers,
      })
    ).json<{
      reporting: { sent: number; reported: number; report_rate: number; median_seconds_to_report: number };
      recipients: { email: string; verdict: string; verdict_reasons: string[]; reported_at: string | null }[];
    }>();
    expect(results.reporting).toMatchObject({ sent: 3, reported: 2, report_rate: 0.667 });
    expect(results.reporting.median_seconds_to_report).toBeGreaterThanOrEqual(0);
    const anaResult = results.recipients.find((r) => r.email === 'ana@example.com')!;
    expect(anaResult.verdict).toBe('automated');
    expect(anaResult.verdict_reasons.join()).toMatch(/[12]\.\d s after send/);
    expect(results.recipients.find((r) => r.email === 'ben@example.com')!.reported_at).not.toBeNull();
  });

  it('pause holds, resume continues, cancel stops; a draft or an email-less campaign is refused', async () => {
    const h = get();
    const tenant = await newTenant(h);
    const profile = await newProfile(h, tenant.headers);
    const campaignId = await importCampaign(h, tenant, campaignFile({ email: EMAIL }));
    const rows = Array.from({ length: 20 }, (_, i) => `p${i}@pause.example`);
    await importCsv(h, tenant, campaignId, `email\n${rows.join('\n')}\n`);
    const call = async (path: string, payload?: object) =>
      h.admin.inject({
        method: 'POST',
        url: `/api/admin/campaigns/${campaignId}/sending${path}`,
        headers: tenant.headers,
        ...(payload ? { payload } : {}),
      });
    const progress = async () =>
      (
        await h.admin.inject({
          method: 'GET',
          url: `/api/admin/campaigns/${campaignId}/sending`,
          headers: tenant.headers,
        })
      ).json<SendingProgress>();
    const received = () => sink.received.filter((m) => m.to.endsWith('@pause.example'));

    await call('', { profile_id: profile.id, rate_per_minute: 60_000 });
    const worker = testWorker(h);
    await new Promise((resolve) => setTimeout(resolve, 30));
    await worker.runOnce();
    const sentBeforePause = received().length;
    expect(sentBeforePause).toBe(10);
    expect((await call('/pause')).json<SendingProgress>()).toMatchObject({ state: 'paused' });
    for (let i = 0; i < 3; i++) expect(await worker.runOnce()).toBe(0);
    expect(received().length).toBe(sentBeforePause);
    expect((await call('/resume')).json<SendingProgress>()).toMatchObject({ state: 'running' });
    await drain(worker, progress);
    expect(
      received()
        .map((m) => m.to)
        .sort(),
    ).toEqual([...rows].sort());
    expect((await call('/cancel')).json<SendingProgress>()).toMatchObject({ state: 'cancelled' });
    await worker.stop();

    const draft = await h.admin.inject({
      method: 'POST',
      url: '/api/admin/campaigns?draft=true',
      headers: tenant.headers,
      payload: campaignFile({ email: EMAIL }),
    });
    const refused = await h.admin.inject({
      method: 'POST',
      url: `/api/admin/campaigns/${draft.json<{ id: string }>().id}/sending`,
      headers: tenant.headers,
      payload: { profile_id: profile.id },
    });
    expect(refused.json()).toMatchObject({ error: { code: 'campaign_not_running' } });
    const noEmail = await importCampaign(h, tenant);
    const refusedNoEmail = await h.admin.inject({
      method: 'POST',
      url: `/api/admin/campaigns/${noEmail}/sending`,
      headers: tenant.headers,
      payload: { profile_id: profile.id },
    });
    expect(refusedNoEmail.json()).toMatchObject({ error: { code: 'campaign_has_no_email' } });
  });

  it('sends nothing more once the campaign is ended (its links would not work)', async () => {
    const h = get();
    const tenant = await newTenant(h);
    const profile = await newProfile(h, tenant.headers);
    const campaignId = await importCampaign(h, tenant, campaignFile({ email: EMAIL }));
    await importCsv(h, tenant, campaignId, 'email\none@ended.example\ntwo@ended.example\n');
    await h.admin.inject({
      method: 'POST',
      url: `/api/admin/campaigns/${campaignId}/sending`,
      headers: tenant.headers,
      payload: { profile_id: profile.id, rate_per_minute: 60_000 },
    });
    await h.admin.inject({
      method: 'POST',
      url: `/api/admin/campaigns/${campaignId}/end`,
      headers: tenant.headers,
    });
    const worker = testWorker(h);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await worker.runOnce()).toBe(0);
    await worker.stop();
    expect(sink.received.filter((m) => m.to.endsWith('@ended.example'))).toEqual([]);
  });
});
