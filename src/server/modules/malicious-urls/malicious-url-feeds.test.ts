import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import Ajv2020 from 'ajv/dist/2020.js';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import type { MaliciousUrl } from '@shared/malicious-urls';
import { newTenant, type TestTenant } from '@server/test/admin-fixtures';
import { describeEachDatabase, TEST_SECRET, type Harness } from '@server/test/harness';
import { createUser } from '../accounts/accounts.service';
import { mintPollToken } from '../poll/poll-token';
import { feedCsv, stixBundle } from './malicious-url-feeds';

const FEEDS = [
  '/api/admin/feeds/blocklist.txt',
  '/api/admin/feeds/blocklist.txt?as=host',
  '/api/admin/feeds/malicious-urls.csv',
  '/api/admin/feeds/stix.json',
  '/api/admin/feeds/misp.json',
];
const QUOTED = "https://evil.example/it's?q=a\\b";

/** The STIX 2.1 schemas in fixtures/stix2.1 (see its README), compiled once. */
function stixValidator() {
  const root = path.join(import.meta.dirname, 'fixtures/stix2.1');
  const ajv = new Ajv2020({ allErrors: true, strict: false });
  for (const dir of ['common', 'sdos'])
    for (const name of readdirSync(path.join(root, dir)))
      ajv.addSchema(JSON.parse(readFileSync(path.join(root, dir, name), 'utf8')) as object);
  const validate = ajv.getSchema('https://hookwise.invalid/stix2.1/common/bundle.json');
  if (!validate) throw new Error('bundle schema not loaded');
  return (value: unknown) => (validate(value) ? [] : (validate.errors ?? []).map((e) => e.message));
}

const get = (h: Harness, t: TestTenant, url: string, headers: Record<string, string> = {}) =>
  h.admin.inject({ method: 'GET', url, headers: { ...t.headers, ...headers } });
const importUrls = (h: Harness, t: TestTenant, urls: string[]) =>
  h.admin.inject({ method: 'POST', url: '/api/admin/malicious-urls', headers: t.headers, payload: { urls } });

interface Stix {
  objects: { type: string; id: string; pattern?: string; created_by_ref?: string }[];
}
interface Misp {
  Event: { Attribute: { value: string; uuid: string; type: string; to_ids: boolean }[] };
}

describeEachDatabase('feeds out of the malicious-URL database', (get_) => {
  it("carry the tenant's URLs, a reviewer's TP included, and none of another tenant's", async () => {
    const h = get_();
    const tenant = await newTenant(h, 'Feeds A');
    const other = await newTenant(h, 'Feeds B');
    await importUrls(h, tenant, [
      'https://Bad.example/x',
      'https://bad.example./y',
      'https://BÜCHER.example/',
      'http://[2001:db8::1]/a',
    ]);
    await importUrls(h, other, ['https://other-tenant.example/secret']);

    // The real reviewer flow: a poll token, a TP submitted on /api/submit.
    const marked = 'https://phish.example/login?next=1';
    const token = await mintPollToken(TEST_SECRET, {
      tenantId: tenant.tenantId,
      urls: { [marked]: false },
      expiresInSeconds: 600,
      reviewer: 'ana',
    });
    const submit = (decision: string) =>
      h.app.inject({
        method: 'POST',
        url: '/api/submit',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        payload: { url: marked, decision },
      });
    expect((await submit('TP')).statusCode).toBeLessThan(300);

    const [urls, hosts, csv, stix, misp] = await Promise.all(FEEDS.map((url) => get(h, tenant, url)));
    for (const res of [urls, hosts, csv, stix, misp]) {
      expect(res!.statusCode).toBe(200);
      expect(res!.headers['cache-control']).toContain('no-cache');
      expect(res!.headers.etag).toMatch(/^"[\w-]+"$/);
      expect(res!.body).not.toContain('other-tenant.example');
    }
    expect(urls!.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(urls!.body).toBe(
      'http://[2001:db8::1]/a\nhttps://bad.example./y\nhttps://bad.example/x\n' +
        'https://phish.example/login?next=1\nhttps://xn--bcher-kva.example/\n',
    );
    expect(hosts!.body).toBe('2001:db8::1\nbad.example\nphish.example\nxn--bcher-kva.example\n');

    expect(csv!.headers['content-type']).toBe('text/csv; charset=utf-8');
    const records = parse<Record<string, string>>(csv!.body, { columns: true });
    expect(records.map((r) => [r.url, r.host, r.source])).toContainEqual([marked, 'phish.example', 'review']);
    expect(Object.keys(records[0]!)).toEqual(['url', 'host', 'source', 'added_at']);

    expect(stix!.headers['content-type']).toMatch(/^application\/stix\+json; ?version="?2\.1"?/);
    const bundle = stix!.json<Stix>();
    expect(stixValidator()(bundle)).toEqual([]);
    const [identity, ...indicators] = bundle.objects;
    expect(identity).toMatchObject({ type: 'identity', name: 'Feeds A (Hookwise)' });
    expect(indicators.map((i) => i.pattern)).toContain(`[url:value = '${marked}']`);
    expect(indicators.every((i) => i.created_by_ref === identity!.id)).toBe(true);

    expect(misp!.headers['content-type']).toBe('application/json; charset=utf-8');
    const event = misp!.json<Misp>().Event;
    expect(event.Attribute).toContainEqual(
      expect.objectContaining({ type: 'url', value: marked, to_ids: true, category: 'Network activity' }),
    );

    // Pulled again: the same bytes, so the same ids (STIX indicators, MISP uuids) for each URL.
    expect((await get(h, tenant, '/api/admin/feeds/stix.json')).body).toBe(stix!.body);
    expect((await get(h, tenant, '/api/admin/feeds/misp.json')).body).toBe(misp!.body);

    // A later FP takes the reviewed URL out of every feed again.
    await submit('FP');
    for (const url of FEEDS) expect((await get(h, tenant, url)).body, url).not.toContain('phish.example');
  });

  it('answers 304 to If-None-Match and If-Modified-Since until the list changes', async () => {
    const h = get_();
    const tenant = await newTenant(h);
    const empty = await get(h, tenant, '/api/admin/feeds/blocklist.txt');
    expect(empty.body).toBe('');
    expect(empty.headers['last-modified']).toBeUndefined();
    await importUrls(h, tenant, ['https://one.example/']);

    for (const url of FEEDS) {
      const first = await get(h, tenant, url);
      expect(first.headers.etag, url).not.toBe(empty.headers.etag);
      const again = await get(h, tenant, url, { 'if-none-match': String(first.headers.etag) });
      expect(again.statusCode, url).toBe(304);
      expect(again.body, url).toBe('');
      expect(again.headers.etag).toBe(first.headers.etag);
      const listed = await get(h, tenant, url, {
        'if-none-match': `"other", W/${String(first.headers.etag)}`,
      });
      expect(listed.statusCode, url).toBe(304);
    }
    // The formats differ, so do their tags.
    const tags = await Promise.all(FEEDS.map(async (url) => (await get(h, tenant, url)).headers.etag));
    expect(new Set(tags).size).toBe(FEEDS.length);

    // Last-Modified once the second of the change is over; sent back, it answers 304.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const dated = await get(h, tenant, '/api/admin/feeds/stix.json');
    const lastModified = String(dated.headers['last-modified']);
    expect(lastModified).toMatch(/ GMT$/);
    const since = (value: string) =>
      get(h, tenant, '/api/admin/feeds/stix.json', { 'if-modified-since': value });
    expect((await since(lastModified)).statusCode).toBe(304);
    expect((await since('Sat, 01 Jan 2000 00:00:00 GMT')).statusCode).toBe(200);
    expect((await since('not a date')).statusCode).toBe(200);

    // A change (a removal too) gives a new tag and a 200 for the old validators.
    const before = String(dated.headers.etag);
    await h.admin.inject({
      method: 'DELETE',
      url: '/api/admin/malicious-urls?url=https%3A%2F%2Fone.example%2F',
      headers: tenant.headers,
    });
    const changed = await get(h, tenant, '/api/admin/feeds/stix.json', { 'if-none-match': before });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(before);
    expect(changed.body).not.toContain('one.example');
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect((await since(lastModified)).statusCode).toBe(200);
  });

  it("escapes ' and \\ in STIX patterns, and the bundle still validates", async () => {
    const h = get_();
    const tenant = await newTenant(h);
    expect((await importUrls(h, tenant, [QUOTED])).statusCode).toBe(200);
    const bundle = (await get(h, tenant, '/api/admin/feeds/stix.json')).json<Stix>();
    expect(bundle.objects[1]!.pattern).toBe("[url:value = 'https://evil.example/it\\'s?q=a\\\\b']");
    expect(stixValidator()(bundle)).toEqual([]);
    const misp = (await get(h, tenant, '/api/admin/feeds/misp.json')).json<Misp>();
    expect(misp.Event.Attribute[0]!.value).toBe(QUOTED);
  });

  it("answers a viewer's console session, and 401 without a key or a session", async () => {
    const h = get_();
    const tenant = await newTenant(h);
    await importUrls(h, tenant, ['https://viewed.example/']);
    const email = `viewer-${tenant.tenantId}@example.com`;
    const password = 'a long enough password';
    await createUser(h.database.db, tenant.tenantId, { email, name: 'Vera', role: 'viewer', password });
    const session = await h.admin.inject({
      method: 'POST',
      url: '/api/admin/session',
      payload: { email, password },
    });
    const cookie = session.cookies.find((c) => c.name === 'hw_session');
    expect(cookie, session.body).toBeDefined();
    for (const url of FEEDS) {
      const res = await h.admin.inject({
        method: 'GET',
        url,
        headers: { cookie: `hw_session=${cookie!.value}` },
      });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('viewed.example');
      expect((await h.admin.inject({ method: 'GET', url })).statusCode, url).toBe(401);
    }
  });
});

describe('feed documents', () => {
  const row = (url: string, source = 'import'): MaliciousUrl => ({
    url,
    source: source as MaliciousUrl['source'],
    created_at: '2026-12-09T10:00:00.000Z',
  });

  it('neutralises CSV cells that start like a formula', () => {
    const text = feedCsv([row('https://a.example/', '=HYPERLINK("http://evil.example")')]);
    const [record] = parse<Record<string, string>>(text, { columns: true });
    expect(record!.source).toBe(`'=HYPERLINK("http://evil.example")`);
  });

  it('the schema refuses what STIX 2.1 forbids (so passing it means something)', () => {
    const tenant = { id: 't1', name: 'T', created_at: '2026-12-01T00:00:00.000Z' };
    const good = stixBundle(tenant, [row('https://a.example/')], 1);
    const validate = stixValidator();
    expect(validate(good)).toEqual([]);
    const [identity, indicator] = good.objects;
    const broken = (change: object) => ({ ...good, objects: [identity, { ...indicator, ...change }] });
    expect(validate(broken({ created: '2026-12-09T10:00:00Z' }))).not.toEqual([]);
    expect(validate(broken({ spec_version: '2.0' }))).not.toEqual([]);
    expect(validate(broken({ id: 'indicator--not-a-uuid' }))).not.toEqual([]);
    expect(validate({ ...good, objects: [identity, { ...indicator, pattern_type: undefined }] })).not.toEqual(
      [],
    );
  });
});
