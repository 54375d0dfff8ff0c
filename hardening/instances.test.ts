/**
 * Many instances, one PostgreSQL: two real server processes on one database behave as one
 * service. The per-client rate limit is one budget across both; concurrent reviewer decisions
 * through both leave the current decision and the malicious-URL database in agreement; a
 * campaign ended through one is closed on the other at once; a reviewer link revoked through one
 * is refused by both at once. Needs PostgreSQL (TEST_DATABASE_URL).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '@server/db/database';
import { migrateToLatest } from '@server/db/migrate';
import { MINIMAL_CAMPAIGN, seedCampaign } from '@server/test/campaign-fixtures';
import { mintPollToken } from '@server/modules/poll/poll-token';
import { createTenant } from '@server/modules/tenants/tenants.service';
import { durablePostgres, type DurableDb } from './support/durable-db';
import { freePort, startProcess, type ServerProcess } from './support/process-server';

const SECRET = 'instances-secret-0123456789-0123456789-abcdef';
const URL_UNDER_REVIEW = 'https://instances.example/login';
const REVOKED_URL = 'https://instances.example/revoked';
const pgUrl = process.env.TEST_DATABASE_URL;

if (!pgUrl) {
  if (process.env.REQUIRE_PG === '1') throw new Error('REQUIRE_PG=1 but TEST_DATABASE_URL is not set');
  console.warn('\n*** SKIPPED: two-instance tests need PostgreSQL (set TEST_DATABASE_URL) ***\n');
}

async function pair(store: DurableDb, rateLimit: string): Promise<[ServerProcess, ServerProcess]> {
  const env = { ...store.env, POLL_TOKEN_SECRET: SECRET, RATE_LIMIT_PER_MINUTE: rateLimit };
  return Promise.all([startProcess(env, await freePort()), startProcess(env, await freePort())]);
}

describe.runIf(pgUrl)('two instances on one PostgreSQL', () => {
  let store: DurableDb;
  let seeded: { apiKey: string; campaignId: string; rid: string; token: string };
  const running: ServerProcess[] = [];

  beforeAll(async () => {
    store = await durablePostgres(pgUrl ?? '');
    const database = openDatabase(store.url);
    try {
      await migrateToLatest(database.db);
      const { tenantId, apiKey } = await createTenant(database.db, 'Instances');
      const campaign = await seedCampaign(database.db, MINIMAL_CAMPAIGN, { tenantId });
      const token = await mintPollToken(SECRET, {
        tenantId,
        urls: { [URL_UNDER_REVIEW]: false },
        expiresInSeconds: 3600,
      });
      seeded = { apiKey, campaignId: campaign.campaignId, rid: campaign.recipients[0]?.rid ?? '', token };
    } finally {
      await database.close();
    }
  }, 60_000);

  afterAll(async () => {
    await Promise.all(running.map((server) => server.kill('SIGTERM')));
    await store.dispose();
  });

  it('holds one rate-limit budget per client across both instances', async () => {
    const [a, b] = await pair(store, '4');
    running.push(a, b);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const server = i % 2 === 0 ? a : b;
      statuses.push((await fetch(`${server.url}/api/campaign/${'A'.repeat(32)}`)).status);
    }
    // Four requests in the budget, whichever instance answered them; then both refuse.
    expect(statuses).toEqual([404, 404, 404, 404, 429, 429]);
  });

  /** Two instances with the budget out of the way, shared by the tests below. */
  let both: Promise<[ServerProcess, ServerProcess]> | undefined;
  const unlimited = () => {
    both ??= pair(store, '100000').then((servers) => {
      running.push(...servers);
      return servers;
    });
    return both;
  };

  it('keeps decisions and the malicious-URL database in agreement under concurrent submits through both', async () => {
    const [a, b] = await unlimited();
    const submit = (server: ServerProcess, decision: 'TP' | 'FP') =>
      fetch(`${server.url}/api/submit`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${seeded.token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ url: URL_UNDER_REVIEW, decision }),
      }).then((res) => res.status);
    for (let round = 0; round < 3; round++) {
      const statuses = await Promise.all(
        Array.from({ length: 30 }, (_, i) => submit(i % 2 === 0 ? a : b, i % 3 === 0 ? 'TP' : 'FP')),
      );
      expect(statuses.every((status) => status === 200)).toBe(true);
      const database = openDatabase(store.url);
      try {
        const latest = await database.db
          .selectFrom('url_reviews')
          .select('decision')
          .where('url', '=', URL_UNDER_REVIEW)
          .orderBy('seq', 'desc')
          .limit(1)
          .executeTakeFirstOrThrow();
        const listed = await database.db
          .selectFrom('malicious_urls')
          .select('url')
          .where('url', '=', URL_UNDER_REVIEW)
          .executeTakeFirst();
        expect(listed !== undefined, `round ${round}: latest ${latest.decision}`).toBe(
          latest.decision === 'TP',
        );
      } finally {
        await database.close();
      }
    }
  });

  it('refuses a reviewer link revoked through one instance on both at once', async () => {
    const [a, b] = await unlimited();
    const admin = { Authorization: `Bearer ${seeded.apiKey}`, 'Content-Type': 'application/json' };
    const minted = await fetch(`${a.adminUrl}/api/admin/reviewer-links`, {
      method: 'POST',
      headers: admin,
      body: JSON.stringify({ urls: [REVOKED_URL], reviewer: 'Rita', expires_in_hours: 1 }),
    });
    expect(minted.status).toBe(201);
    const link = (await minted.json()) as { id: string; url: string };
    const token = new URL(link.url).searchParams.get('p') ?? '';
    const reviewer = { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' };
    const decide = (server: ServerProcess) =>
      fetch(`${server.url}/api/submit`, {
        method: 'POST',
        headers: reviewer,
        body: JSON.stringify({ url: REVOKED_URL, decision: 'TP' }),
      });
    const read = (server: ServerProcess) => fetch(`${server.url}/api/decisions`, { headers: reviewer });
    // Both instances have verified (and cached) the token before it is revoked.
    for (const server of [a, b]) {
      expect((await read(server)).status).toBe(200);
      expect((await decide(server)).status).toBe(200);
    }

    const revoked = await fetch(`${b.adminUrl}/api/admin/reviewer-links/${link.id}`, {
      method: 'DELETE',
      headers: { Authorization: `Bearer ${seeded.apiKey}` },
    });
    expect(revoked.status).toBe(204);
    for (const server of [a, b]) {
      for (const res of [await decide(server), await read(server)]) {
        expect(res.status, server.url).toBe(401);
        expect(await res.json()).toMatchObject({ error: { code: 'token_revoked' } });
      }
    }
  });

  it('closes a campaign ended through one instance on the other at once', async () => {
    const [a, b] = await unlimited();
    expect((await fetch(`${b.url}/api/campaign/${seeded.rid}`)).status).toBe(200);
    const ended = await fetch(`${a.adminUrl}/api/admin/campaigns/${seeded.campaignId}/end`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${seeded.apiKey}` },
    });
    expect(ended.status).toBe(200);
    for (const server of [b, a]) {
      expect((await fetch(`${server.url}/api/campaign/${seeded.rid}`)).status).toBe(404);
    }
  });
});
