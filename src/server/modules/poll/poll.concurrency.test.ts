/**
 * Many reviewers deciding on one URL at once: whatever order the transactions commit in, the
 * current decision (highest seq) and the malicious-URL database must agree afterwards.
 */
import { beforeAll, expect, it } from 'vitest';
import type { PollDecision } from '@shared/poll';
import { describeEachDatabase, TEST_SECRET } from '@server/test/harness';
import { knownMaliciousUrls } from '../malicious-urls/malicious-urls.repository';
import { createTenant } from '../tenants/tenants.service';
import { mintPollToken, verifyPollToken, type PollClaims } from './poll-token';
import { currentDecisions, recordDecision } from './poll.service';

const CONTESTED = 'https://contested.example/login';
const ROUNDS = 10;
const SUBMITS_PER_ROUND = 40;

describeEachDatabase('concurrent decisions on one URL', (get) => {
  let tenantId = '';
  let claims: PollClaims;

  beforeAll(async () => {
    ({ tenantId } = await createTenant(get().database.db, 'Contested tenant'));
    const token = await mintPollToken(TEST_SECRET, {
      tenantId,
      urls: { [CONTESTED]: false },
      expiresInSeconds: 600,
    });
    claims = await verifyPollToken(TEST_SECRET, token);
  });

  it('leaves the current decision and the malicious-URL database in agreement', async () => {
    const { database } = get();
    const outcomes: { round: number; current?: PollDecision; known: boolean }[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      // Straight to the service, all at once: on PostgreSQL the pool's five connections then
      // run overlapping transactions (through app.inject, request handling spaces them out).
      const decisions = Array.from({ length: SUBMITS_PER_ROUND }, (_, i): PollDecision =>
        (i + round) % 2 === 0 ? 'TP' : 'FP',
      );
      await Promise.all(
        decisions.map((decision) => recordDecision(database.db, claims, { url: CONTESTED, decision })),
      );

      const current = (await currentDecisions(database.db, tenantId)).find(
        (d) => d.url === CONTESTED,
      )?.decision;
      const known = (await knownMaliciousUrls(database.db, tenantId, [CONTESTED])).has(CONTESTED);
      outcomes.push({ round, current, known });
    }
    expect(outcomes.filter((o) => o.known !== (o.current === 'TP'))).toEqual([]);
    const reviews = await database.db
      .selectFrom('url_reviews')
      .select('seq')
      .where('tenant_id', '=', tenantId)
      .execute();
    expect(new Set(reviews.map((r) => r.seq)).size).toBe(ROUNDS * SUBMITS_PER_ROUND);
  });
});
