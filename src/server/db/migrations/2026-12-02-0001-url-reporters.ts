/**
 * Every reporter of a reported URL, not only the first: one row per tenant, URL and reporter,
 * with when they first and last reported it and how often. Backfilled from the first reporter
 * kept on `reported_urls`. Frozen: never edit after release.
 */
import { sql, type Kysely } from 'kysely';

// Migrations are typed against Kysely<any> on purpose: they must not depend on today's schema.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  await db.schema
    .createTable('reported_url_reporters')
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('reporter', 'text', (c) => c.notNull())
    .addColumn('report_count', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('first_reported_at', 'text', (c) => c.notNull())
    .addColumn('last_reported_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('reported_url_reporters_pk', ['tenant_id', 'url', 'reporter'])
    .execute();
  await sql`insert into reported_url_reporters (tenant_id, url, reporter, report_count, first_reported_at, last_reported_at)
    select tenant_id, url, reporter, 1, first_reported_at, first_reported_at from reported_urls
    where reporter is not null`.execute(db);
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('reported_url_reporters').execute();
}
