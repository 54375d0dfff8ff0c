/**
 * What a visit reads stays small however often a link is opened: a recipient's visits by
 * verdict (judging reads only the best verdict's first visits), and `network_recipients`, one
 * row per recipient and network with when it was last seen, for the fan-out count (it counted
 * every visit in the window before). Frozen: never edit after release.
 */
import { sql, type Kysely } from 'kysely';

// Migrations are typed against Kysely<any> on purpose: they must not depend on today's schema.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  await db.schema
    .createIndex('visits_recipient_verdict')
    .on('visits')
    .columns(['recipient_id', 'verdict', 'created_at'])
    .execute();
  await db.schema
    .createTable('network_recipients')
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    // IPv4 /24 or IPv6 /48, as visits keep it.
    .addColumn('network', 'text', (c) => c.notNull())
    .addColumn('recipient_id', 'text', (c) => c.notNull().references('recipients.id'))
    .addColumn('last_seen_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('network_recipients_pk', ['tenant_id', 'network', 'recipient_id'])
    .execute();
  await db.schema
    .createIndex('network_recipients_seen')
    .on('network_recipients')
    .columns(['tenant_id', 'network', 'last_seen_at'])
    .execute();
  await sql`insert into network_recipients (tenant_id, network, recipient_id, last_seen_at)
    select tenant_id, network, recipient_id, max(created_at) from visits
    where network is not null group by tenant_id, network, recipient_id`.execute(db);
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('network_recipients').execute();
  await db.schema.dropIndex('visits_recipient_verdict').execute();
}
