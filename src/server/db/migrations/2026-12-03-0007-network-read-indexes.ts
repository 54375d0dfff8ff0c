/**
 * What a landing reads about its network stays small under a scanner's burst. Fan-out
 * downgrades read the visits of one network in the window that are not yet judged automated:
 * nearly all of them are automated already, yet the (tenant, network, time) index made each
 * landing walk every visit of the window, so a partial index holds only the unsettled ones. The
 * fan-out count reads recent recipients of a network: the recipient joins the index, so the
 * count is read from the index alone. Frozen: never edit after release.
 */
import { sql, type Kysely } from 'kysely';

// Migrations are typed against Kysely<any> on purpose: they must not depend on today's schema.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  // The literal is the index's condition: a query must name it the same way to use the index.
  await sql`create index visits_network_unsettled on visits (tenant_id, network, created_at)
    where verdict <> 'automated'`.execute(db);
  await db.schema
    .createIndex('network_recipients_recent')
    .on('network_recipients')
    .columns(['tenant_id', 'network', 'last_seen_at', 'recipient_id'])
    .execute();
  await db.schema.dropIndex('network_recipients_seen').execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema
    .createIndex('network_recipients_seen')
    .on('network_recipients')
    .columns(['tenant_id', 'network', 'last_seen_at'])
    .execute();
  await db.schema.dropIndex('network_recipients_recent').execute();
  await db.schema.dropIndex('visits_network_unsettled').execute();
}
