/**
 * The console: users of a tenant with a role and an argon2id password hash, their sign-in
 * sessions (only a hash of each session token is kept), sign-in failures per account for the
 * lockout, and the audit log of operator actions. Campaigns get a lifecycle (a draft has no
 * launched_at) and the time zone their dates were planned in; recipients a department.
 * Frozen: never edit after release.
 */
import { sql, type Kysely } from 'kysely';

// Migrations are typed against Kysely<any> on purpose: they must not depend on today's schema.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    // Lower-cased; one account per address across tenants, so sign-in needs no tenant.
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    // owner | operator | viewer
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('disabled_at', 'text')
    .addColumn('last_sign_in_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('users_tenant').on('users').columns(['tenant_id', 'email']).execute();

  await db.schema
    .createTable('sessions')
    // SHA-256 of the cookie's token: a leaked table holds no usable session.
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_seen_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sessions_user').on('sessions').columns(['user_id']).execute();

  await db.schema
    .createTable('sign_in_failures')
    // The lower-cased address tried, whether or not an account has it (no account enumeration).
    .addColumn('email', 'text', (c) => c.primaryKey())
    .addColumn('failures', 'integer', (c) => c.notNull())
    .addColumn('first_failed_at', 'text', (c) => c.notNull())
    .addColumn('locked_until', 'text')
    .execute();

  await db.schema
    .createTable('audit_log')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('actor', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('target', 'text')
    // JSON object; never a request body (it may hold a password).
    .addColumn('details', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('audit_log_tenant_at').on('audit_log').columns(['tenant_id', 'at']).execute();

  await db.schema.alterTable('campaigns').addColumn('launched_at', 'text').execute();
  await db.schema
    .alterTable('campaigns')
    .addColumn('time_zone', 'text', (c) => c.notNull().defaultTo('UTC'))
    .execute();
  // Campaigns made before the lifecycle were live from their import.
  await sql`update campaigns set launched_at = created_at`.execute(db);
  await db.schema.alterTable('recipients').addColumn('department', 'text').execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.alterTable('recipients').dropColumn('department').execute();
  await db.schema.alterTable('campaigns').dropColumn('time_zone').execute();
  await db.schema.alterTable('campaigns').dropColumn('launched_at').execute();
  await db.schema.dropTable('audit_log').execute();
  await db.schema.dropTable('sign_in_failures').execute();
  await db.schema.dropTable('sessions').execute();
  await db.schema.dropTable('users').execute();
}
