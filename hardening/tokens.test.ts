/**
 * Forged poll tokens: every token in the corpus is refused with 401 and the code that names
 * what is wrong with it, and nothing reaches the decision log or the malicious-URL database.
 * A genuine token is accepted at the end, so the refusals cannot come from a broken endpoint.
 */
import type { JWTPayload } from 'jose';
import { beforeAll, expect, it } from 'vitest';
import { mintPollToken } from '@server/modules/poll/poll-token';
import { createTenant } from '@server/modules/tenants/tenants.service';
import { describeEachDatabase, TEST_SECRET } from '@server/test/harness';
import { expectErrorShape, rowCounts } from './support/api';
import { forgedTokens } from './support/forged-tokens';
import { tally } from './support/tally';

const URL_IN_TOKEN = 'https://phish.example/login';
const counts = tally('tokens', ['tried', 'refused 401', 'right code', 'stored']);

describeEachDatabase('forged poll tokens', (get) => {
  let genuine = '';
  let claims: JWTPayload = {};

  beforeAll(async () => {
    const { tenantId } = await createTenant(get().database.db, 'Token tenant');
    genuine = await mintPollToken(TEST_SECRET, {
      tenantId,
      urls: { [URL_IN_TOKEN]: false },
      expiresInSeconds: 600,
      reviewer: 'rev',
    });
    claims = JSON.parse(Buffer.from(genuine.split('.')[1] ?? '', 'base64url').toString()) as JWTPayload;
  });

  it('refuses every forged token with 401 and the right code, and stores nothing', async () => {
    const h = get();
    const before = await rowCounts(h.database);
    const corpus = await forgedTokens(claims, genuine);
    expect(corpus.length).toBeGreaterThan(60);
    for (const forged of corpus) {
      const res = await h.app.inject({
        method: 'POST',
        url: '/api/submit',
        headers: forged.authorization === undefined ? {} : { authorization: forged.authorization },
        payload: { url: URL_IN_TOKEN, decision: 'TP' },
      });
      counts.add('tried');
      if (res.statusCode === 401) counts.add('refused 401');
      expect(res.statusCode, forged.name).toBe(401);
      expectErrorShape(res, forged.name);
      expect(res.json<{ error: { code: string } }>().error.code, forged.name).toBe(forged.code);
      counts.add('right code');
    }
    const after = await rowCounts(h.database);
    for (const table of Object.keys(before)) counts.add('stored', (after[table] ?? 0) - (before[table] ?? 0));
    expect(after).toEqual(before);
  });

  it('accepts the genuine token the forgeries were made from', async () => {
    const res = await get().app.inject({
      method: 'POST',
      url: '/api/submit',
      headers: { authorization: `Bearer ${genuine}` },
      payload: { url: URL_IN_TOKEN, decision: 'TP' },
    });
    expect(res.statusCode).toBe(200);
  });
});
