/**
 * Operator previews: a campaign file shown through the recipient pages under a short-lived rid
 * of its own, in one language, recording nothing. One row per preview; rows past expires_at are
 * deleted as new previews are made. Frozen: never edit after release.
 */
import type { Kysely } from 'kysely';

// Migrations are typed against Kysely<any> on purpose: they must not depend on today's schema.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  await db.schema
    .createTable('previews')
    // The preview's rid ("pv_" and 192 random bits): the id the preview pages are opened with.
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('campaign_id', 'text', (c) => c.notNull().references('campaigns.id').onDelete('cascade'))
    .addColumn('language_code', 'text', (c) => c.notNull())
    // The campaign file shown (the stored one at the time, or an unsaved one), as JSON text.
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('previews_expires_at').on('previews').column('expires_at').execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('previews').execute();
}
