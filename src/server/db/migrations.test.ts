import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { databaseKinds } from '../test/harness';
import { migrateTo, migrateToLatest } from './migrate';

for (const kind of databaseKinds()) {
  describe(`migrations [${kind.name}]`, () => {
    it('fills recipients’ steps and scores from the events recorded before them', async () => {
      const opened = await kind.open({ migrate: false });
      try {
        const { db } = opened.database;
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
        await opened.dispose();
      }
    });

    it('numbers existing reviews in created_at order and orders new ones after them, clock or not', async () => {
      const opened = await kind.open({ migrate: false });
      try {
        const { db } = opened.database;
        await migrateTo(db, '2026-11-23-0002-recipient-steps');
        await sql`insert into tenants (id, name, created_at) values ('t', 'T', '2026-11-01T00:00:00.000Z')`.execute(
          db,
        );
        // Inserted out of time order; b1 and b2 share a millisecond, so id breaks the tie.
        for (const [id, at] of [
          ['c', '2026-11-03T00:00:00.000Z'],
          ['a', '2026-11-01T00:00:00.000Z'],
          ['b2', '2026-11-02T00:00:00.000Z'],
          ['b1', '2026-11-02T00:00:00.000Z'],
        ]) {
          await sql`insert into url_reviews (id, tenant_id, url, decision, jti, reviewer, created_at)
            values (${id}, 't', 'https://x.example/', 'TP', 'j', null, ${at})`.execute(db);
        }
        const idsBySeq = async () =>
          (await db.selectFrom('url_reviews').select('id').orderBy('seq').execute()).map((r) => r.id);

        expect(await migrateToLatest(db)).toContain('2026-11-24-0001-review-sequence');
        expect(await idsBySeq()).toEqual(['a', 'b1', 'b2', 'c']);
        // A clock behind the others does not move a new decision back in the order.
        await db
          .insertInto('url_reviews')
          .values({
            id: 'late',
            tenant_id: 't',
            url: 'https://x.example/',
            decision: 'FP',
            jti: 'j',
            reviewer: null,
            created_at: '2020-01-01T00:00:00.000Z',
          })
          .execute();
        expect(await idsBySeq()).toEqual(['a', 'b1', 'b2', 'c', 'late']);
        await expect(
          sql`insert into url_reviews (id, tenant_id, url, decision, jti, created_at)
            values ('a', 't', 'https://y.example/', 'TP', 'j', '2026-11-04T00:00:00.000Z')`.execute(db),
        ).rejects.toThrow();

        await migrateTo(db, '2026-11-23-0002-recipient-steps');
        const reverted = await sql<{ id: string }>`select * from url_reviews order by id`.execute(db);
        expect(reverted.rows.map((r) => Object.keys(r).sort())).toEqual(
          reverted.rows.map(() => ['created_at', 'decision', 'id', 'jti', 'reviewer', 'tenant_id', 'url']),
        );
        expect(reverted.rows.map((r) => r.id)).toEqual(['a', 'b1', 'b2', 'c', 'late']);
      } finally {
        await opened.dispose();
      }
    });

    it('links every existing recipient to one person per tenant, by email (any case) or person_id', async () => {
      const opened = await kind.open({ migrate: false });
      try {
        const { db } = opened.database;
        await migrateTo(db, '2026-12-07-0001-mfa');
        for (const tenant of ['t1', 't2']) {
          await sql`insert into tenants (id, name, created_at) values (${tenant}, ${tenant}, '2026-11-01T00:00:00.000Z')`.execute(
            db,
          );
        }
        for (const [id, tenant] of [
          ['c1', 't1'],
          ['c2', 't1'],
          ['c3', 't2'],
        ]) {
          await sql`insert into campaigns (id, tenant_id, name, content, language_code, created_at)
            values (${id}, ${tenant}, ${id}, '{}', 'en', '2026-11-01T00:00:00.000Z')`.execute(db);
        }
        const recipients: [string, string, string, string | null, string | null, string | null, string][] = [
          // id, tenant, campaign, email, person_id, first name, created_at
          ['r1', 't1', 'c1', 'Ana@Example.com', null, 'Ana', '2026-11-01T00:00:00.000Z'],
          ['r2', 't1', 'c2', 'ana@example.com', 'emp-1', 'Anna', '2026-11-02T00:00:00.000Z'],
          ['r3', 't1', 'c1', null, 'emp-1', null, '2026-11-01T00:00:00.000Z'],
          ['r4', 't1', 'c1', null, 'emp-2', 'Noa', '2026-11-01T00:00:00.000Z'],
          ['r5', 't2', 'c3', 'ana@example.com', null, 'Other Ana', '2026-11-01T00:00:00.000Z'],
          ['r6', 't1', 'c2', null, null, null, '2026-11-01T00:00:00.000Z'],
        ];
        for (const [id, tenant, campaign, email, personId, first, at] of recipients) {
          await sql`insert into recipients (id, tenant_id, campaign_id, rid, email, person_id, first_name, language_code, status, created_at)
            values (${id}, ${tenant}, ${campaign}, ${`rid-${id}`}, ${email}, ${personId}, ${first}, null, 'created', ${at})`.execute(
            db,
          );
        }
        expect(await migrateToLatest(db)).toContain('2026-12-08-0002-people');
        const people = await db
          .selectFrom('people')
          .selectAll()
          .orderBy('tenant_id')
          .orderBy('person_id')
          .execute();
        expect(
          people.map((p) => ({
            tenant: p.tenant_id,
            email: p.email,
            person_id: p.person_id,
            first: p.first_name,
          })),
        ).toEqual([
          // The newest recipient's name wins; one person per tenant, never across tenants.
          { tenant: 't1', email: 'ana@example.com', person_id: 'emp-1', first: 'Anna' },
          { tenant: 't1', email: null, person_id: 'emp-2', first: 'Noa' },
          { tenant: 't2', email: 'ana@example.com', person_id: null, first: 'Other Ana' },
        ]);
        const links = await db.selectFrom('recipients').select(['id', 'person_ref']).orderBy('id').execute();
        const ref = Object.fromEntries(links.map((l) => [l.id, l.person_ref]));
        expect(ref.r1).toBe(ref.r2);
        expect(ref.r3).toBe(ref.r1);
        expect(ref.r4).not.toBe(ref.r1);
        expect(ref.r5).not.toBe(ref.r1);
        expect(ref.r6).toBeNull();
        expect(people.every((p) => Number(p.active) === 1 && p.source === 'recipients')).toBe(true);

        await migrateTo(db, '2026-12-07-0001-mfa');
        const reverted = await sql<Record<string, unknown>>`select * from recipients where id = 'r1'`.execute(
          db,
        );
        expect(Object.keys(reverted.rows[0] ?? {})).not.toContain('person_ref');
      } finally {
        await opened.dispose();
      }
    });

    it("gives each existing recipient its person's department, else its own, and keeps it as people move", async () => {
      const opened = await kind.open({ migrate: false });
      try {
        const { db } = opened.database;
        await migrateTo(db, '2026-12-11-0005-programme-month-index');
        const at = '2026-11-01T00:00:00.000Z';
        await sql`insert into tenants (id, name, created_at) values ('t1', 't1', ${at})`.execute(db);
        await sql`insert into campaigns (id, tenant_id, name, content, language_code, created_at)
          values ('c1', 't1', 'c1', '{}', 'en', ${at})`.execute(db);
        for (const [id, department] of [
          ['p1', 'Finance'],
          ['p2', null],
        ]) {
          await sql`insert into people (id, tenant_id, email, department, source, created_at, updated_at)
            values (${id}, 't1', ${`${id}@example.com`}, ${department}, 'recipients', ${at}, ${at})`.execute(
            db,
          );
        }
        for (const [id, person, department] of [
          ['r1', 'p1', 'Sales'],
          ['r2', 'p2', 'Ops'],
          ['r3', null, 'Ops'],
          ['r4', 'p2', null],
        ]) {
          await sql`insert into recipients (id, tenant_id, campaign_id, rid, email, language_code, department, person_ref, sent_at, created_at)
            values (${id}, 't1', 'c1', ${`rid-${id}`}, ${`${id}@example.com`}, 'en', ${department}, ${person}, ${at}, ${at})`.execute(
            db,
          );
        }
        expect(await migrateToLatest(db)).toContain('2026-12-11-0006-programme-department');
        const departments = async () =>
          Object.fromEntries(
            (
              await sql<{ id: string; programme_department: string | null }>`
                select id, programme_department from recipients order by id`.execute(db)
            ).rows.map((r) => [r.id, r.programme_department]),
          );
        expect(await departments()).toEqual({ r1: 'Finance', r2: 'Ops', r3: 'Ops', r4: null });

        // The directory moves p1, then gives p2 a department; a recipient is linked to p1 later.
        await sql`update people set department = 'Legal' where id = 'p1'`.execute(db);
        await sql`update people set department = 'IT' where id = 'p2'`.execute(db);
        await sql`update recipients set person_ref = 'p1' where id = 'r3'`.execute(db);
        expect(await departments()).toEqual({ r1: 'Legal', r2: 'IT', r3: 'Legal', r4: 'IT' });
        // A person's department taken away: each send keeps its own row's again.
        await sql`update people set department = null where id = 'p2'`.execute(db);
        expect(await departments()).toEqual({ r1: 'Legal', r2: 'Ops', r3: 'Legal', r4: null });

        await migrateTo(db, '2026-12-11-0005-programme-month-index');
        const reverted = await sql<Record<string, unknown>>`select * from recipients where id = 'r1'`.execute(
          db,
        );
        expect(Object.keys(reverted.rows[0] ?? {})).not.toContain('programme_department');
        await sql`update people set department = 'Sales' where id = 'p1'`.execute(db);
      } finally {
        await opened.dispose();
      }
    });

    it('gives each reported send its milliseconds to report, and keeps them as sends and reports are written', async () => {
      const opened = await kind.open({ migrate: false });
      try {
        const { db } = opened.database;
        await migrateTo(db, '2026-12-11-0006-programme-department');
        const at = '2026-11-01T00:00:00.000Z';
        await sql`insert into tenants (id, name, created_at) values ('t1', 't1', ${at})`.execute(db);
        await sql`insert into campaigns (id, tenant_id, name, content, language_code, created_at)
          values ('c1', 't1', 'c1', '{}', 'en', ${at})`.execute(db);
        const recipient = (id: string, sent: string | null, reported: string | null) =>
          sql`insert into recipients (id, tenant_id, campaign_id, rid, email, language_code, sent_at, reported_at, created_at)
            values (${id}, 't1', 'c1', ${`rid-${id}`}, ${`${id}@example.com`}, 'en', ${sent}, ${reported}, ${at})`.execute(
            db,
          );
        await recipient('r1', '2026-11-02T09:00:00.000Z', '2026-11-02T09:01:30.250Z');
        await recipient('r2', '2026-11-02T09:00:00.000Z', null);
        await recipient('r3', null, null);
        expect(await migrateToLatest(db)).toContain('2026-12-12-0001-report-ms');
        const times = async () =>
          Object.fromEntries(
            (
              await sql<{ id: string; report_ms: number | string | null }>`
                select id, report_ms from recipients order by id`.execute(db)
            ).rows.map((r) => [r.id, r.report_ms === null ? null : Number(r.report_ms)]),
          );
        expect(await times()).toEqual({ r1: 90_250, r2: null, r3: null });

        // r2 reported two days on; r3 sent; a send imported with its report; r1's report taken back.
        await sql`update recipients set reported_at = '2026-11-04T09:00:00.000Z' where id = 'r2'`.execute(db);
        await sql`update recipients set sent_at = '2026-11-03T10:00:00.000Z' where id = 'r3'`.execute(db);
        await recipient('r4', '2026-11-05T08:00:00.000Z', '2026-11-05T08:00:07.000Z');
        await sql`update recipients set reported_at = null where id = 'r1'`.execute(db);
        expect(await times()).toEqual({ r1: null, r2: 172_800_000, r3: null, r4: 7_000 });

        await migrateTo(db, '2026-12-11-0006-programme-department');
        const reverted = await sql<Record<string, unknown>>`select * from recipients where id = 'r2'`.execute(
          db,
        );
        expect(Object.keys(reverted.rows[0] ?? {})).not.toContain('report_ms');
        await sql`update recipients set reported_at = null where id = 'r2'`.execute(db);
      } finally {
        await opened.dispose();
      }
    });
  });
}
