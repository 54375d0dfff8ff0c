/**
 * A preview may show a scenario of the library (or a tenant's copy) before any campaign is made
 * from it: a preview row names its campaign or its scenario. SQLite cannot drop a column's NOT
 * NULL in place, so the table is made again; previews live an hour and are made again at a click,
 * so the open ones are not copied. Frozen: never edit after release.
 */
import type { Kysely } from 'kysely';

// Migrations are typed against Kysely<any> on purpose: they must not depend on today's schema.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

async function createPreviews(db: Db, withScenario: boolean): Promise<void> {
  let table = db.schema
    .createTable('previews')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('campaign_id', 'text', (c) =>
      withScenario
        ? c.references('campaigns.id').onDelete('cascade')
        : c.notNull().references('campaigns.id').onDelete('cascade'),
    );
  if (withScenario) table = table.addColumn('scenario_id', 'text');
  await table
    .addColumn('language_code', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('previews_expires_at').on('previews').column('expires_at').execute();
}

export async function up(db: Db): Promise<void> {
  await db.schema.dropTable('previews').execute();
  await createPreviews(db, true);
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('previews').execute();
  await createPreviews(db, false);
}
