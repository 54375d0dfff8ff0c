/**
 * The programme: which library scenario (and so which difficulty) each campaign came from, and
 * the index the programme report reads a tenant's sent messages by month through.
 * Frozen: never edit after release.
 */
import { sql, type Kysely } from 'kysely';

// Migrations are typed against Kysely<any> on purpose: they must not depend on today's schema.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  await db.schema
    .createTable('campaign_scenarios')
    .addColumn('campaign_id', 'text', (c) => c.primaryKey().references('campaigns.id'))
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('scenario_id', 'text', (c) => c.notNull())
    .addColumn('difficulty', 'integer', (c) => c.notNull().check(sql`difficulty between 1 and 5`))
    .addColumn('lure', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('campaign_scenarios_tenant')
    .on('campaign_scenarios')
    .column('tenant_id')
    .execute();
  // The report walks one tenant's sent messages in a range of months, from this index alone.
  await db.schema
    .createIndex('recipients_tenant_sent')
    .on('recipients')
    .columns(['tenant_id', 'sent_at', 'campaign_id', 'person_ref', 'department', 'steps', 'reported_at'])
    .where('sent_at', 'is not', null)
    .execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropIndex('recipients_tenant_sent').execute();
  await db.schema.dropTable('campaign_scenarios').execute();
}
