import { beforeAll, describe, expect, it } from 'vitest';
import { describeEachDatabase, TEST_SECRET, type Harness, withRateLimitedApp } from '@server/test/harness';
import { createTenant } from '../tenants/tenants.service';
import { mintPollToken } from './poll-token';
import { currentDecisions } from './poll.service';

const A = 'https://a.example/login';
const B = 'https://b.example/reset?x=1';
const C = 'https://c.example/';
const ELSEWHERE = 'https://elsewhere.example/';
const ANY_STRING: unknown = expect.any(String);
const ISO_TIME: unknown = expect.stringMatching(/^\d{4}-\d\d-\d\dT/);

function submit(h: Harness, token: string, url: string, decision: string) {
  return h.app.inject({
    method: 'POST',
    url: '/api/submit',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    payload: { url, decision },
  });
}

function decisions(h: Harness, authorization: string | undefined) {
  return h.app.inject({
    method: 'GET',
    url: '/api/decisions',
    headers: authorization === undefined ? {} : { authorization },
  });
}

describeEachDatabase('GET /api/decisions and decisions without a choice', (get) => {
  let tenantId = '';
  let ana = '';
  let bob = '';

  beforeAll(async () => {
    ({ tenantId } = await createTenant(get().database.db, 'Decisions tenant'));
    const mint = (urls: string[], reviewer: string) =>
      mintPollToken(TEST_SECRET, {
        tenantId,
        urls: Object.fromEntries(urls.map((url) => [url, false])),
        expiresInSeconds: 600,
        reviewer,
      });
    ana = await mint([C, A, B], 'ana');
    bob = await mint([A, ELSEWHERE], 'bob');
  });

  const malicious = () =>
    get().database.db.selectFrom('malicious_urls').select('url').where('tenant_id', '=', tenantId).execute();
  const rowsFor = (url: string) =>
    get()
      .database.db.selectFrom('url_reviews')
      .select(['decision', 'reviewer'])
      .where('url', '=', url)
      .orderBy('seq')
      .execute();

  it('answers 401 in the error shape without a valid bearer poll token', async () => {
    const cases: [string | undefined, string][] = [
      [undefined, 'token_missing'],
      [`Basic ${ana}`, 'token_missing'],
      ['Bearer garbage', 'token_invalid'],
      [`Bearer ${ana.slice(0, -4)}AAAA`, 'token_invalid'],
    ];
    for (const [authorization, code] of cases) {
      const res = await decisions(get(), authorization);
      expect(res.statusCode, authorization).toBe(401);
      expect(res.json()).toEqual({ error: { code, message: ANY_STRING } });
    }
  });

  it('lists nothing before any decision, and an empty submit is only an audit row', async () => {
    expect((await decisions(get(), `Bearer ${ana}`)).json()).toEqual({ decisions: [] });
    const res = await submit(get(), ana, B, '');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ url: B, decision: '', at: ISO_TIME });
    // Stored, with who sent it, but it is no decision: nothing current, nothing listed.
    expect(await rowsFor(B)).toEqual([{ decision: '', reviewer: 'ana' }]);
    expect((await decisions(get(), `Bearer ${ana}`)).json()).toEqual({ decisions: [] });
    expect((await currentDecisions(get().database.db, tenantId)).map((d) => d.url)).not.toContain(B);
  });

  it('an empty submit after TP keeps TP current and the URL in the malicious-URL database', async () => {
    expect((await submit(get(), ana, A, 'TP')).statusCode).toBe(200);
    expect((await submit(get(), ana, A, '')).statusCode).toBe(200);
    expect((await rowsFor(A)).map((r) => r.decision)).toEqual(['TP', '']);
    expect((await currentDecisions(get().database.db, tenantId)).find((d) => d.url === A)).toMatchObject({
      decision: 'TP',
      reviewer: 'ana',
    });
    expect((await malicious()).map((m) => m.url)).toContain(A);
  });

  it("answers the current decision (who, when) of the token's URLs only, in the token's order", async () => {
    expect((await submit(get(), ana, C, 'FP')).statusCode).toBe(200);
    expect((await submit(get(), bob, ELSEWHERE, 'TP')).statusCode).toBe(200);
    const res = await decisions(get(), `Bearer ${ana}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({
      decisions: [
        { url: C, decision: 'FP', reviewer: 'ana', at: ISO_TIME },
        { url: A, decision: 'TP', reviewer: 'ana', at: ISO_TIME },
      ],
    });
    // Another reviewer's later decision on a shared URL is what both tokens now see.
    expect((await submit(get(), bob, A, 'FP')).statusCode).toBe(200);
    const again = await decisions(get(), `Bearer ${ana}`);
    expect(again.json()).toMatchObject({
      decisions: [{ url: C }, { url: A, decision: 'FP', reviewer: 'bob' }],
    });
    const bobs = await decisions(get(), `Bearer ${bob}`);
    expect(bobs.json()).toMatchObject({ decisions: [{ url: A }, { url: ELSEWHERE, decision: 'TP' }] });
  });
});

describe('GET /api/decisions rate limit', () => {
  it('answers 429 in the error shape once the per-minute budget is spent, before checking the token', async () => {
    await withRateLimitedApp(3, async (app) => {
      const statuses: number[] = [];
      for (let i = 0; i < 5; i += 1) {
        const res = await app.inject({ method: 'GET', url: '/api/decisions' });
        statuses.push(res.statusCode);
        if (res.statusCode === 429) expect(res.json()).toMatchObject({ error: { code: 'rate_limited' } });
      }
      expect(statuses).toEqual([401, 401, 401, 429, 429]);
    });
  });
});
