/**
 * Initial schema. Frozen: never edit a migration that has shipped; add a new one.
 * Portable between SQLite and PostgreSQL: text ids and ISO-8601 text timestamps.
 */
import type { Kysely } from 'kysely';

// Migrations are typed against Kysely<any> on purpose: they must not depend on today's schema.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  await db.schema
    .createTable('tenants')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('api_keys')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('prefix', 'text', (c) => c.notNull())
    .addColumn('key_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('revoked_at', 'text')
    .execute();
  await db.schema.createIndex('api_keys_tenant').on('api_keys').column('tenant_id').execute();

  await db.schema
    .createTable('campaigns')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('language_code', 'text', (c) => c.notNull())
    .addColumn('starts_at', 'text')
    .addColumn('ends_at', 'text')
    .addColumn('ended_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('campaigns_tenant').on('campaigns').column('tenant_id').execute();

  await db.schema
    .createTable('recipients')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('campaign_id', 'text', (c) => c.notNull().references('campaigns.id'))
    .addColumn('rid', 'text', (c) => c.notNull().unique())
    .addColumn('email', 'text')
    .addColumn('person_id', 'text')
    .addColumn('first_name', 'text')
    .addColumn('language_code', 'text')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('created'))
    .addColumn('status_rank', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('recipients_campaign')
    .on('recipients')
    .columns(['campaign_id', 'status_rank'])
    .execute();
  await db.schema
    .createIndex('recipients_campaign_email')
    .on('recipients')
    .columns(['campaign_id', 'email'])
    .unique()
    .execute();
  await db.schema
    .createIndex('recipients_campaign_person')
    .on('recipients')
    .columns(['campaign_id', 'person_id'])
    .unique()
    .execute();

  await db.schema
    .createTable('events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('campaign_id', 'text', (c) => c.notNull().references('campaigns.id'))
    .addColumn('recipient_id', 'text', (c) => c.notNull().references('recipients.id'))
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('details', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('ip', 'text')
    .addColumn('user_agent', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  // One event of each type per recipient: reloads and retries never double-count a step.
  await db.schema
    .createIndex('events_recipient_type')
    .on('events')
    .columns(['recipient_id', 'type'])
    .unique()
    .execute();
  await db.schema.createIndex('events_campaign_type').on('events').columns(['campaign_id', 'type']).execute();

  await db.schema
    .createTable('url_reviews')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('decision', 'text', (c) => c.notNull())
    .addColumn('jti', 'text', (c) => c.notNull())
    .addColumn('reviewer', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('url_reviews_tenant_url')
    .on('url_reviews')
    .columns(['tenant_id', 'url', 'created_at'])
    .execute();

  await db.schema
    .createTable('malicious_urls')
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('malicious_urls_pk', ['tenant_id', 'url'])
    .execute();

  await db.schema
    .createTable('reported_urls')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('reporter', 'text')
    .addColumn('report_count', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('first_reported_at', 'text', (c) => c.notNull())
    .addColumn('last_reported_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('reported_urls_tenant_url')
    .on('reported_urls')
    .columns(['tenant_id', 'url'])
    .unique()
    .execute();
}

export async function down(db: Db): Promise<void> {
  for (const table of [
    'reported_urls',
    'malicious_urls',
    'url_reviews',
    'events',
    'recipients',
    'campaigns',
    'api_keys',
    'tenants',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
