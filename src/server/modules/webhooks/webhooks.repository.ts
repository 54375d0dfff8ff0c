/**
 * SQL for webhooks: the tenant's endpoints, the delivery queue (one row per event and endpoint)
 * and each delivery's attempts. Workers claim due rows by moving them to `delivering` with a
 * lease; on PostgreSQL `FOR UPDATE SKIP LOCKED` lets any number of workers claim at once without
 * two taking the same row; SQLite has one writer at a time anyway. A lapsed lease (its worker
 * died) makes the row claimable again.
 */
import { sql, type Insertable } from 'kysely';
import type { DeliveriesQuery } from '@shared/webhooks';
import { compiledOnce } from '@server/db/compiled-once';
import type { Db, WebhookAttemptTable, WebhookDeliveryTable, WebhookEndpointTable } from '@server/db/schema';

const enabledEndpointsOf = compiledOnce((db, tenantId: string) =>
  db
    .selectFrom('webhook_endpoints')
    .select(['id', 'events'])
    .where('tenant_id', '=', tenantId)
    .where('enabled', '=', 1),
);

/** The one read every event write makes: the tenant's enabled endpoints and their filters. */
export async function enabledEndpoints(db: Db, tenantId: string) {
  return (await enabledEndpointsOf(db, tenantId)).rows;
}

export async function insertEndpoint(db: Db, row: Insertable<WebhookEndpointTable>) {
  await db.insertInto('webhook_endpoints').values(row).execute();
}

const endpointColumns = [
  'id',
  'tenant_id',
  'kind',
  'url',
  'description',
  'events',
  'enabled',
  'created_at',
  'updated_at',
] as const;

export function findEndpoint(db: Db, tenantId: string, id: string) {
  return db
    .selectFrom('webhook_endpoints')
    .select(endpointColumns)
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export function listEndpoints(db: Db, tenantId: string) {
  return db
    .selectFrom('webhook_endpoints')
    .select(endpointColumns)
    .where('tenant_id', '=', tenantId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

export async function updateEndpoint(
  db: Db,
  tenantId: string,
  id: string,
  change: { description?: string; events?: string; enabled?: number; updated_at: string },
) {
  await db
    .updateTable('webhook_endpoints')
    .set(change)
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .execute();
}

/** Removes the endpoint and (cascade) its deliveries and their attempts. */
export async function deleteEndpoint(db: Db, tenantId: string, id: string) {
  const deliveries = db.selectFrom('webhook_deliveries').select('id').where('endpoint_id', '=', id);
  // Explicit, not left to ON DELETE CASCADE: SQLite enforces foreign keys only when asked to.
  await db.deleteFrom('webhook_attempts').where('delivery_id', 'in', deliveries).execute();
  await db.deleteFrom('webhook_deliveries').where('endpoint_id', '=', id).execute();
  const result = await db
    .deleteFrom('webhook_endpoints')
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Who and what an event is about, by the names operators know (no typed values, no secrets). */
export function eventSubject(db: Db, ids: { campaignId?: string; recipientId?: string }) {
  if (ids.recipientId) {
    return db
      .selectFrom('recipients as r')
      .innerJoin('campaigns as c', 'c.id', 'r.campaign_id')
      .select(['c.id as campaign_id', 'c.name as campaign_name', 'r.email', 'r.first_name', 'r.last_name'])
      .where('r.id', '=', ids.recipientId)
      .executeTakeFirst();
  }
  if (!ids.campaignId) return Promise.resolve(undefined);
  return db
    .selectFrom('campaigns as c')
    .select([
      'c.id as campaign_id',
      'c.name as campaign_name',
      sql<null>`null`.as('email'),
      sql<null>`null`.as('first_name'),
      sql<null>`null`.as('last_name'),
    ])
    .where('c.id', '=', ids.campaignId)
    .executeTakeFirst();
}

export async function insertDeliveries(db: Db, rows: readonly Insertable<WebhookDeliveryTable>[]) {
  if (rows.length > 0) await db.insertInto('webhook_deliveries').values(rows).execute();
}

export interface Claim {
  workerId: string;
  now: string;
  leaseUntil: string;
  limit: number;
  /** PostgreSQL: lock the chosen rows, skipping those another worker is claiming. */
  skipLocked: boolean;
}

/** Claims up to `limit` due deliveries: queued ones whose time has come, and lapsed claims. */
export function claimDue(trx: Db, claim: Claim) {
  let due = trx
    .selectFrom('webhook_deliveries as d')
    .select('d.id')
    .where((eb) =>
      eb.or([
        eb.and([eb('d.state', '=', 'queued'), eb('d.due_at', '<=', claim.now)]),
        eb.and([eb('d.state', '=', 'delivering'), eb('d.lease_until', '<', claim.now)]),
      ]),
    )
    .orderBy('d.due_at')
    .limit(claim.limit);
  if (claim.skipLocked) due = due.forUpdate('d').skipLocked();
  return trx
    .updateTable('webhook_deliveries')
    .set({
      state: 'delivering',
      claimed_by: claim.workerId,
      lease_until: claim.leaseUntil,
      attempts: sql`attempts + 1`,
      updated_at: claim.now,
    })
    .where('id', 'in', due)
    .returning(['id'])
    .execute();
}

/** What a claimed delivery needs: its body, and where and how it goes. */
export function deliveryContexts(db: Db, ids: readonly string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('webhook_deliveries as d')
    .innerJoin('webhook_endpoints as e', 'e.id', 'd.endpoint_id')
    .select([
      'd.id',
      'd.event_id',
      'd.event_type',
      'd.payload',
      'd.attempts',
      'd.due_at',
      'e.kind',
      'e.url',
      'e.secret_sealed',
    ])
    .where('d.id', 'in', ids)
    .orderBy('d.due_at')
    .execute();
}

export interface Outcome {
  state: 'delivered' | 'queued' | 'failed';
  status: number | null;
  error: string | null;
  /** The next try (queued). */
  dueAt?: string;
}

/**
 * Settles a claimed delivery, if this worker still holds it, and records the attempt. A delivery
 * gone meanwhile (its endpoint removed) or taken over (the lease lapsed) is left as it is.
 */
export async function settleDelivery(
  db: Db,
  claim: { id: string; workerId: string },
  outcome: Outcome,
  attempt: Insertable<WebhookAttemptTable>,
) {
  const result = await db
    .updateTable('webhook_deliveries')
    .set({
      state: outcome.state,
      last_status: outcome.status,
      last_error: outcome.error,
      lease_until: null,
      updated_at: attempt.at,
      ...(outcome.state === 'delivered' ? { delivered_at: attempt.at } : {}),
      ...(outcome.dueAt ? { due_at: outcome.dueAt } : {}),
    })
    .where('id', '=', claim.id)
    .where('state', '=', 'delivering')
    .where('claimed_by', '=', claim.workerId)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) > 0) await db.insertInto('webhook_attempts').values(attempt).execute();
}

/** The earliest due time of queued deliveries (an idle worker sleeps until then). */
export async function nextDue(db: Db): Promise<string | null> {
  const row = await db
    .selectFrom('webhook_deliveries')
    .select((eb) => eb.fn.min('due_at').as('due'))
    .where('state', '=', 'queued')
    .executeTakeFirst();
  return (row?.due as string | null | undefined) ?? null;
}

export function listDeliveries(db: Db, tenantId: string, query: DeliveriesQuery & { id?: string }) {
  let q = db
    .selectFrom('webhook_deliveries as d')
    .innerJoin('webhook_endpoints as e', 'e.id', 'd.endpoint_id')
    .select([
      'd.id',
      'd.endpoint_id',
      'e.url as endpoint_url',
      'd.event_id',
      'd.event_type',
      'd.state',
      'd.attempts',
      'd.due_at',
      'd.last_status',
      'd.last_error',
      'd.delivered_at',
      'd.created_at',
    ])
    .where('d.tenant_id', '=', tenantId)
    .orderBy('d.created_at', 'desc')
    .orderBy('d.id', 'desc')
    .limit(query.limit);
  if (query.endpoint_id) q = q.where('d.endpoint_id', '=', query.endpoint_id);
  if (query.state) q = q.where('d.state', '=', query.state);
  if (query.id) q = q.where('d.id', '=', query.id);
  return q.execute();
}

export function findDelivery(db: Db, tenantId: string, id: string) {
  return db
    .selectFrom('webhook_deliveries')
    .select(['id', 'state', 'event_id', 'event_type', 'endpoint_id'])
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Queues a settled delivery again, due now, with a fresh round of attempts. */
export async function requeueDelivery(db: Db, tenantId: string, id: string, at: string) {
  const result = await db
    .updateTable('webhook_deliveries')
    .set({ state: 'queued', due_at: at, attempts: 0, claimed_by: null, lease_until: null, updated_at: at })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .where('state', 'in', ['delivered', 'failed'])
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export function attemptsOf(db: Db, deliveryId: string) {
  return db
    .selectFrom('webhook_attempts')
    .select(['at', 'status', 'duration_ms', 'error'])
    .where('delivery_id', '=', deliveryId)
    .orderBy('at')
    .execute();
}

/** The tenant an endpoint or a delivery belongs to (the CLI sees the whole database). */
export async function tenantOfEndpoint(db: Db, id: string) {
  const row = await db
    .selectFrom('webhook_endpoints')
    .select('tenant_id')
    .where('id', '=', id)
    .executeTakeFirst();
  return row?.tenant_id;
}

export async function tenantOfDelivery(db: Db, id: string) {
  const row = await db
    .selectFrom('webhook_deliveries')
    .select('tenant_id')
    .where('id', '=', id)
    .executeTakeFirst();
  return row?.tenant_id;
}
