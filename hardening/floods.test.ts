/**
 * Enumeration and floods: a client guessing rids or flooding submit/events runs into 429 (in the
 * JSON error shape) once its per-minute budget is spent, while a legitimate recipient or reviewer
 * on another address is served as usual. Behind a trusted proxy, a forged X-Forwarded-For entry
 * does not buy a fresh budget. Refused requests store nothing.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newRid } from '@server/lib/ids';
import { MINIMAL_CAMPAIGN, seedCampaign } from '@server/test/campaign-fixtures';
import { mintPollToken } from '@server/modules/poll/poll-token';
import { TEST_SECRET } from '@server/test/harness';
import { expectErrorShape, rowCounts } from './support/api';
import { ownApp, type OwnApp } from './support/app';
import { tally } from './support/tally';

const LIMIT = 20;
const FLOOD = 3 * LIMIT;
const ATTACKER = '203.0.113.66';
const counts = tally(
  'floods',
  ['flood requests', 'answered 429', 'legit requests', 'legit served', 'stored by flood'],
  false,
);

interface Flood {
  name: string;
  request: (i: number) => {
    method: 'GET' | 'POST';
    url: string;
    payload?: object;
    headers?: Record<string, string>;
  };
  legit: () => { method: 'GET' | 'POST'; url: string; payload?: object; headers?: Record<string, string> };
  legitStatus: number;
}

describe('rate limits per client', () => {
  let own: OwnApp;
  let rids: string[] = [];
  let token = '';
  const url = 'https://reported.example/x';

  beforeAll(async () => {
    own = await ownApp({ RATE_LIMIT_PER_MINUTE: String(LIMIT) });
    const seeded = await seedCampaign(own.database.db, MINIMAL_CAMPAIGN, {
      recipients: [{ email: 'a@example.com' }, { email: 'b@example.com' }],
    });
    rids = seeded.recipients.map((r) => r.rid);
    token = await mintPollToken(TEST_SECRET, {
      tenantId: seeded.tenantId,
      urls: { [url]: false },
      expiresInSeconds: 600,
    });
  });
  afterAll(() => own?.close());

  const floods = (): Flood[] => [
    {
      name: 'rid guessing',
      request: () => ({ method: 'GET', url: `/api/campaign/${newRid()}` }),
      legit: () => ({ method: 'GET', url: `/api/campaign/${rids[0]}` }),
      legitStatus: 200,
    },
    {
      name: 'template rid guessing',
      request: () => ({ method: 'GET', url: `/api/template/${newRid()}` }),
      legit: () => ({ method: 'GET', url: `/api/campaign/${rids[1]}` }),
      legitStatus: 200,
    },
    {
      name: 'events flood',
      request: (i) => ({
        method: 'POST',
        url: '/api/events',
        payload: { rid: i % 2 ? newRid() : rids[1], type: 'awareness_viewed' },
      }),
      legit: () => ({ method: 'POST', url: '/api/events', payload: { rid: rids[0], type: 'sei_viewed' } }),
      legitStatus: 200,
    },
    {
      name: 'submit flood',
      request: () => ({
        method: 'POST',
        url: '/api/submit',
        headers: { authorization: `Bearer ${randomBytes(40).toString('base64url')}` },
        payload: { url, decision: 'TP' },
      }),
      legit: () => ({
        method: 'POST',
        url: '/api/submit',
        headers: { authorization: `Bearer ${token}` },
        payload: { url, decision: 'FP' },
      }),
      legitStatus: 200,
    },
  ];

  it('answers 429 to the flooding address and serves everyone else', async () => {
    for (const [n, flood] of floods().entries()) {
      const attacker = `203.0.113.${10 + n}`;
      const legit = `198.51.100.${10 + n}`;
      const before = await rowCounts(own.database);
      const statuses: number[] = [];
      for (let i = 0; i < FLOOD; i += 1) {
        const res = await own.app.inject({ ...flood.request(i), remoteAddress: attacker });
        statuses.push(res.statusCode);
        counts.add('flood requests');
        if (res.statusCode === 429) {
          counts.add('answered 429');
          expectErrorShape(res, flood.name);
          expect(res.json(), flood.name).toMatchObject({ error: { code: 'rate_limited' } });
        }
      }
      expect(statuses.slice(LIMIT), flood.name).toEqual(Array(FLOOD - LIMIT).fill(429));
      // Only the two real rids could have been recorded before the budget ran out.
      const after = await rowCounts(own.database);
      counts.add('stored by flood', Math.max(0, (after.events ?? 0) - (before.events ?? 0) - 1));
      const served = await own.app.inject({ ...flood.legit(), remoteAddress: legit });
      counts.add('legit requests');
      expect(served.statusCode, `${flood.name}: legit client`).toBe(flood.legitStatus);
      counts.add('legit served');
    }
  });

  it('does not reset the budget when the client rotates X-Forwarded-For (no trusted proxy)', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < FLOOD; i += 1) {
      const res = await own.app.inject({
        method: 'GET',
        url: `/api/campaign/${newRid()}`,
        remoteAddress: ATTACKER,
        headers: { 'x-forwarded-for': `10.0.${i}.1` },
      });
      counts.add('flood requests');
      if (res.statusCode === 429) counts.add('answered 429');
      statuses.push(res.statusCode);
    }
    expect(statuses.filter((s) => s === 429)).toHaveLength(FLOOD - LIMIT);
  });
});

describe('rate limits behind one trusted proxy (TRUST_PROXY=true)', () => {
  let own: OwnApp;
  beforeAll(async () => {
    own = await ownApp({ RATE_LIMIT_PER_MINUTE: String(LIMIT), TRUST_PROXY: 'true' });
  });
  afterAll(() => own?.close());

  it('limits by the address the proxy saw, whatever the client wrote before it', async () => {
    const proxy = '10.0.0.2';
    const statuses: number[] = [];
    for (let i = 0; i < FLOOD; i += 1) {
      const res = await own.app.inject({
        method: 'GET',
        url: `/api/campaign/${newRid()}`,
        remoteAddress: proxy,
        // The client forges the first entry; the proxy appends the address it really saw.
        headers: { 'x-forwarded-for': `192.0.2.${i % 250}, ${ATTACKER}` },
      });
      counts.add('flood requests');
      if (res.statusCode === 429) counts.add('answered 429');
      statuses.push(res.statusCode);
    }
    expect(statuses.filter((s) => s === 429)).toHaveLength(FLOOD - LIMIT);
    const legit = await own.app.inject({
      method: 'GET',
      url: `/api/campaign/${newRid()}`,
      remoteAddress: proxy,
      headers: { 'x-forwarded-for': '198.51.100.77' },
    });
    counts.add('legit requests');
    expect(legit.statusCode).toBe(404);
    counts.add('legit served');
  });
});
