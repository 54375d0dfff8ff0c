/**
 * Saved filters of people ("smart groups"): a name and the filter as JSON (shared/person-history.ts
 * personFilterSchema), one tenant's each; and the index a person's history and the lists read:
 * each tenant's recipients by person, with the columns the figures come from, so the lists scan
 * one index in person order instead of the table. Frozen: never edit after release.
 */
import type { Kysely } from 'kysely';

// Migrations are typed against Kysely<any> on purpose: they must not depend on today's schema.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  await db.schema
    .createTable('people_filters')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('filter', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('people_filters_tenant_name')
    .on('people_filters')
    .columns(['tenant_id', 'name'])
    .execute();
  await db.schema
    .createIndex('recipients_person_history')
    .on('recipients')
    // Every column the figures read, the id (a submit attempt's key) last: an index-only scan.
    .columns([
      'tenant_id',
      'person_ref',
      'sent_at',
      'campaign_id',
      'steps',
      'reported_at',
      'clicked_at',
      'id',
    ])
    .execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropIndex('recipients_person_history').execute();
  await db.schema.dropTable('people_filters').execute();
}
