/**
 * The programme report reads a tenant's sends month by month: an index on the month of send
 * (the first seven characters of `sent_at`, YYYY-MM) then the campaign, with the columns the
 * counts read, walks them already grouped by month and campaign (SQLite sorted every send of the
 * period before; `sent_at` itself is in it because PostgreSQL reads an expression's index alone
 * only when the expression's column is there too). It replaces the (tenant, sent_at) index,
 * which nothing else reads.
 * Frozen: never edit after release.
 */
import { sql, type Kysely } from 'kysely';

// Migrations are typed against Kysely<any> on purpose: they must not depend on today's schema.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  await sql`create index recipients_tenant_month on recipients
    (tenant_id, (substr(sent_at, 1, 7)), campaign_id, sent_at, steps, reported_at) where sent_at is not null`.execute(
    db,
  );
  await db.schema.dropIndex('recipients_tenant_sent').execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema
    .createIndex('recipients_tenant_sent')
    .on('recipients')
    .columns(['tenant_id', 'sent_at', 'campaign_id', 'person_ref', 'department', 'steps', 'reported_at'])
    .where('sent_at', 'is not', null)
    .execute();
  await db.schema.dropIndex('recipients_tenant_month').execute();
}
