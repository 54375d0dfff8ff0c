/**
 * The allow-listing assistant through the operator API, on a real SMTP server: the values a mail
 * admin enters for a profile, and the check: its message arrives with a link on the public
 * listener, a mail gateway's scanner opening it (Microsoft's network, behind the proxy) is
 * reported with the seconds after delivery, and nothing but coarse facts is kept.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Allowlist, AllowlistCheck } from '@shared/sending';
import { buildApp } from '@server/app';
import { newTenant, type TestTenant } from '@server/test/admin-fixtures';
import { describeEachDatabase, testConfig, type Harness } from '@server/test/harness';
import { startSmtpSink, type SmtpSink } from '@server/test/smtp-sink';

const BROWSER_UA =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';

describeEachDatabase('the allow-listing assistant', (get) => {
  let sink: SmtpSink;
  /** The public listener as deployed behind one reverse proxy (TRUST_PROXY). */
  let proxied: FastifyInstance;
  beforeAll(async () => {
    sink = await startSmtpSink(({ to }) => (to === 'refused@northwind.example' ? 550 : null));
    proxied = await buildApp(
      { config: testConfig({ TRUST_PROXY: 'true' }), database: get().database },
      { logger: { level: 'silent' } },
    );
  });
  afterAll(async () => {
    await proxied?.close();
    await sink?.close();
  });

  async function newProfile(h: Harness, tenant: TestTenant) {
    const res = await h.admin.inject({
      method: 'POST',
      url: '/api/admin/sending-profiles',
      headers: tenant.headers,
      payload: {
        name: 'Northwind relay',
        host: '127.0.0.1',
        port: sink.port,
        tls: 'none',
        envelope_from: 'bounces@northwind.example',
        header_from: 'IT Service Desk <it@mail.Northwind.example>',
        headers: { 'X-Simulation': 'hookwise' },
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ id: string }>().id;
  }

  const values = (h: Harness, tenant: TestTenant, id: string, query = '') =>
    h.admin.inject({
      method: 'GET',
      url: `/api/admin/sending-profiles/${id}/allowlist${query}`,
      headers: tenant.headers,
    });

  async function startCheck(h: Harness, tenant: TestTenant, id: string, to = 'admin@northwind.example') {
    const before = sink.received.length;
    const res = await h.admin.inject({
      method: 'POST',
      url: `/api/admin/sending-profiles/${id}/allowlist-checks`,
      headers: tenant.headers,
      payload: { to },
    });
    expect(res.statusCode, res.body).toBe(201);
    const message = sink.received[before];
    const link = /https:\/\/hookwise\.test(\/go\/[\w-]{32})(?![\w-])/.exec(message?.text ?? '');
    if (!message || !link?.[1]) throw new Error(`no check link in ${JSON.stringify(message)}`);
    return { check: res.json<AllowlistCheck>(), message, path: link[1] };
  }

  const checks = async (h: Harness, tenant: TestTenant, id: string) => {
    const res = await h.admin.inject({
      method: 'GET',
      url: `/api/admin/sending-profiles/${id}/allowlist-checks`,
      headers: tenant.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ checks: AllowlistCheck[] }>().checks;
  };

  /** Moves the check's sending time back, as if the message had gone out this long ago. */
  const sentSecondsAgo = (h: Harness, checkId: string, seconds: number) =>
    h.database.db
      .updateTable('allowlist_checks')
      .set({ sent_at: new Date(Date.now() - seconds * 1000).toISOString() })
      .where('id', '=', checkId)
      .execute();

  it("gives each vendor's values from the profile, the public address and the relay addresses given", async () => {
    const h = get();
    const tenant = await newTenant(h);
    const id = await newProfile(h, tenant);
    const plain = await values(h, tenant, id);
    expect(plain.statusCode, plain.body).toBe(200);
    const body = plain.json<Allowlist>();
    expect(body.profile).toEqual({ id, name: 'Northwind relay', relay: `127.0.0.1:${sink.port}` });
    const [microsoft, google] = body.vendors;
    expect(microsoft?.portal).toBe('https://security.microsoft.com/advanceddelivery');
    expect(microsoft?.docs).toMatch(
      /^https:\/\/learn\.microsoft\.com\/.+advanced-delivery-policy-configure$/,
    );
    expect(microsoft?.fields.map((f) => [f.field, f.setting, f.values, f.needs_sending_ips])).toEqual([
      ['microsoft_domains', 'Domain', ['northwind.example', 'mail.northwind.example'], false],
      ['microsoft_sending_ips', 'Sending IP', [], true],
      ['microsoft_simulation_urls', 'Simulation URLs to allow', ['hookwise.test/*'], false],
    ]);
    expect(google?.fields.map((f) => [f.field, f.values, f.needs_sending_ips])).toEqual([
      ['google_email_allowlist', [], true],
      ['google_approved_senders', ['mail.northwind.example'], false],
    ]);

    const given = await values(h, tenant, id, '?sending_ips=203.0.113.25,%202001:db8::25%20198.51.100.0/28');
    const [ms, gw] = given.json<Allowlist>().vendors;
    const ips = ms?.fields.find((f) => f.field === 'microsoft_sending_ips');
    expect(ips).toMatchObject({
      values: ['203.0.113.25', '198.51.100.0/28'],
      left_out: ['2001:db8::25'],
      limit: 10,
    });
    expect(ips?.needs_sending_ips).toBe(false);
    expect(gw?.fields[0]?.values).toEqual(['203.0.113.25', '2001:db8::25', '198.51.100.0/28']);

    const bad = await values(h, tenant, id, '?sending_ips=203.0.113.25,relay.example');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      error: { code: 'bad_request', message: expect.stringContaining('relay.example') },
    });
    const other = await newTenant(h, 'Other');
    expect((await values(h, other, id)).statusCode).toBe(404);
  });

  it('reports a scanner in Microsoft’s network opening the check link, with the seconds after delivery', async () => {
    const h = get();
    const tenant = await newTenant(h);
    const id = await newProfile(h, tenant);
    const { check, message, path } = await startCheck(h, tenant, id);
    expect(check).toMatchObject({ to: 'admin@northwind.example', outcome: 'waiting', visits: [] });
    expect(Date.parse(check.window_ends_at!) - Date.parse(check.sent_at!)).toBe(300_000);
    // As a campaign's message: the profile's From, envelope and custom headers.
    expect(message).toMatchObject({
      envelopeFrom: 'bounces@northwind.example',
      to: 'admin@northwind.example',
    });
    expect(message.from.toLowerCase()).toContain('it@mail.northwind.example');
    expect(message.headers.get('x-simulation')).toBe('hookwise');
    expect(message.html).toContain(`href="https://hookwise.test${path}"`);

    await sentSecondsAgo(h, check.id, 4);
    const visit = await proxied.inject({
      method: 'GET',
      url: path,
      headers: { 'x-forwarded-for': '40.107.3.4', 'user-agent': BROWSER_UA, accept: 'text/html' },
      remoteAddress: '10.0.0.2',
    });
    expect(visit.statusCode).toBe(200);
    expect(visit.headers['content-type']).toMatch(/^text\/html/);
    expect(visit.body.toLowerCase()).not.toMatch(/hookwise|check|allow|scanner|simulation/);

    const [reported] = await checks(h, tenant, id);
    expect(reported).toMatchObject({ id: check.id, outcome: 'scanner' });
    expect(reported?.visits).toEqual([
      {
        at: expect.any(String),
        seconds_after_send: 4,
        verdict: 'automated',
        reasons: ['catalogued', 'soon_after_send'],
        scanner: 'Microsoft Exchange Online Protection',
        scanner_by: 'network',
      },
    ]);
    // Coarse facts only: neither the address nor the user agent is kept.
    const stored = JSON.stringify(
      await h.database.db.selectFrom('allowlist_check_visits').selectAll().execute(),
    );
    expect(stored).not.toContain('40.107');
    expect(stored).not.toContain('Chrome');
  });

  it('tells an unjudged visit from no visit, stops watching when the window ends, and 404s unknown links', async () => {
    const h = get();
    const tenant = await newTenant(h);
    const id = await newProfile(h, tenant);
    const first = await startCheck(h, tenant, id);
    await sentSecondsAgo(h, first.check.id, 95);
    const late = await proxied.inject({
      method: 'GET',
      url: first.path,
      headers: { 'x-forwarded-for': '198.51.100.20', 'user-agent': BROWSER_UA, accept: 'text/html' },
    });
    expect(late.statusCode).toBe(200);
    const head = await proxied.inject({
      method: 'HEAD',
      url: first.path,
      headers: { 'x-forwarded-for': '198.51.100.21' },
    });
    expect(head.statusCode).toBe(200);

    const second = await startCheck(h, tenant, id);
    await h.database.db
      .updateTable('allowlist_checks')
      .set({ window_ends_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', second.check.id)
      .execute();
    // After the window the page still answers, and nothing more is kept.
    expect((await proxied.inject({ method: 'GET', url: second.path })).statusCode).toBe(200);

    const [newest, older] = await checks(h, tenant, id);
    expect(newest).toMatchObject({ id: second.check.id, outcome: 'no_visit', visits: [] });
    expect(older?.visits.map((v) => [v.verdict, v.reasons, v.seconds_after_send, v.scanner])).toEqual([
      ['unverified', ['plain_get'], 95, null],
      ['automated', ['head_request'], 95, null],
    ]);
    expect(older?.outcome).toBe('scanner');

    for (const url of ['/go/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA', '/go/short', '/go/']) {
      const res = await h.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
    }
    // The operator's listener has no such link (its console answers the page, recording nothing).
    const before = await h.database.db.selectFrom('allowlist_check_visits').select('id').execute();
    expect((await h.admin.inject({ method: 'GET', url: first.path })).body).not.toContain('Thank you.');
    expect(await h.database.db.selectFrom('allowlist_check_visits').select('id').execute()).toEqual(before);
  });

  it('keeps no check when the relay refuses, and keeps checks to their own tenant', async () => {
    const h = get();
    const tenant = await newTenant(h);
    const id = await newProfile(h, tenant);
    const refused = await h.admin.inject({
      method: 'POST',
      url: `/api/admin/sending-profiles/${id}/allowlist-checks`,
      headers: tenant.headers,
      payload: { to: 'refused@northwind.example' },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      error: { code: 'smtp_failed', message: expect.stringContaining('550') },
    });
    expect(await checks(h, tenant, id)).toEqual([]);

    await startCheck(h, tenant, id);
    const other = await newTenant(h, 'Other');
    for (const method of ['GET', 'POST'] as const) {
      const res = await h.admin.inject({
        method,
        url: `/api/admin/sending-profiles/${id}/allowlist-checks`,
        headers: other.headers,
        ...(method === 'POST' ? { payload: { to: 'intruder@example.com' } } : {}),
      });
      expect(res.statusCode, method).toBe(404);
    }
    expect(await checks(h, tenant, id)).toHaveLength(1);
  });
});
