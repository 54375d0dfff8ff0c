/**
 * Every person counted: a visit keeps how its link was followed (`via`: the link itself or the
 * message's QR code) and the shape of its gesture (kind, pointer path length, keys, delay
 * bucket), which tells a fleet replaying one input apart from people; the recipient keeps how
 * its counted click came; a tenant keeps the networks it declares as its own offices and
 * gateways (JSON array of CIDR ranges). Frozen: never edit after release.
 */
import type { Kysely } from 'kysely';

// Migrations are typed against Kysely<any> on purpose: they must not depend on today's schema.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  await db.schema
    .alterTable('visits')
    .addColumn('via', 'text', (col) => col.notNull().defaultTo('link'))
    .execute();
  await db.schema.alterTable('visits').addColumn('gesture_shape', 'text').execute();
  await db.schema.alterTable('recipients').addColumn('click_via', 'text').execute();
  await db.schema
    .alterTable('tenants')
    .addColumn('egress_networks', 'text', (col) => col.notNull().defaultTo('[]'))
    .execute();
  await db.schema
    .createIndex('visits_network_shape')
    .on('visits')
    .columns(['tenant_id', 'network', 'gesture_shape', 'created_at'])
    .where('gesture_shape', 'is not', null)
    .execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropIndex('visits_network_shape').execute();
  await db.schema.alterTable('tenants').dropColumn('egress_networks').execute();
  await db.schema.alterTable('recipients').dropColumn('click_via').execute();
  await db.schema.alterTable('visits').dropColumn('gesture_shape').execute();
  await db.schema.alterTable('visits').dropColumn('via').execute();
}
