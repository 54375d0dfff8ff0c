/**
 * Every try at a repeatable journey action, append-only: each press of the phishing page's
 * submit (also with every field empty) and each questionnaire attempt (a retake too). Events stay
 * one per recipient and type — the funnel's steps — while this table keeps what happened in full.
 * Frozen: never edit after release.
 */
import type { Kysely } from 'kysely';

// Migrations are typed against Kysely<any> on purpose: they must not depend on today's schema.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  await db.schema
    .createTable('journey_attempts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('campaign_id', 'text', (c) => c.notNull().references('campaigns.id'))
    .addColumn('recipient_id', 'text', (c) => c.notNull().references('recipients.id'))
    /** 'submit' or 'questionnaire'. */
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('details', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('journey_attempts_recipient_kind')
    .on('journey_attempts')
    .columns(['recipient_id', 'kind', 'created_at'])
    .execute();
  await db.schema
    .createIndex('journey_attempts_campaign_kind')
    .on('journey_attempts')
    .columns(['campaign_id', 'kind'])
    .execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('journey_attempts').execute();
}
