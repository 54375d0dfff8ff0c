/**
 * The programme report's median time to report needs every report's time from its send. Computed
 * from the two ISO texts on each read, that was half the report's time over a tenant's hundreds of
 * thousands of sends (PostgreSQL parses both texts into timestamps for each row). Each recipient
 * now keeps it, `report_ms`: the milliseconds from `sent_at` to `reported_at`, null until both are
 * known, kept by the database's triggers whatever path writes either (a report, a send, an
 * import), and carried by the report's index so the report reads integers without the rows.
 * Existing rows are filled in. Frozen: never edit after release.
 */
import { PostgresAdapter, sql, type Kysely } from 'kysely';

// Migrations are typed against Kysely<any> on purpose: they must not depend on today's schema.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

const PG_MS = (row: string) =>
  sql.raw(
    `case when ${row}.reported_at is not null and ${row}.sent_at is not null
      then round(extract(epoch from (${row}.reported_at::timestamptz - ${row}.sent_at::timestamptz)) * 1000)::bigint end`,
  );
const SQLITE_MS = (row: string) =>
  sql.raw(
    `case when ${row}.reported_at is not null and ${row}.sent_at is not null
      then cast(round((julianday(${row}.reported_at) - julianday(${row}.sent_at)) * 86400000) as integer) end`,
  );

const INDEX_COLUMNS = sql.raw(
  `tenant_id, (substr(sent_at, 1, 7)), campaign_id, programme_department, sent_at, steps, reported_at`,
);

export async function up(db: Db): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema.alterTable('recipients').addColumn('report_ms', 'bigint').execute();
  const ms = postgres ? PG_MS('recipients') : SQLITE_MS('recipients');
  await sql`update recipients set report_ms = ${ms} where reported_at is not null and sent_at is not null`.execute(
    db,
  );

  if (postgres) {
    await sql`create function recipients_report_ms() returns trigger language plpgsql as $$
      begin
        new.report_ms := ${PG_MS('new')};
        return new;
      end $$`.execute(db);
    await sql`create trigger recipients_report_ms
      before insert or update of sent_at, reported_at on recipients
      for each row execute function recipients_report_ms()`.execute(db);
  } else {
    // SQLite's triggers cannot change the row being written: they update it just after, and only
    // when there is a time to keep or one to clear (a send alone, not reported, costs nothing more).
    await sql`create trigger recipients_report_ms_insert
      after insert on recipients
      when new.reported_at is not null and new.sent_at is not null
      begin
        update recipients set report_ms = ${SQLITE_MS('new')} where rowid = new.rowid;
      end`.execute(db);
    await sql`create trigger recipients_report_ms_update
      after update of sent_at, reported_at on recipients
      when new.reported_at is not null or old.report_ms is not null
      begin
        update recipients set report_ms = ${SQLITE_MS('new')} where rowid = new.rowid;
      end`.execute(db);
  }

  await sql`create index recipients_tenant_programme_ms on recipients
    (${INDEX_COLUMNS}, report_ms) where sent_at is not null`.execute(db);
  await db.schema.dropIndex('recipients_tenant_programme').execute();
}

export async function down(db: Db): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await sql`create index recipients_tenant_programme on recipients
    (${INDEX_COLUMNS}) where sent_at is not null`.execute(db);
  await db.schema.dropIndex('recipients_tenant_programme_ms').execute();
  if (postgres) {
    await sql`drop trigger recipients_report_ms on recipients`.execute(db);
    await sql`drop function recipients_report_ms()`.execute(db);
  } else {
    await sql`drop trigger recipients_report_ms_insert`.execute(db);
    await sql`drop trigger recipients_report_ms_update`.execute(db);
  }
  await db.schema.alterTable('recipients').dropColumn('report_ms').execute();
}
