/**
 * The live dashboard and the reviewers' queue. Indexes let the dashboard aggregate a campaign of
 * 100,000 recipients and 1,000,000 events in SQL (clicks by time; recipients by verdict, language
 * and department for the filtered recipients table). `reviewer_links` lists the reviewer links
 * operators minted (never the token itself: it is a bearer credential), and
 * `revoked_reviewer_links` holds the ids (jti) of revoked links, checked on every use of a token,
 * so a revocation holds at once on every instance. Frozen: never edit after release.
 */
import type { Kysely } from 'kysely';

// Migrations are typed against Kysely<any> on purpose: they must not depend on today's schema.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  // Covering for the dashboard's clicks (by time, and joined to their recipients): the events'
  // rows, the bulk of the database, are never read for them.
  await db.schema
    .createIndex('events_campaign_type_time')
    .on('events')
    .columns(['campaign_id', 'type', 'created_at', 'recipient_id', 'tenant_id'])
    .execute();
  await db.schema
    .createIndex('recipients_campaign_verdict')
    .on('recipients')
    .columns(['campaign_id', 'verdict'])
    .execute();
  await db.schema
    .createIndex('recipients_campaign_department')
    .on('recipients')
    .columns(['campaign_id', 'department'])
    .execute();
  await db.schema
    .createIndex('recipients_campaign_language')
    .on('recipients')
    .columns(['campaign_id', 'language_code'])
    .execute();
  await db.schema
    .createTable('reviewer_links')
    // The token's jti.
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('reviewer', 'text')
    // JSON array of the URLs the link carries.
    .addColumn('urls', 'text', (c) => c.notNull())
    .addColumn('url_count', 'integer', (c) => c.notNull())
    .addColumn('created_by', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('reviewer_links_tenant_created')
    .on('reviewer_links')
    .columns(['tenant_id', 'created_at'])
    .execute();
  await db.schema
    .createTable('revoked_reviewer_links')
    .addColumn('jti', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('revoked_by', 'text')
    .addColumn('revoked_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('revoked_reviewer_links').execute();
  await db.schema.dropTable('reviewer_links').execute();
  await db.schema.dropIndex('recipients_campaign_language').execute();
  await db.schema.dropIndex('recipients_campaign_department').execute();
  await db.schema.dropIndex('recipients_campaign_verdict').execute();
  await db.schema.dropIndex('events_campaign_type_time').execute();
}
