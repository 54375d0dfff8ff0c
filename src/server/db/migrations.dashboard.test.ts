import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { reasonKindBits } from '@server/modules/clicks/click-verdict';
import { databaseKinds } from '../test/harness';
import { migrateTo, migrateToLatest } from './migrate';

const BEFORE = '2026-11-29-0002-sending';
const MIGRATION = '2026-11-30-0001-dashboard-aggregates';

for (const kind of databaseKinds()) {
  describe(`dashboard aggregates migration [${kind.name}]`, () => {
    it('fills each recipient’s first click, its delay and its reason kinds from what was recorded', async () => {
      const opened = await kind.open({ migrate: false });
      try {
        const { db } = opened.database;
        await migrateTo(db, BEFORE);
        const at = '2026-12-01T08:00:00.000Z';
        await sql`insert into tenants (id, name, created_at) values ('t', 'T', ${at})`.execute(db);
        await sql`insert into campaigns (id, tenant_id, name, content, language_code, created_at, launched_at)
          values ('c', 't', 'C', '{}', 'en', ${at}, '2026-12-01T07:00:00.000Z')`.execute(db);
        const recipients: [string, string | null, string | null][] = [
          // Sent at 08:00, a person's click at 08:10:30.5.
          ['r1', at, JSON.stringify(['trusted pointer gesture'])],
          // No send known: timed from the launch (07:00).
          ['r2', null, JSON.stringify(['navigator.webdriver', '2.1 s after send', 'fan-out: 6 recipients'])],
          ['r3', at, JSON.stringify(['plain GET'])],
          ['r4', at, null],
        ];
        for (const [id, sent, reasons] of recipients) {
          await sql`insert into recipients (id, tenant_id, campaign_id, rid, status, created_at, sent_at, verdict_reasons)
            values (${id}, 't', 'c', ${`rid-${id}`}, 'created', ${at}, ${sent}, ${reasons})`.execute(db);
        }
        const clicks: [string, string][] = [
          ['r1', '2026-12-01T08:10:30.500Z'],
          ['r2', '2026-12-01T07:30:00.000Z'],
        ];
        for (const [recipient, clickedAt] of clicks) {
          await sql`insert into events (id, tenant_id, campaign_id, recipient_id, type, details, created_at)
            values (${`e-${recipient}`}, 't', 'c', ${recipient}, 'clicked', '{}', ${clickedAt})`.execute(db);
        }

        expect(await migrateToLatest(db)).toContain(MIGRATION);
        const rows = await db
          .selectFrom('recipients')
          .select(['id', 'clicked_at', 'click_seconds', 'reason_kinds', 'verdict_reasons'])
          .orderBy('id')
          .execute();
        expect(
          rows.map((r) => ({
            id: r.id,
            clicked_at: r.clicked_at,
            click_seconds: r.click_seconds === null ? null : Number(r.click_seconds),
            reason_kinds: Number(r.reason_kinds),
          })),
        ).toEqual([
          { id: 'r1', clicked_at: clicks[0]![1], click_seconds: expect.closeTo(630.5, 2), reason_kinds: 64 },
          {
            id: 'r2',
            clicked_at: clicks[1]![1],
            click_seconds: expect.closeTo(1800, 2),
            reason_kinds: 4 + 16 + 32,
          },
          { id: 'r3', clicked_at: null, click_seconds: null, reason_kinds: 512 },
          { id: 'r4', clicked_at: null, click_seconds: null, reason_kinds: 0 },
        ]);
        // The same bits the write path now keeps with each verdict.
        for (const row of rows) {
          const reasons = row.verdict_reasons === null ? [] : (JSON.parse(row.verdict_reasons) as string[]);
          expect(Number(row.reason_kinds), row.id).toBe(reasonKindBits(reasons));
        }

        // And back: the columns and indexes go, the old indexes return.
        await migrateTo(db, BEFORE);
        const columns = await sql<Record<string, unknown>>`select * from recipients where id = 'r1'`.execute(
          db,
        );
        expect(Object.keys(columns.rows[0]!)).not.toContain('click_seconds');
        expect((await migrateToLatest(db))[0]).toBe(MIGRATION);
      } finally {
        await opened.dispose();
      }
    });
  });
}
