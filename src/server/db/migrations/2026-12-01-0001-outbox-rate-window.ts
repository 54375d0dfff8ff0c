/**
 * The claim counts a campaign's messages accepted in the last minute (its sliding-window rate):
 * an index on (campaign_id, state, sent_at) makes that a short range read however many of the
 * campaign's messages were sent before. Frozen: never edit after release.
 */
import type { Kysely } from 'kysely';

// Migrations are typed against Kysely<any> on purpose: they must not depend on today's schema.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  await db.schema
    .createIndex('outbox_rate_window')
    .on('outbox')
    .columns(['campaign_id', 'state', 'sent_at'])
    .execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropIndex('outbox_rate_window').execute();
}
