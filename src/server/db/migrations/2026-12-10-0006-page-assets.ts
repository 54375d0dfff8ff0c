/**
 * A campaign's page assets: the stylesheets, images and fonts a cloned landing page loads,
 * fetched once at import and served from Hookwise (`/assets/p/<id>/<name>`), so the page renders
 * without any request to the site it was cloned from. Bytes are kept as base64 text, as
 * `mail_reports.raw` is, the same in SQLite and PostgreSQL. Frozen: never edit after release.
 */
import type { Kysely } from 'kysely';

// Migrations are typed against Kysely<any> on purpose: they must not depend on today's schema.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  await db.schema
    .createTable('campaign_assets')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('campaign_id', 'text', (c) => c.notNull().references('campaigns.id'))
    // The generated file name in the served path (letters, digits, '-', '.'), never the source's.
    .addColumn('path', 'text', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('bytes', 'text', (c) => c.notNull())
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('source_url', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('campaign_assets_campaign')
    .on('campaign_assets')
    .columns(['tenant_id', 'campaign_id'])
    .execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('campaign_assets').execute();
}
