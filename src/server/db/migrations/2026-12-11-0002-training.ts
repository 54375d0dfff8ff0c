/**
 * Training for those who need it: a campaign's kind (a simulation, or the training made from one,
 * whose links open the journey at its first step after the phishing page), each tenant's training
 * policy, the training assigned to a person after a simulation, and the training's own e-mails
 * (invitation, reminder, a note to reporters). The unique indexes are what make an assignment,
 * and each of its e-mails, happen once however many workers run.
 * Frozen: never edit after release.
 */
import { sql, type Kysely } from 'kysely';

// Migrations are typed against Kysely<any> on purpose: they must not depend on today's schema.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  await db.schema
    .alterTable('campaigns')
    .addColumn('kind', 'text', (c) => c.notNull().defaultTo('simulation'))
    .execute();
  await db.schema.alterTable('campaigns').addColumn('training_of', 'text').execute();
  // One training campaign per simulation, made by whichever worker gets there first.
  await db.schema
    .createIndex('campaigns_training_of')
    .on('campaigns')
    .column('training_of')
    .unique()
    .execute();

  await db.schema
    .createTable('training_policies')
    .addColumn('tenant_id', 'text', (c) => c.primaryKey().references('tenants.id'))
    .addColumn('on_click', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('on_submit', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('reminder_days', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(7)
        .check(sql`reminder_days between 1 and 90`),
    )
    .addColumn('praise_reporters', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('active_since', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('training_assignments')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('person_ref', 'text', (c) => c.notNull().references('people.id'))
    .addColumn('source_campaign_id', 'text', (c) => c.notNull().references('campaigns.id'))
    .addColumn('source_recipient_id', 'text')
    .addColumn('training_recipient_id', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('assigned_at', 'text', (c) => c.notNull())
    .addColumn('reminded_at', 'text')
    .execute();
  // Exactly once per person and simulation.
  await db.schema
    .createIndex('training_assignments_once')
    .on('training_assignments')
    .columns(['tenant_id', 'person_ref', 'source_campaign_id'])
    .unique()
    .execute();
  await db.schema
    .createIndex('training_assignments_source')
    .on('training_assignments')
    .column('source_recipient_id')
    .execute();
  await db.schema
    .createIndex('training_assignments_tenant')
    .on('training_assignments')
    .columns(['tenant_id', 'assigned_at'])
    .execute();

  await db.schema
    .createTable('training_messages')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('kind', 'text', (c) => c.notNull())
    /** The assignment (invitation, reminder) or the reporter's recipient row (praise). */
    .addColumn('ref_id', 'text', (c) => c.notNull())
    .addColumn('person_ref', 'text', (c) => c.notNull())
    .addColumn('campaign_id', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('due_at', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('claimed_by', 'text')
    .addColumn('lease_until', 'text')
    .addColumn('last_reply', 'text')
    .addColumn('message_id', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  // Each e-mail once: one invitation and one reminder per assignment, one note per report.
  await db.schema
    .createIndex('training_messages_once')
    .on('training_messages')
    .columns(['kind', 'ref_id'])
    .unique()
    .execute();
  await db.schema
    .createIndex('training_messages_due')
    .on('training_messages')
    .columns(['state', 'due_at'])
    .execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('training_messages').execute();
  await db.schema.dropTable('training_assignments').execute();
  await db.schema.dropTable('training_policies').execute();
  await db.schema.dropIndex('campaigns_training_of').execute();
  await db.schema.alterTable('campaigns').dropColumn('training_of').execute();
  await db.schema.alterTable('campaigns').dropColumn('kind').execute();
}
