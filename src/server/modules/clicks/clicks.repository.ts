/** SQL for visit evidence: appending visits, fan-out per network and gesture shape, downgrades. */
import { PostgresAdapter, sql } from 'kysely';
import type { ClickVerdict, ClickVia, VisitSource } from '@shared/clicks';
import { compiledOnce } from '@server/db/compiled-once';
import type { NewVisit, Db } from '@server/db/schema';

const visitInsert = compiledOnce(
  (
    db,
    id: string,
    tenantId: string,
    campaignId: string,
    recipientId: string,
    source: VisitSource,
    network: string | null,
    catalogueMatch: string | null,
    facts: string,
    fanout: number,
    verdict: ClickVerdict,
    reasons: string,
    via: ClickVia,
    gestureShape: string | null,
    createdAt: string,
  ) =>
    db.insertInto('visits').values({
      id,
      tenant_id: tenantId,
      campaign_id: campaignId,
      recipient_id: recipientId,
      source,
      network,
      catalogue_match: catalogueMatch,
      facts,
      fanout,
      verdict,
      reasons,
      via,
      gesture_shape: gestureShape,
      created_at: createdAt,
    }),
);

export async function insertVisit(db: Db, visit: NewVisit): Promise<void> {
  await visitInsert(
    db,
    visit.id,
    visit.tenant_id,
    visit.campaign_id,
    visit.recipient_id,
    visit.source,
    visit.network ?? null,
    visit.catalogue_match ?? null,
    visit.facts,
    visit.fanout,
    visit.verdict,
    visit.reasons,
    visit.via ?? 'link',
    visit.gesture_shape ?? null,
    visit.created_at,
  );
}

const networkLock = compiledOnce((db, key: string) =>
  db.selectNoFrom(sql<void>`pg_advisory_xact_lock(hashtextextended(${key}, 0))`.as('locked')),
);

/**
 * PostgreSQL: the visits from one network are judged one at a time, each transaction holding a
 * lock on the network until it ends. Fan-out judging reads what the network opened and rewrites
 * other recipients' visits and verdicts; two landings from one network judged at once each
 * counted without the other (read committed) and locked each other's rows in opposite orders
 * (deadlocks, hundreds a second in a scanner's burst). Visits from different networks still run
 * side by side. SQLite has one writer: nothing to do.
 */
export async function lockNetwork(db: Db, tenantId: string, network: string): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  // A hash collision between two networks only makes them wait for each other.
  await networkLock(db, `${tenantId} ${network}`);
}

/**
 * How many other recipients of the tenant opened from this network since `since`, counted up to
 * `limit`: one row per recipient (network_recipients), so a link opened thousands of times counts
 * as one, and a network that opened thousands of links costs no more than one that opened `limit`.
 */
const networkRecipients = compiledOnce(
  (db, tenantId: string, network: string, since: string, exceptRecipientId: string, limit: number) => {
    const recent = db
      .selectFrom('network_recipients')
      .select('recipient_id')
      .where('tenant_id', '=', tenantId)
      .where('network', '=', network)
      .where('last_seen_at', '>=', since)
      .where('recipient_id', '<>', exceptRecipientId)
      .limit(limit)
      .as('recent');
    return db.selectFrom(recent).select((eb) => eb.fn.countAll<number | string>().as('count'));
  },
);

export async function countNetworkRecipients(
  db: Db,
  tenantId: string,
  network: string,
  since: string,
  exceptRecipientId: string,
  limit: number,
): Promise<number> {
  const { rows } = await networkRecipients(db, tenantId, network, since, exceptRecipientId, limit);
  return Number(rows[0]?.count ?? 0);
}

const networkRecipientTouch = compiledOnce(
  (db, tenantId: string, network: string, recipientId: string, lastSeenAt: string) =>
    db
      .insertInto('network_recipients')
      .values({ tenant_id: tenantId, network, recipient_id: recipientId, last_seen_at: lastSeenAt })
      .onConflict((oc) =>
        oc.columns(['tenant_id', 'network', 'recipient_id']).doUpdateSet({ last_seen_at: lastSeenAt }),
      ),
);

/** This recipient was seen from this network at `at`. */
export async function touchNetworkRecipient(
  db: Db,
  seen: { tenant_id: string; network: string; recipient_id: string; last_seen_at: string },
): Promise<void> {
  await networkRecipientTouch(db, seen.tenant_id, seen.network, seen.recipient_id, seen.last_seen_at);
}

/**
 * Visits from this network since `since` neither automated nor carrying a person's gesture
 * (fan-out downgrades them; a human visit is judged on what it did). The verdicts are literals,
 * as the partial index visits_network_unsettled states the first: a bound value would not prove
 * the query stays inside the index.
 */
const unsettledNetworkVisits = compiledOnce((db, tenantId: string, network: string, since: string) =>
  db
    .selectFrom('visits')
    .select(['id', 'recipient_id'])
    .where('tenant_id', '=', tenantId)
    .where('network', '=', network)
    .where('created_at', '>=', since)
    .where('verdict', '<>', sql.lit('automated'))
    .where('verdict', '<>', sql.lit('human')),
);

export async function findNetworkVisitsToDowngrade(db: Db, tenantId: string, network: string, since: string) {
  return (await unsettledNetworkVisits(db, tenantId, network, since)).rows;
}

/**
 * How many other recipients of the tenant had a visit from this network since `since` with this
 * gesture shape, counted up to `limit` (index visits_network_shape). Read only for visits with a
 * person's gesture: the landing path of scanners never pays for it.
 */
const shapeRecipients = compiledOnce(
  (
    db,
    tenantId: string,
    network: string,
    shape: string,
    since: string,
    exceptRecipientId: string,
    limit: number,
  ) => {
    const recent = db
      .selectFrom('visits')
      .select('recipient_id')
      .distinct()
      .where('tenant_id', '=', tenantId)
      .where('network', '=', network)
      .where('gesture_shape', '=', shape)
      .where('created_at', '>=', since)
      .where('recipient_id', '<>', exceptRecipientId)
      .limit(limit)
      .as('recent');
    return db.selectFrom(recent).select((eb) => eb.fn.countAll<number | string>().as('count'));
  },
);

export async function countShapeRecipients(
  db: Db,
  seen: { tenantId: string; network: string; shape: string; since: string; exceptRecipientId: string },
  limit: number,
): Promise<number> {
  const { tenantId, network, shape, since, exceptRecipientId } = seen;
  const { rows } = await shapeRecipients(db, tenantId, network, shape, since, exceptRecipientId, limit);
  return Number(rows[0]?.count ?? 0);
}

/** Visits from this network since `since` with this gesture shape, not yet automated. */
export async function findShapeVisitsToDowngrade(
  db: Db,
  seen: { tenantId: string; network: string; shape: string; since: string },
) {
  return db
    .selectFrom('visits')
    .select(['id', 'recipient_id'])
    .where('tenant_id', '=', seen.tenantId)
    .where('network', '=', seen.network)
    .where('gesture_shape', '=', seen.shape)
    .where('created_at', '>=', seen.since)
    .where('verdict', '<>', 'automated')
    .execute();
}

export async function downgradeVisits(db: Db, ids: string[], fanout: number, reasons: string) {
  if (ids.length === 0) return;
  await db
    .updateTable('visits')
    .set({ verdict: 'automated', fanout, reasons })
    .where('id', 'in', ids)
    .execute();
}
