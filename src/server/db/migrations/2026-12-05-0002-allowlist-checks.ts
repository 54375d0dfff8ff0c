/**
 * The allow-listing check of a sending profile: a test message with a watched link, and each
 * visit to that link with its coarse facts only (verdict, reason kinds, the scanner catalogue's
 * name, seconds after sending), never an address or a user agent. Frozen: never edit after release.
 */
import type { Kysely } from 'kysely';

// Migrations are typed against Kysely<any> on purpose: they must not depend on today's schema.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  await db.schema
    .createTable('allowlist_checks')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('profile_id', 'text', (c) => c.notNull().references('sending_profiles.id').onDelete('cascade'))
    // The link's path segment (/go/<token>): random, 192 bits.
    .addColumn('token', 'text', (c) => c.notNull().unique())
    .addColumn('sent_to', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    // Null until the relay accepted the message.
    .addColumn('sent_at', 'text')
    .addColumn('window_ends_at', 'text')
    .execute();
  await db.schema
    .createIndex('allowlist_checks_profile')
    .on('allowlist_checks')
    .columns(['tenant_id', 'profile_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('allowlist_check_visits')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('check_id', 'text', (c) => c.notNull().references('allowlist_checks.id').onDelete('cascade'))
    .addColumn('seconds_after_send', 'integer')
    .addColumn('verdict', 'text', (c) => c.notNull())
    // JSON array of reason kinds.
    .addColumn('reasons', 'text', (c) => c.notNull())
    .addColumn('scanner', 'text')
    // network | agent
    .addColumn('scanner_by', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('allowlist_check_visits_check')
    .on('allowlist_check_visits')
    .columns(['check_id', 'created_at'])
    .execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('allowlist_check_visits').execute();
  await db.schema.dropTable('allowlist_checks').execute();
}
