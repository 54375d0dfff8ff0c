/**
 * The audit log's own housekeeping: how long a tenant keeps its entries (null: for ever), and
 * the day each API key was last used (its first use of a day is written to the audit log).
 * Frozen: never edit after release.
 */
import type { Kysely } from 'kysely';

// Migrations are typed against Kysely<any> on purpose: they must not depend on today's schema.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  await db.schema.alterTable('tenants').addColumn('audit_retention_days', 'integer').execute();
  await db.schema.alterTable('api_keys').addColumn('last_used_at', 'text').execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.alterTable('api_keys').dropColumn('last_used_at').execute();
  await db.schema.alterTable('tenants').dropColumn('audit_retention_days').execute();
}
