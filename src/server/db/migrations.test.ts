import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { databaseKinds } from '../test/harness';
import { migrateTo, migrateToLatest } from './migrate';

for (const kind of databaseKinds()) {
  describe(`migrations [${kind.name}]`, () => {
    it('fills recipients’ steps and scores from the events recorded before them', async () => {
      const { database, dispose } = await kind.open({ migrate: false });
      try {
        const { db } = database;
        await migrateTo(db, '2026-11-23-0001-results-order-index');
        const at = '2026-11-01T00:00:00.000Z';
        await sql`insert into tenants (id, name, created_at) values ('t', 'T', ${at})`.execute(db);
        await sql`insert into campaigns (id, tenant_id, name, content, language_code, created_at)
          values ('c', 't', 'C', '{}', 'en', ${at})`.execute(db);
        for (const id of ['r1', 'r2', 'r3']) {
          await sql`insert into recipients (id, tenant_id, campaign_id, rid, status, created_at)
            values (${id}, 't', 'c', ${`rid-${id}`}, 'created', ${at})`.execute(db);
        }
        const events: [string, string, string][] = [
          ['r1', 'visited', '{}'],
          ['r1', 'clicked', '{}'],
          ['r1', 'questionnaire_completed', '{"answers":{},"score":75,"passed":true}'],
          ['r2', 'visited', '{}'],
          ['r2', 'questionnaire_completed', 'not json'],
        ];
        for (const [i, [recipient, type, details]] of events.entries()) {
          await sql`insert into events (id, tenant_id, campaign_id, recipient_id, type, details, created_at)
            values (${`e${i}`}, 't', 'c', ${recipient}, ${type}, ${details}, ${at})`.execute(db);
        }
        expect(await migrateToLatest(db)).toContain('2026-11-23-0002-recipient-steps');
        const rows = await db
          .selectFrom('recipients')
          .select(['id', 'steps', 'score'])
          .orderBy('id')
          .execute();
        expect(
          rows.map((r) => ({
            ...r,
            steps: Number(r.steps),
            score: r.score === null ? null : Number(r.score),
          })),
        ).toEqual([
          { id: 'r1', steps: 1 + 2 + 64, score: 75 },
          { id: 'r2', steps: 1 + 64, score: null },
          { id: 'r3', steps: 0, score: null },
        ]);
      } finally {
        await dispose();
      }
    });
  });
}
