/**
 * SQL injection: classic payloads in every path parameter, query parameter and stored body field,
 * on SQLite and PostgreSQL. Nothing answers 5xx, a bystander tenant's rows are unchanged, every
 * table still exists, and what was stored is the payload itself, character for character.
 */
import { expect, it } from 'vitest';
import { describeEachDatabase } from '@server/test/harness';
import { rowCounts } from './support/api';
import { seedTenantData } from './support/seed';
import { tally } from './support/tally';

const SQLI = [
  "' OR '1'='1",
  "' OR 1=1--",
  '" OR ""="',
  "'; DROP TABLE recipients;--",
  "1; DELETE FROM events WHERE '1'='1",
  "' UNION SELECT key_hash, tenant_id FROM api_keys--",
  "admin'--",
  "') OR ('a'='a",
  "1' AND SLEEP(5)--",
  "'; SELECT pg_sleep(5);--",
  '\\',
  "%' OR tenant_id LIKE '%",
];
const counts = tally('sql injection', [
  'payloads',
  'requests',
  '5xx',
  'stored verbatim',
  "bystander's rows changed",
]);

describeEachDatabase('SQL injection strings', (get) => {
  it('has no effect anywhere, and stores payloads as plain text', async () => {
    const h = get();
    const me = await seedTenantData(h.admin, h.database, 'Injector');
    const bystander = await seedTenantData(h.admin, h.database, 'Bystander');
    const headers = { authorization: `Bearer ${me.apiKey}` };
    counts.set('payloads', SQLI.length);
    const send = async (
      method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
      url: string,
      payload?: object | string,
    ) => {
      const app = url.startsWith('/api/admin') ? h.admin : h.app;
      const res = await app.inject({
        method,
        url,
        headers: typeof payload === 'string' ? { ...headers, 'content-type': 'text/csv' } : headers,
        ...(payload === undefined ? {} : { payload }),
      });
      counts.add('requests');
      if (res.statusCode >= 500) counts.add('5xx');
      expect(res.statusCode, `${method} ${url} ${JSON.stringify(payload)}`).toBeLessThan(500);
      return res;
    };
    const before = await rowCounts(h.database);
    for (const s of SQLI) {
      const e = encodeURIComponent(s);
      const c = `/api/admin/campaigns/${e}`;
      for (const url of [
        `/api/campaign/${e}`,
        `/api/template/${e}`,
        c,
        `${c}/links`,
        `${c}/links.csv`,
        `${c}/results`,
        `${c}/results.csv`,
      ])
        expect((await send('GET', url)).statusCode).toBe(404);
      await send('PATCH', c, { ends_at: null });
      await send('POST', `${c}/end`);
      await send('POST', `${c}/recipients`, 'email\nx@example.com\n');
      await send('DELETE', `/api/admin/reports/${e}`);
      await send('DELETE', `/api/admin/keys/${e}`);
      await send('DELETE', `/api/admin/malicious-urls?url=${e}`);
      await send('GET', `/api/admin/reports?pending=${e}`);
      await send('GET', `/api/admin/campaigns/${me.campaignId}/results?pseudonymise=${e}`);
      await send('POST', '/api/events', {
        rid: s,
        type: 'clicked',
        details: { reason: 'render_beacon', elapsed_ms: 1 },
      });
    }
    expect(await rowCounts(h.database), 'refused requests stored nothing').toEqual(before);

    // Accepted requests store the payload verbatim: a campaign name, a reporter, a first name.
    for (const [i, s] of SQLI.entries()) {
      const created = await send('POST', '/api/admin/campaigns', {
        name: s,
        phishing: {},
        awareness: { content: s },
      });
      const id = created.json<{ id: string }>().id;
      expect((await send('GET', `/api/admin/campaigns/${id}`)).json()).toMatchObject({
        campaign: { name: s },
      });
      const csv = `email,first_name\nperson${i}@example.com,"${s.replace(/"/g, '""')}"\n`;
      expect((await send('POST', `/api/admin/campaigns/${me.campaignId}/recipients`, csv)).statusCode).toBe(
        200,
      );
      const url = `https://sqli.example/${i}?q=${encodeURIComponent(s)}`;
      expect((await send('POST', '/api/admin/reports', { urls: [url], reporter: s })).statusCode).toBe(200);
      counts.add('stored verbatim', 2);
    }
    const links = (await send('GET', `/api/admin/campaigns/${me.campaignId}/links`)).json<{
      links: { first_name: string }[];
    }>();
    const names = links.links.map((l) => l.first_name);
    for (const s of SQLI) expect(names).toContain(s);
    counts.add('stored verbatim', SQLI.length);

    // The bystander's objects are all still there and still theirs.
    const theirs = { authorization: `Bearer ${bystander.apiKey}` };
    const own = await h.admin.inject({
      method: 'GET',
      url: `/api/admin/campaigns/${bystander.campaignId}/links`,
      headers: theirs,
    });
    const ok = own.statusCode === 200 && own.json<{ links: unknown[] }>().links.length === 2;
    if (!ok) counts.add("bystander's rows changed");
    expect(ok).toBe(true);
  });
});
