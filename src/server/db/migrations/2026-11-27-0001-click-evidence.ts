/**
 * Clicks a security team can trust: every visit keeps its evidence (`visits`, one row per page
 * request, click report or beacon) with the verdict it earned, and each recipient carries its
 * verdict with reasons and, when known, when its message was sent. Only coarse facts and match
 * results are kept: the network prefix (as events already keep it), never a full address.
 * Frozen: never edit after release.
 */
import type { Kysely } from 'kysely';

// Migrations are typed against Kysely<any> on purpose: they must not depend on today's schema.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  await db.schema
    .createTable('visits')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('campaign_id', 'text', (c) => c.notNull().references('campaigns.id'))
    .addColumn('recipient_id', 'text', (c) => c.notNull().references('recipients.id'))
    // page | event | beacon
    .addColumn('source', 'text', (c) => c.notNull())
    // IPv4 /24 or IPv6 /48, as events keep it; null when unknown.
    .addColumn('network', 'text')
    // The scanner catalogue entry matched, e.g. "network: Microsoft EOP (certain)".
    .addColumn('catalogue_match', 'text')
    // Coarse facts as JSON: method, prefetch, Sec-Fetch-*, accept kind, page evidence, timing.
    .addColumn('facts', 'text', (c) => c.notNull())
    // Recipients opened from the same network within the fan-out window (this one included).
    .addColumn('fanout', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('verdict', 'text', (c) => c.notNull())
    // JSON array of short reasons.
    .addColumn('reasons', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('visits_network_time')
    .on('visits')
    .columns(['tenant_id', 'network', 'created_at'])
    .execute();
  await db.schema
    .createIndex('visits_recipient')
    .on('visits')
    .columns(['recipient_id', 'created_at'])
    .execute();
  await db.schema.createIndex('visits_campaign').on('visits').columns(['campaign_id', 'verdict']).execute();
  await db.schema.alterTable('recipients').addColumn('verdict', 'text').execute();
  await db.schema.alterTable('recipients').addColumn('verdict_reasons', 'text').execute();
  await db.schema.alterTable('recipients').addColumn('sent_at', 'text').execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.alterTable('recipients').dropColumn('sent_at').execute();
  await db.schema.alterTable('recipients').dropColumn('verdict_reasons').execute();
  await db.schema.alterTable('recipients').dropColumn('verdict').execute();
  await db.schema.dropTable('visits').execute();
}
