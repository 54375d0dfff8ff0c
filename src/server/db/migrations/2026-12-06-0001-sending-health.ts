/**
 * Sending health: each message's failure cause in plain terms (outbox.last_cause), and on the
 * campaign's sending the run of consecutive failures, since when, its last cause and detail, and
 * whether Hookwise paused it for them (paused_reason). Frozen: never edit after release.
 */
import type { Kysely } from 'kysely';

// Migrations are typed against Kysely<any> on purpose: they must not depend on today's schema.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  await db.schema.alterTable('outbox').addColumn('last_cause', 'text').execute();
  await db.schema
    .alterTable('sendings')
    .addColumn('consecutive_failures', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('sendings').addColumn('failing_since', 'text').execute();
  await db.schema.alterTable('sendings').addColumn('last_cause', 'text').execute();
  await db.schema.alterTable('sendings').addColumn('last_detail', 'text').execute();
  await db.schema.alterTable('sendings').addColumn('paused_reason', 'text').execute();
}

export async function down(db: Db): Promise<void> {
  for (const column of [
    'paused_reason',
    'last_detail',
    'last_cause',
    'failing_since',
    'consecutive_failures',
  ]) {
    await db.schema.alterTable('sendings').dropColumn(column).execute();
  }
  await db.schema.alterTable('outbox').dropColumn('last_cause').execute();
}
