/**
 * Sending: SMTP profiles (password sealed with SECRETS_KEY), one sending plan per campaign, and
 * the outbox (one row per message, claimed by workers), plus when a recipient reported the
 * message. Frozen: never edit after release.
 */
import type { Kysely } from 'kysely';

// Migrations are typed against Kysely<any> on purpose: they must not depend on today's schema.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  await db.schema
    .createTable('sending_profiles')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('host', 'text', (c) => c.notNull())
    .addColumn('port', 'integer', (c) => c.notNull())
    // implicit | starttls | none
    .addColumn('tls', 'text', (c) => c.notNull())
    .addColumn('username', 'text')
    .addColumn('password_sealed', 'text')
    .addColumn('envelope_from', 'text', (c) => c.notNull())
    .addColumn('header_from', 'text')
    // JSON object of extra headers.
    .addColumn('headers', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('sendings')
    .addColumn('campaign_id', 'text', (c) => c.primaryKey().references('campaigns.id').onDelete('cascade'))
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('profile_id', 'text', (c) => c.notNull().references('sending_profiles.id'))
    // running | paused | cancelled
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('starts_at', 'text', (c) => c.notNull())
    .addColumn('rate_per_minute', 'integer', (c) => c.notNull())
    .addColumn('spread_minutes', 'integer', (c) => c.notNull())
    // Minutes after local midnight, in time_zone; null: any time of day.
    .addColumn('window_start', 'integer')
    .addColumn('window_end', 'integer')
    .addColumn('time_zone', 'text', (c) => c.notNull())
    .addColumn('paused_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('outbox')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('campaign_id', 'text', (c) => c.notNull().references('campaigns.id').onDelete('cascade'))
    .addColumn('recipient_id', 'text', (c) => c.notNull().references('recipients.id').onDelete('cascade'))
    // queued | sending | sent | failed | cancelled
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('due_at', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('claimed_by', 'text')
    .addColumn('lease_until', 'text')
    .addColumn('last_reply', 'text')
    .addColumn('message_id', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  // One message per recipient: enqueuing twice (two clicks on Send) is one message.
  await db.schema.createIndex('outbox_recipient').on('outbox').column('recipient_id').unique().execute();
  // The workers' claim: due work in due order.
  await db.schema.createIndex('outbox_due').on('outbox').columns(['state', 'due_at']).execute();
  await db.schema.createIndex('outbox_campaign').on('outbox').columns(['campaign_id', 'state']).execute();

  await db.schema.alterTable('recipients').addColumn('reported_at', 'text').execute();
  // For the email's {{last_name}} (and GoPhish groups, which have one).
  await db.schema.alterTable('recipients').addColumn('last_name', 'text').execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.alterTable('recipients').dropColumn('last_name').execute();
  await db.schema.alterTable('recipients').dropColumn('reported_at').execute();
  await db.schema.dropTable('outbox').execute();
  await db.schema.dropTable('sendings').execute();
  await db.schema.dropTable('sending_profiles').execute();
}
