/**
 * Rate-limit counters shared by every instance on one PostgreSQL: one row per route and client,
 * counting requests in the current window. Each process counting alone let N instances allow N
 * times the budget. Frozen: never edit after release.
 */
import type { Kysely } from 'kysely';

// Migrations are typed against Kysely<any> on purpose: they must not depend on today's schema.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  await db.schema
    .createTable('rate_limits')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('hits', 'integer', (c) => c.notNull())
    // Milliseconds since the epoch: past 2^31, hence bigint.
    .addColumn('window_ends_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('rate_limits_window_ends_at')
    .on('rate_limits')
    .column('window_ends_at')
    .execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('rate_limits').execute();
}
