/**
 * A campaign imported with its results from another tool (`imported_from`: 'gophish'), finished
 * and never launched or sent again; and the imported timeline of each recipient (sent, opened,
 * clicked, submitted, reported, a send error) with its original times, which Hookwise's own
 * events cannot all hold (it has no "opened"). Nothing a recipient typed is kept.
 * Frozen: never edit after release.
 */
import type { Kysely } from 'kysely';

// Migrations are typed against Kysely<any> on purpose: they must not depend on today's schema.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  await db.schema.alterTable('campaigns').addColumn('imported_from', 'text').execute();
  await db.schema
    .createTable('imported_timeline')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('campaign_id', 'text', (c) => c.notNull().references('campaigns.id'))
    .addColumn('recipient_id', 'text', (c) => c.references('recipients.id'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('imported_timeline_campaign')
    .on('imported_timeline')
    .columns(['campaign_id', 'at'])
    .execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('imported_timeline').execute();
  await db.schema.alterTable('campaigns').dropColumn('imported_from').execute();
}
