/**
 * The malicious-URL database's change counter, one row per tenant: the feeds' ETag and
 * Last-Modified come from it in one primary-key read, and a removal moves it forward too (the
 * newest `created_at` would go back in time when the newest URL is removed). Tenants that already
 * have URLs start at version 1, changed when their newest URL was added.
 * Frozen: never edit after release.
 */
import { sql, type Kysely } from 'kysely';

// Migrations are typed against Kysely<any> on purpose: they must not depend on today's schema.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  await db.schema
    .createTable('malicious_url_changes')
    .addColumn('tenant_id', 'text', (c) => c.primaryKey().references('tenants.id'))
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('changed_at', 'text', (c) => c.notNull())
    .execute();
  await sql`insert into malicious_url_changes (tenant_id, version, changed_at)
    select tenant_id, 1, max(created_at) from malicious_urls group by tenant_id`.execute(db);
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('malicious_url_changes').execute();
}
