import { createHmac } from 'node:crypto';
import { SignJWT, type JWTPayload } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { describeEachDatabase, TEST_SECRET, type Harness, withRateLimitedApp } from '@server/test/harness';
import { createTenant } from '../tenants/tenants.service';
import { mintPollToken } from './poll-token';
import { currentDecisions } from './poll.service';

const KNOWN = 'https://known.example/login';
const FRESH = 'https://fresh.example/path?q=1';
const OTHER = 'https://other.example/';
const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const now = () => Math.floor(Date.now() / 1000);
// Asymmetric matchers are typed `any`; held as `unknown` so the expected objects stay typed.
const ANY_STRING: unknown = expect.any(String);
const ISO_TIME: unknown = expect.stringMatching(/^\d{4}-\d\d-\d\dT/);

function sign(claims: JWTPayload, options: { alg?: string; secret?: string } = {}) {
  return new SignJWT(claims)
    .setProtectedHeader({ alg: options.alg ?? 'HS256', typ: 'JWT' })
    .sign(new TextEncoder().encode(options.secret ?? TEST_SECRET));
}

function submit(h: Harness, token: string | undefined, payload: unknown = { url: FRESH, decision: 'TP' }) {
  return h.app.inject({
    method: 'POST',
    url: '/api/submit',
    headers: {
      'content-type': 'application/json',
      ...(token === undefined ? {} : { authorization: `Bearer ${token}` }),
    },
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
  });
}

describeEachDatabase('POST /api/submit', (get) => {
  let tenantId = '';
  let claims: JWTPayload;
  let token = '';

  beforeAll(async () => {
    const { db } = get().database;
    ({ tenantId } = await createTenant(db, 'Poll tenant'));
    await db
      .insertInto('malicious_urls')
      .values({ tenant_id: tenantId, url: KNOWN, source: 'import', created_at: new Date().toISOString() })
      .execute();
    claims = {
      urls: { [KNOWN]: true, [FRESH]: false },
      tid: tenantId,
      jti: 'jti-1',
      sub: 'ana',
      exp: now() + 600,
    };
    token = await mintPollToken(TEST_SECRET, {
      tenantId,
      urls: { [KNOWN]: true, [FRESH]: false },
      expiresInSeconds: 600,
      reviewer: 'ana',
    });
  });

  const rows = () => get().database.db.selectFrom('url_reviews').selectAll().orderBy('seq').execute();
  const malicious = () =>
    get()
      .database.db.selectFrom('malicious_urls')
      .select(['url', 'source'])
      .where('tenant_id', '=', tenantId)
      .orderBy('url')
      .execute();

  it('answers 401 with the JSON error shape for every kind of bad token, and records nothing', async () => {
    const noExp = { ...claims, exp: undefined };
    const noTid = { ...claims, tid: undefined };
    const [header, payload] = token.split('.');
    const rs256Header = b64({ alg: 'RS256', typ: 'JWT' });
    const cases: Record<string, [string | undefined, string]> = {
      'no header': [undefined, 'token_missing'],
      'not a JWT': ['hello-world', 'token_invalid'],
      'bad signature': [`${header}.${payload}.${'A'.repeat(43)}`, 'token_invalid'],
      'alg none': [`${b64({ alg: 'none', typ: 'JWT' })}.${payload}.`, 'token_invalid'],
      HS512: [await sign(claims, { alg: 'HS512' }), 'token_invalid'],
      'RS256 header, HMAC-signed with the secret': [
        `${rs256Header}.${payload}.${createHmac('sha256', TEST_SECRET).update(`${rs256Header}.${payload}`).digest('base64url')}`,
        'token_invalid',
      ],
      'other secret': [
        await sign(claims, { secret: 'another-secret-0123456789abcdef-0123456789' }),
        'token_invalid',
      ],
      expired: [await sign({ ...claims, exp: now() - 10 }), 'token_expired'],
      'no exp': [await sign(noExp), 'token_claims_invalid'],
      'no tid': [await sign(noTid), 'token_claims_invalid'],
      'unknown tenant': [await sign({ ...claims, tid: 'no-such-tenant' }), 'token_invalid'],
      'urls not a map of booleans': [await sign({ ...claims, urls: [FRESH] }), 'token_claims_invalid'],
    };
    for (const [name, [bad, code]] of Object.entries(cases)) {
      const res = await submit(get(), bad);
      expect(res.statusCode, name).toBe(401);
      expect(res.headers['content-type'], name).toMatch(/application\/json/);
      expect(res.json(), name).toEqual({ error: { code, message: ANY_STRING } });
    }
    const basic = await get().app.inject({
      method: 'POST',
      url: '/api/submit',
      headers: { authorization: `Basic ${token}` },
      payload: { url: FRESH, decision: 'TP' },
    });
    expect(basic.statusCode).toBe(401);
    expect(await rows()).toEqual([]);
  });

  it('answers 403 for a URL that is not a key of the token, even an inherited property name', async () => {
    for (const url of [OTHER, '__proto__', 'constructor']) {
      const res = await submit(get(), token, { url, decision: 'TP' });
      expect(res.statusCode, url).toBe(403);
      expect(res.json()).toEqual({ error: { code: 'url_not_in_token', message: ANY_STRING } });
    }
    expect(await rows()).toEqual([]);
  });

  it('answers 400 for malformed bodies and 413 for an oversized one', async () => {
    const bad: [unknown, number, string][] = [
      [{ decision: 'TP' }, 400, 'validation_failed'],
      [{ url: FRESH, decision: 'MAYBE' }, 400, 'validation_failed'],
      [{ url: FRESH }, 400, 'validation_failed'],
      [{ url: 42, decision: 'TP' }, 400, 'validation_failed'],
      ['{"url":', 400, 'invalid_json'],
      [{ url: 'x'.repeat(5000), decision: 'TP' }, 400, 'validation_failed'],
      [{ url: FRESH, decision: 'TP', pad: 'x'.repeat(20 * 1024) }, 413, 'body_too_large'],
    ];
    for (const [payload, status, code] of bad) {
      const res = await submit(get(), token, payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 40)).toBe(status);
      expect(res.json()).toEqual({ error: { code, message: ANY_STRING } });
    }
    expect(await rows()).toEqual([]);
  });

  it('records a valid decision with tenant, jti, reviewer and time, and answers 200', async () => {
    const res = await submit(get(), token, { url: FRESH, decision: '' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ url: FRESH, decision: '', at: ISO_TIME });
    const [row] = await rows();
    expect(row).toMatchObject({
      tenant_id: tenantId,
      url: FRESH,
      decision: '',
      jti: ANY_STRING,
      reviewer: 'ana',
    });
    expect(row?.created_at).toBe(res.json<{ at: string }>().at);
    // An empty decision changes nothing in the malicious-URL database.
    expect(await malicious()).toEqual([{ url: KNOWN, source: 'import' }]);
  });

  it('TP adds the URL, a later FP removes it again; resubmitting changes the current decision', async () => {
    expect((await submit(get(), token, { url: FRESH, decision: 'TP' })).statusCode).toBe(200);
    expect(await malicious()).toEqual([
      { url: FRESH, source: 'review' },
      { url: KNOWN, source: 'import' },
    ]);
    expect((await submit(get(), token, { url: FRESH, decision: 'TP' })).statusCode).toBe(200);
    expect((await currentDecisions(get().database.db, tenantId)).find((d) => d.url === FRESH)?.decision).toBe(
      'TP',
    );

    expect((await submit(get(), token, { url: FRESH, decision: 'FP' })).statusCode).toBe(200);
    expect(await malicious()).toEqual([{ url: KNOWN, source: 'import' }]);
    const current = await currentDecisions(get().database.db, tenantId);
    expect(current).toEqual([{ url: FRESH, decision: 'FP', reviewer: 'ana', at: ANY_STRING }]);
    // Append-only: every decision is kept, in the order submitted, each with its own seq.
    const all = (await rows()).filter((r) => r.url === FRESH);
    expect(all.map((r) => r.decision)).toEqual(['', 'TP', 'TP', 'FP']);
    expect(new Set(all.map((r) => r.seq)).size).toBe(all.length);
  });

  it('FP never removes an imported URL, and TP on it keeps it imported', async () => {
    expect((await submit(get(), token, { url: KNOWN, decision: 'TP' })).statusCode).toBe(200);
    expect((await submit(get(), token, { url: KNOWN, decision: 'FP' })).statusCode).toBe(200);
    expect(await malicious()).toEqual([{ url: KNOWN, source: 'import' }]);
    expect((await currentDecisions(get().database.db, tenantId)).find((d) => d.url === KNOWN)?.decision).toBe(
      'FP',
    );
  });
});

describe('POST /api/submit rate limit', () => {
  it('answers 429 in the error shape once the per-minute budget is spent, before checking the token', async () => {
    await withRateLimitedApp(3, async (app) => {
      const statuses: number[] = [];
      for (let i = 0; i < 5; i += 1) {
        const res = await app.inject({
          method: 'POST',
          url: '/api/submit',
          payload: { url: FRESH, decision: 'TP' },
        });
        statuses.push(res.statusCode);
        if (res.statusCode === 429) expect(res.json()).toMatchObject({ error: { code: 'rate_limited' } });
      }
      expect(statuses).toEqual([401, 401, 401, 429, 429]);
    });
  });
});
