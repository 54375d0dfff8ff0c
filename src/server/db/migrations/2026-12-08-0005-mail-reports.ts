/**
 * Reported mail: one row per report read from the report mailbox or the SMTP intake — who
 * reported it, what it was (a simulation credited, a real message whose URLs went to the
 * reviewers' queue, one without URLs, or one that could not be read, kept whole for a person),
 * the reported message's headers that matter, and the key that groups reports of the same
 * message into one cluster. Also: the outbox's Message-IDs are looked up when a report carries
 * one of Hookwise's own messages. Frozen: never edit after release.
 */
import type { Kysely } from 'kysely';

// Migrations are typed against Kysely<any> on purpose: they must not depend on today's schema.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  await db.schema
    .createTable('mail_reports')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('received_at', 'text', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('reporter', 'text')
    .addColumn('outcome', 'text', (c) => c.notNull())
    .addColumn('error', 'text')
    .addColumn('sender', 'text')
    .addColumn('subject', 'text', (c) => c.notNull())
    // JSON: Reply-To, Return-Path, Authentication-Results, Received — shown as text, never rendered.
    .addColumn('headers', 'text', (c) => c.notNull())
    // JSON: the URLs found, unwrapped, with the rewriters taken off.
    .addColumn('urls', 'text', (c) => c.notNull())
    .addColumn('credited', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('notes', 'text', (c) => c.notNull())
    .addColumn('cluster_key', 'text')
    // Only a report that could not be read keeps its bytes (base64), for a person to look at.
    .addColumn('raw', 'text')
    // Where it was read from (the mailbox, its UIDVALIDITY and the UID): read once, whatever fails.
    .addColumn('source_key', 'text')
    // The answers to the reporter: on receipt, and once decided (real, safe, simulation).
    .addColumn('receipt_answered_at', 'text')
    .addColumn('decision', 'text')
    .addColumn('decision_answered_at', 'text')
    .execute();
  await db.schema
    .createIndex('mail_reports_source_key')
    .on('mail_reports')
    .columns(['tenant_id', 'source_key'])
    .unique()
    .execute();
  await db.schema
    .createTable('mail_intakes')
    .addColumn('tenant_id', 'text', (c) => c.primaryKey().references('tenants.id'))
    .addColumn('imap_enabled', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('imap_host', 'text')
    .addColumn('imap_port', 'integer')
    .addColumn('imap_tls', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('imap_user', 'text')
    // Sealed with SECRETS_KEY (lib/secret-box), like SMTP passwords.
    .addColumn('imap_password_sealed', 'text')
    .addColumn('imap_folder', 'text', (c) => c.notNull().defaultTo('INBOX'))
    .addColumn('imap_processed_folder', 'text', (c) => c.notNull().defaultTo('Processed'))
    // The addresses the SMTP intake takes this tenant's reports at, and the domains they may come from (JSON).
    .addColumn('smtp_addresses', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('smtp_allowed_domains', 'text', (c) => c.notNull().defaultTo('[]'))
    // One instance reads a mailbox at a time: the lease, then what the last read found.
    // Reviewers mailed their /poll link through a sending profile, at most once per interval.
    .addColumn('reviewers', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('notify_profile_id', 'text')
    .addColumn('reviewer_interval_minutes', 'integer', (c) => c.notNull().defaultTo(60))
    .addColumn('reviewers_mailed_at', 'text')
    // Answers to reporters (off by default), only to these domains; texts an operator changed (JSON).
    .addColumn('answers_enabled', 'integer', (c) => c.notNull().defaultTo(0))
    // Reports received before answers were turned on are not answered (no mail to old reporters).
    .addColumn('answers_since', 'text')
    .addColumn('answer_domains', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('answer_texts', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('poll_lease_until', 'text')
    .addColumn('last_poll_at', 'text')
    .addColumn('last_error', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('mail_reports_tenant_received')
    .on('mail_reports')
    .columns(['tenant_id', 'received_at'])
    .execute();
  await db.schema
    .createIndex('mail_reports_cluster')
    .on('mail_reports')
    .columns(['tenant_id', 'cluster_key'])
    .execute();
  await db.schema.createIndex('outbox_message_id').on('outbox').column('message_id').execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('mail_intakes').execute();
  await db.schema.dropIndex('outbox_message_id').execute();
  await db.schema.dropTable('mail_reports').execute();
}
