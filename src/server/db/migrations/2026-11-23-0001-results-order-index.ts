/**
 * Results are paged in a stable order (created, email, person id, id); this index lets a page of
 * 100k recipients be read without sorting the whole campaign. Frozen: never edit after release.
 */
import type { Kysely } from 'kysely';

// Migrations are typed against Kysely<any> on purpose: they must not depend on today's schema.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  await db.schema
    .createIndex('recipients_campaign_order')
    .on('recipients')
    .columns(['campaign_id', 'created_at', 'email', 'person_id', 'id'])
    .execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropIndex('recipients_campaign_order').execute();
}
