import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { WEBHOOK_EVENTS, type Delivery, type WebhookPayload } from '@shared/webhooks';
import { PERSON } from '@server/test/click-fixtures';
import {
  campaignFile,
  importCampaign,
  importCsv,
  newTenant,
  type TestTenant,
} from '@server/test/admin-fixtures';
import { fencedBlocks, readDoc, section } from '@server/test/docs';
import { describeEachDatabase, TEST_SECRET, testConfig, type Harness } from '@server/test/harness';
import { startSyslogListener, SYSLOG_TEST_CERT } from '@server/test/syslog-listener';
import { startWebhookReceiver, type WebhookReceiver } from '@server/test/webhook-receiver';
import { open } from '@server/lib/secret-box';
import { secondDatabase } from '@server/test/sending-fixtures';
import { mintPollToken } from '../poll/poll-token';
import { MAX_ATTEMPTS, retryDelayMs } from './backoff';
import { signatureHeader } from './signature';
import { webhooksWorker } from './webhooks-worker';
import { emitEvent, endpointKindOf } from './webhooks.service';

type Verify = (secret: string, body: string, header: string, toleranceSeconds?: number) => boolean;

/** The verification snippet exactly as docs/webhooks.md shows it, loaded as a module. */
async function docsVerifier(): Promise<Verify> {
  const doc = section(readDoc('docs/webhooks.md'), '## Verifying a delivery', 'docs/webhooks.md');
  const [snippet] = fencedBlocks(doc, 'js');
  if (!snippet) throw new Error('docs/webhooks.md shows no verification snippet');
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'hookwise-verify-')), 'verify.mjs');
  writeFileSync(file, `${snippet}\nexport { verifyHookwise };\n`);
  const module = (await import(pathToFileURL(file).href)) as { verifyHookwise: Verify };
  return module.verifyHookwise;
}

async function addEndpoint(h: Harness, tenant: TestTenant, url: string, events: readonly string[]) {
  const res = await h.admin.inject({
    method: 'POST',
    url: '/api/admin/webhooks',
    headers: tenant.headers,
    payload: { url, events },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: string; secret: string | null }>();
}

/** Runs the worker's passes until nothing is due (retries come due within milliseconds here). */
async function drain(h: Harness, until: () => boolean = () => false) {
  const worker = webhooksWorker({ config: h.config, database: h.database }, h.app.log, { loop: false });
  const deadline = Date.now() + 20_000;
  try {
    while (Date.now() < deadline) {
      const settled = await worker.runOnce();
      if (until()) return;
      if (settled === 0) {
        const queued = await h.database.db
          .selectFrom('webhook_deliveries')
          .select('id')
          .where('state', 'in', ['queued', 'delivering'])
          .executeTakeFirst();
        if (!queued) return;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    }
  } finally {
    await worker.stop();
  }
}

function deliveriesOf(h: Harness, tenant: TestTenant) {
  return h.admin
    .inject({ method: 'GET', url: '/api/admin/webhook-deliveries', headers: tenant.headers })
    .then((res) => res.json<{ deliveries: Delivery[] }>().deliveries);
}

describeEachDatabase(
  'webhooks',
  (get) => {
    const receivers: WebhookReceiver[] = [];
    let verify: Verify;
    beforeAll(async () => {
      verify = await docsVerifier();
    });
    afterAll(() => Promise.all(receivers.map((r) => r.close())));
    const receiver = async (answers?: number[]) => {
      const r = await startWebhookReceiver(answers);
      receivers.push(r);
      return r;
    };

    it('emits every event type from the real actions, signed so that the docs snippet verifies it', async () => {
      const h = get();
      const tenant = await newTenant(h, 'Events');
      const all = await receiver();
      const endsOnly = await receiver();
      const { secret } = await addEndpoint(h, tenant, all.url, WEBHOOK_EVENTS);
      await addEndpoint(h, tenant, endsOnly.url, ['campaign.ended']);
      expect(secret).toMatch(/^whsec_/);

      const created = await h.admin.inject({
        method: 'POST',
        url: '/api/admin/campaigns?draft=true',
        headers: tenant.headers,
        payload: campaignFile({ name: 'Hooked campaign' }),
      });
      const campaignId = created.json<{ id: string }>().id;
      await importCsv(h, tenant, campaignId, 'email,first_name,last_name\nann@hooks.example,Ann,Lee\n');
      const launch = await h.admin.inject({
        method: 'POST',
        url: `/api/admin/campaigns/${campaignId}/launch`,
        headers: tenant.headers,
        payload: {},
      });
      expect(launch.statusCode, launch.body).toBe(200);
      const links = await h.admin.inject({
        method: 'GET',
        url: `/api/admin/campaigns/${campaignId}/links`,
        headers: tenant.headers,
      });
      const rid = links.json<{ links: { rid: string }[] }>().links[0]!.rid;
      const event = (payload: object) =>
        h.app.inject({
          method: 'POST',
          url: '/api/events',
          headers: { 'content-type': 'application/json', 'user-agent': 'Mozilla/5.0 Chrome/131.0' },
          payload: JSON.stringify({ rid, ...payload }),
          remoteAddress: '198.18.77.20',
        });
      const clicked = await event({
        type: 'clicked',
        details: { reason: 'user_gesture', gesture: 'pointer', elapsed_ms: 900, evidence: PERSON },
      });
      expect(clicked.statusCode, clicked.body).toBe(200);
      const submitted = await event({ type: 'submitted', details: { fields: ['username', 'password'] } });
      expect(submitted.statusCode, submitted.body).toBe(200);
      // Recorded once per recipient: a second submit is no second event.
      await event({ type: 'submitted', details: { fields: ['username'] } });
      const reported = await h.app.inject({ method: 'POST', url: '/api/report', payload: { rid } });
      expect(reported.statusCode).toBe(204);
      const token = await mintPollToken(TEST_SECRET, {
        tenantId: tenant.tenantId,
        urls: { 'https://reported.hooks.example/x': false },
        expiresInSeconds: 600,
        reviewer: 'Rita',
      });
      const decided = await h.app.inject({
        method: 'POST',
        url: '/api/submit',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        payload: JSON.stringify({ url: 'https://reported.hooks.example/x', decision: 'TP' }),
      });
      expect(decided.statusCode, decided.body).toBe(200);
      const ended = await h.admin.inject({
        method: 'POST',
        url: `/api/admin/campaigns/${campaignId}/end`,
        headers: tenant.headers,
      });
      expect(ended.statusCode).toBe(200);

      await drain(h);
      const bodies = all.received.map((r) => JSON.parse(r.body) as WebhookPayload);
      expect(bodies.map((b) => b.type).sort()).toEqual([...WEBHOOK_EVENTS].sort());
      for (const request of all.received) {
        const signature = String(request.headers['hookwise-signature']);
        expect(verify(secret!, request.body, signature)).toBe(true);
        const body = JSON.parse(request.body) as WebhookPayload;
        expect(request.headers['hookwise-event-id']).toBe(body.id);
        expect(request.headers['hookwise-event-type']).toBe(body.type);
        expect(request.headers['content-type']).toBe('application/json');
        expect(body.tenant).toBe(tenant.tenantId);
        // A changed body, another secret, or a signature from an hour ago: refused.
        expect(verify(secret!, request.body.replace('"data"', '"data" '), signature)).toBe(false);
        expect(verify('whsec_another', request.body, signature)).toBe(false);
        const old = signatureHeader(secret!, request.body, Math.floor(Date.now() / 1000) - 3600);
        expect(verify(secret!, request.body, old)).toBe(false);
      }
      const byType = new Map(bodies.map((b) => [b.type, b.data]));
      const recipient = { email: 'ann@hooks.example', first_name: 'Ann', last_name: 'Lee' };
      const campaign = { id: campaignId, name: 'Hooked campaign' };
      expect(byType.get('click.judged')).toMatchObject({
        campaign,
        recipient,
        verdict: 'human',
        counted: true,
      });
      expect(byType.get('form.submitted')).toEqual({ campaign, recipient, fields: ['username', 'password'] });
      expect(byType.get('report.received')).toMatchObject({ campaign, recipient });
      expect(byType.get('review.decided')).toMatchObject({
        url: 'https://reported.hooks.example/x',
        decision: 'TP',
        reviewer: 'Rita',
      });
      expect(byType.get('campaign.launched')).toMatchObject({ campaign, sending: false });
      expect(byType.get('campaign.ended')).toMatchObject({ campaign });
      // The filter: the second endpoint got its one event, the same event (same id).
      expect(endsOnly.received.map((r) => JSON.parse(r.body) as WebhookPayload)).toEqual([
        bodies.find((b) => b.type === 'campaign.ended'),
      ]);
      const log = await deliveriesOf(h, tenant);
      expect(log).toHaveLength(7);
      expect(log.every((d) => d.state === 'delivered' && d.attempts === 1 && d.last_status === 200)).toBe(
        true,
      );
    });

    it('retries a receiver answering 500 with backoff, then delivers; never keeps its answer', async () => {
      const h = get();
      const tenant = await newTenant(h, 'Retries');
      const flaky = await receiver([500, 500, 200]);
      const { secret } = await addEndpoint(h, tenant, flaky.url, ['review.decided']);
      await emitEvent(h.database.db, { tenantId: tenant.tenantId, type: 'review.decided', data: {} });

      const worker = webhooksWorker({ config: h.config, database: h.database }, h.app.log, { loop: false });
      expect(await worker.runOnce()).toBe(1);
      const [first] = await deliveriesOf(h, tenant);
      expect(first).toMatchObject({ state: 'queued', attempts: 1, last_status: 500, last_error: 'HTTP 500' });
      expect(Date.parse(first!.next_attempt_at!)).toBeGreaterThan(Date.parse(first!.created_at));
      await worker.stop();
      await drain(h);

      expect(flaky.received).toHaveLength(3);
      // The same event, signed afresh each time.
      expect(new Set(flaky.received.map((r) => r.body)).size).toBe(1);
      for (const r of flaky.received)
        expect(verify(secret!, r.body, String(r.headers['hookwise-signature']))).toBe(true);
      const [done] = await deliveriesOf(h, tenant);
      expect(done).toMatchObject({ state: 'delivered', attempts: 3, last_status: 200, last_error: null });
      const attempts = await h.database.db
        .selectFrom('webhook_attempts')
        .select(['status', 'error'])
        .where('delivery_id', '=', done!.id)
        .orderBy('at')
        .execute();
      expect(attempts.map((a) => [Number(a.status), a.error])).toEqual([
        [500, 'HTTP 500'],
        [500, 'HTTP 500'],
        [200, null],
      ]);
      expect(JSON.stringify(attempts)).not.toContain('internal detail');
    });

    it('fails a delivery after the last attempt; "send again" queues it, audited, and it arrives', async () => {
      const h = get();
      const tenant = await newTenant(h, 'Give up');
      const down = await receiver([503]);
      await addEndpoint(h, tenant, down.url, ['campaign.ended']);
      await emitEvent(h.database.db, { tenantId: tenant.tenantId, type: 'campaign.ended', data: {} });
      await drain(h);
      const [failed] = await deliveriesOf(h, tenant);
      expect(failed).toMatchObject({ state: 'failed', attempts: MAX_ATTEMPTS, next_attempt_at: null });
      expect(down.received).toHaveLength(MAX_ATTEMPTS);

      down.answers = [204];
      const again = await h.admin.inject({
        method: 'POST',
        url: `/api/admin/webhook-deliveries/${failed!.id}/redeliver`,
        headers: tenant.headers,
      });
      expect(again.statusCode, again.body).toBe(200);
      expect(again.json()).toMatchObject({ state: 'queued', attempts: 0 });
      const twice = await h.admin.inject({
        method: 'POST',
        url: `/api/admin/webhook-deliveries/${failed!.id}/redeliver`,
        headers: tenant.headers,
      });
      expect(twice.statusCode).toBe(409);
      await drain(h);
      expect((await deliveriesOf(h, tenant))[0]).toMatchObject({ state: 'delivered', last_status: 204 });
      expect(down.received.at(-1)?.headers['hookwise-event-id']).toBe(failed!.event_id);
      const audit = await h.admin.inject({ method: 'GET', url: '/api/admin/audit', headers: tenant.headers });
      const actions = audit.json<{ entries: { action: string }[] }>().entries.map((e) => e.action);
      expect(actions).toContain('webhook.redeliver');
    });

    it('delivers each event once with two workers claiming at the same time (two connections on PostgreSQL)', async () => {
      const h = get();
      const tenant = await newTenant(h, 'Two workers');
      const sink = await receiver([200]);
      await addEndpoint(h, tenant, sink.url, ['review.decided']);
      const EVENTS = 40;
      for (let i = 0; i < EVENTS; i++) {
        await emitEvent(h.database.db, { tenantId: tenant.tenantId, type: 'review.decided', data: { i } });
      }
      const other = await secondDatabase(h);
      const workers = [h.database, other ?? h.database].map((database) =>
        webhooksWorker({ config: h.config, database }, h.app.log, { loop: false }),
      );
      try {
        for (let pass = 0; pass < 20 && sink.received.length < EVENTS; pass++) {
          await Promise.all(workers.map((w) => w.runOnce()));
        }
      } finally {
        await Promise.all(workers.map((w) => w.stop()));
        await other?.close();
      }
      const ids = sink.received.map((r) => String(r.headers['hookwise-event-id']));
      expect(ids).toHaveLength(EVENTS);
      expect(new Set(ids).size).toBe(EVENTS);
    });

    it('keeps going when an endpoint is removed while its delivery is in flight', async () => {
      const h = get();
      const tenant = await newTenant(h, 'Removed');
      const slow = await receiver([200]);
      slow.stall = true;
      const { id } = await addEndpoint(h, tenant, slow.url, ['review.decided']);
      await emitEvent(h.database.db, { tenantId: tenant.tenantId, type: 'review.decided', data: {} });
      const worker = webhooksWorker({ config: h.config, database: h.database }, h.app.log, { loop: false });
      const pass = worker.runOnce();
      await expect.poll(() => slow.received.length).toBe(1);
      const removed = await h.admin.inject({
        method: 'DELETE',
        url: `/api/admin/webhooks/${id}`,
        headers: tenant.headers,
      });
      expect(removed.statusCode).toBe(204);
      await slow.close();
      // The request fails (the receiver went away); settling a delivery that is gone changes nothing.
      expect(await pass).toBe(1);
      await worker.stop();
      expect(await deliveriesOf(h, tenant)).toEqual([]);
    });

    it('sends the events as RFC 5424 lines to a syslog receiver over TLS and over TCP', async () => {
      const h = get();
      const tenant = await newTenant(h, 'Syslog');
      const secure = await startSyslogListener(true);
      const plain = await startSyslogListener(false);
      try {
        const created = await addEndpoint(h, tenant, `syslog+tls://localhost:${secure.port}`, [
          'review.decided',
        ]);
        expect(created.secret).toBeNull();
        await addEndpoint(h, tenant, `syslog+tcp://127.0.0.1:${plain.port}`, ['review.decided']);
        await emitEvent(h.database.db, {
          tenantId: tenant.tenantId,
          type: 'review.decided',
          data: { url: 'https://x.example/\nnext line', decision: 'FP' },
        });
        await drain(h, () => secure.messages.length > 0 && plain.messages.length > 0);
        await expect.poll(() => secure.messages.length + plain.messages.length).toBe(2);
        for (const line of [...secure.messages, ...plain.messages]) {
          const match = /^<134>1 (\S+) (\S+) hookwise - review\.decided - (\{.*\})$/s.exec(line);
          expect(match, line).not.toBeNull();
          const payload = JSON.parse(match![3]!) as WebhookPayload;
          expect(payload).toMatchObject({ type: 'review.decided', tenant: tenant.tenantId });
          expect(match![1]).toBe(payload.created_at);
        }
        expect(secure.messages[0]).toBe(plain.messages[0]);
        const log = await deliveriesOf(h, tenant);
        expect(log.map((d) => d.state)).toEqual(['delivered', 'delivered']);
      } finally {
        await secure.close();
        await plain.close();
      }
    });

    it('keeps the secret sealed, shows it once, audits every change, and refuses bad URLs', async () => {
      const h = get();
      const tenant = await newTenant(h, 'Manage');
      const launches = await receiver();
      await addEndpoint(h, tenant, launches.url, ['campaign.launched']);
      // A campaign imported ready to run (not a draft) is launched by its import.
      const imported = await importCampaign(h, tenant, campaignFile({ name: 'Imported running' }));
      await drain(h);
      expect(launches.received.map((r) => JSON.parse(r.body) as WebhookPayload)).toMatchObject([
        { type: 'campaign.launched', data: { campaign: { id: imported, name: 'Imported running' } } },
      ]);
      const created = await addEndpoint(h, tenant, 'https://hooks.manage.example/in', ['click.judged']);
      const row = await h.database.db
        .selectFrom('webhook_endpoints')
        .select('secret_sealed')
        .where('id', '=', created.id)
        .executeTakeFirstOrThrow();
      expect(row.secret_sealed).not.toContain(created.secret);
      expect(open(h.config.secretsKey, row.secret_sealed!)).toBe(created.secret);
      const list = await h.admin.inject({
        method: 'GET',
        url: '/api/admin/webhooks',
        headers: tenant.headers,
      });
      expect(list.body).not.toContain(created.secret);
      expect(list.json()).toMatchObject({
        endpoints: [{ kind: 'webhook' }, { id: created.id, kind: 'webhook', enabled: true }],
      });

      const off = await h.admin.inject({
        method: 'PATCH',
        url: `/api/admin/webhooks/${created.id}`,
        headers: tenant.headers,
        payload: { enabled: false, events: ['form.submitted', 'click.judged'] },
      });
      expect(off.json()).toMatchObject({ enabled: false, events: ['click.judged', 'form.submitted'] });
      // Switched off: an event queues nothing.
      await emitEvent(h.database.db, { tenantId: tenant.tenantId, type: 'click.judged', data: {} });
      expect((await deliveriesOf(h, tenant)).map((d) => d.event_type)).toEqual(['campaign.launched']);
      const removed = await h.admin.inject({
        method: 'DELETE',
        url: `/api/admin/webhooks/${created.id}`,
        headers: tenant.headers,
      });
      expect(removed.statusCode).toBe(204);
      const audit = await h.admin.inject({ method: 'GET', url: '/api/admin/audit', headers: tenant.headers });
      const actions = audit.json<{ entries: { action: string }[] }>().entries.map((e) => e.action);
      expect(actions).toEqual(expect.arrayContaining(['webhook.create', 'webhook.change', 'webhook.delete']));
      expect(audit.body).not.toContain(created.secret);

      for (const url of ['ftp://hooks.example/', 'not a url', 'javascript:alert(1)', 'https://']) {
        const bad = await h.admin.inject({
          method: 'POST',
          url: '/api/admin/webhooks',
          headers: tenant.headers,
          payload: { url, events: ['click.judged'] },
        });
        expect(bad.statusCode, url).toBe(400);
      }
      // Unencrypted endpoints only where the server allows them (this suite's server does).
      expect(() => endpointKindOf(testConfig(), 'http://siem.internal/in')).toThrow(/not allowed/);
      expect(() => endpointKindOf(testConfig(), 'syslog+tcp://siem.internal')).toThrow(/not allowed/);
      expect(endpointKindOf(testConfig(), 'syslog+tls://10.0.0.5:6514')).toBe('syslog');
    });
  },
  {
    WEBHOOKS_ALLOW_PLAIN: 'true',
    // A minute of backoff passes in a millisecond: 8 attempts take well under a second.
    WEBHOOKS_TIME_SCALE: '60000',
    WEBHOOKS_TIMEOUT_MS: '3000',
    SYSLOG_CA_FILE: SYSLOG_TEST_CERT,
  },
);

it('backs off 1, 4, 16, 64 minutes, then hours up to a cap: 8 attempts within a day', () => {
  const delays = Array.from({ length: MAX_ATTEMPTS - 1 }, (_, i) => retryDelayMs(i + 1, 1, () => 0.5));
  expect(delays.slice(0, 4)).toEqual([60_000, 240_000, 960_000, 3_840_000]);
  expect(Math.max(...delays)).toBe(6 * 3_600_000);
  const total = delays.reduce((a, b) => a + b, 0);
  expect(total).toBeGreaterThan(12 * 3_600_000);
  expect(total).toBeLessThan(24 * 3_600_000);
  // Jitter: ±20 %.
  expect(retryDelayMs(1, 1, () => 0)).toBe(48_000);
  expect(retryDelayMs(1, 1, () => 1)).toBe(72_000);
});
