/**
 * Automations: a tenant's recurring simulations. Each person's time zone (from the directory's
 * SCIM `timezone`), the automations, one planned message per (automation, person, month) — the
 * UNIQUE key is what makes two instances planning at once write each message once — and the
 * campaign each (automation, month, scenario) sends through.
 * Frozen: never edit after release.
 */
import { sql, type Kysely } from 'kysely';

// Migrations are typed against Kysely<any> on purpose: they must not depend on today's schema.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  await db.schema.alterTable('people').addColumn('time_zone', 'text').execute();

  await db.schema
    .createTable('automations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    // The audience as JSON: every active person, a group, a department or a saved filter.
    .addColumn('audience', 'text', (c) => c.notNull())
    .addColumn('profile_id', 'text', (c) => c.notNull())
    .addColumn('starting_level', 'integer', (c) => c.notNull().check(sql`starting_level between 1 and 5`))
    // Minutes after local midnight, in each person's time zone; Monday to Friday.
    .addColumn('window_start', 'integer', (c) => c.notNull())
    .addColumn('window_end', 'integer', (c) => c.notNull())
    // For people whose time zone is not known.
    .addColumn('time_zone', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('automations_tenant').on('automations').column('tenant_id').execute();

  await db.schema
    .createTable('automation_messages')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('automation_id', 'text', (c) => c.notNull().references('automations.id'))
    .addColumn('person_ref', 'text', (c) => c.notNull().references('people.id'))
    // YYYY-MM
    .addColumn('month', 'text', (c) => c.notNull())
    .addColumn('level', 'integer', (c) => c.notNull())
    .addColumn('previous_level', 'integer')
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('needs_training', 'integer', (c) => c.notNull())
    .addColumn('scenario_id', 'text')
    .addColumn('scenario_difficulty', 'integer')
    .addColumn('time_zone', 'text', (c) => c.notNull())
    .addColumn('planned_at', 'text')
    // planned → queued (handed to a campaign and its outbox), or skipped (with skip_reason).
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('skip_reason', 'text')
    .addColumn('campaign_id', 'text')
    .addColumn('recipient_id', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('queued_at', 'text')
    .addUniqueConstraint('automation_messages_once', ['automation_id', 'person_ref', 'month'])
    .execute();
  await db.schema
    .createIndex('automation_messages_due')
    .on('automation_messages')
    .columns(['automation_id', 'state', 'planned_at'])
    .execute();
  await db.schema
    .createIndex('automation_messages_person')
    .on('automation_messages')
    .columns(['tenant_id', 'person_ref'])
    .execute();

  await db.schema
    .createTable('automation_campaigns')
    .addColumn('automation_id', 'text', (c) => c.notNull().references('automations.id'))
    .addColumn('month', 'text', (c) => c.notNull())
    .addColumn('scenario_id', 'text', (c) => c.notNull())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('campaign_id', 'text', (c) => c.notNull().references('campaigns.id'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('automation_campaigns_pk', ['automation_id', 'month', 'scenario_id'])
    .execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('automation_campaigns').execute();
  await db.schema.dropTable('automation_messages').execute();
  await db.schema.dropTable('automations').execute();
  await db.schema.alterTable('people').dropColumn('time_zone').execute();
}
