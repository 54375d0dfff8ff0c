/**
 * Every landing writes a visit, and each index on visits is one more page its commit writes.
 * Two no longer serve a read: (tenant, network, time), replaced for fan-out downgrades by the
 * partial index of unsettled visits; and (recipient, time), whose reads (one recipient's visits,
 * for the drill-down and the erasure of a recipient) the (recipient, verdict, time) index serves
 * as well. Frozen: never edit after release.
 */
import type { Kysely } from 'kysely';

// Migrations are typed against Kysely<any> on purpose: they must not depend on today's schema.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  await db.schema.dropIndex('visits_network_time').execute();
  await db.schema.dropIndex('visits_recipient').execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema
    .createIndex('visits_recipient')
    .on('visits')
    .columns(['recipient_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('visits_network_time')
    .on('visits')
    .columns(['tenant_id', 'network', 'created_at'])
    .execute();
}
