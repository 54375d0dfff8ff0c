/**
 * A tenant's own scenarios: copies of library scenarios its operators edit. Each keeps the
 * library scenario it was copied from (`copied_from`, a library id, or null), its lure,
 * difficulty and whether it asks for a reply, its console texts per language (JSON) and its
 * campaign file (JSON, validated as every campaign file is).
 * Frozen: never edit after release.
 */
import type { Kysely } from 'kysely';

// Migrations are typed against Kysely<any> on purpose: they must not depend on today's schema.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  await db.schema
    .createTable('tenant_scenarios')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('copied_from', 'text')
    .addColumn('lure', 'text', (c) => c.notNull())
    .addColumn('difficulty', 'integer', (c) => c.notNull())
    .addColumn('reply_based', 'integer', (c) => c.notNull())
    .addColumn('texts', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('tenant_scenarios_tenant')
    .on('tenant_scenarios')
    .columns(['tenant_id', 'created_at'])
    .execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('tenant_scenarios').execute();
}
