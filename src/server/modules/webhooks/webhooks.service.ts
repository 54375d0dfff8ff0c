/**
 * Webhooks and the SIEM feed: a tenant's endpoints (signed https receivers, syslog receivers),
 * the events other modules emit in their own transactions (emitEvent), and the delivery log
 * with "send again". Delivery itself is webhooks-worker.ts's.
 */
import type { Config } from '@server/config';
import type { Db } from '@server/db/schema';
import { badRequest, notFound, conflict } from '@server/lib/errors';
import { newId, newRowId, nowIso } from '@server/lib/ids';
import { seal } from '@server/lib/secret-box';
import {
  WEBHOOK_EVENTS,
  type CreatedEndpoint,
  type DeliveriesQuery,
  type Delivery,
  type Endpoint,
  type EndpointChange,
  type EndpointKind,
  type WebhookEvent,
  type WebhookPayload,
} from '@shared/webhooks';
import { audited } from '../audit/audited';
import { newSigningSecret } from './signature';
import {
  deleteEndpoint,
  enabledEndpoints,
  eventSubject,
  findDelivery,
  findEndpoint,
  insertDeliveries,
  insertEndpoint,
  listDeliveries,
  listEndpoints,
  requeueDelivery,
  tenantOfDelivery,
  tenantOfEndpoint,
  updateEndpoint,
} from './webhooks.repository';

export interface EmittedEvent {
  tenantId: string;
  type: WebhookEvent;
  /** The campaign, or the recipient (whose campaign is looked up with it), the event is about. */
  campaignId?: string;
  recipientId?: string;
  /** What happened; never a value a recipient typed, never a secret. */
  data: Record<string, unknown>;
}

/**
 * Queues the event for every enabled endpoint of the tenant that wants it, in the caller's
 * transaction: it is delivered if and only if the change that caused it commits. Costs one
 * indexed read of the tenant's endpoints; with none subscribed, nothing else happens.
 */
export async function emitEvent(trx: Db, event: EmittedEvent): Promise<void> {
  const endpoints = (await enabledEndpoints(trx, event.tenantId)).filter((e) =>
    (JSON.parse(e.events) as string[]).includes(event.type),
  );
  if (endpoints.length === 0) return;
  const subject = await eventSubject(trx, event);
  const createdAt = nowIso();
  const payload: WebhookPayload = {
    id: `evt_${newRowId().replace(/-/g, '')}`,
    type: event.type,
    created_at: createdAt,
    tenant: event.tenantId,
    data: {
      ...(subject ? { campaign: { id: subject.campaign_id, name: subject.campaign_name } } : {}),
      ...(subject?.email
        ? {
            recipient: {
              email: subject.email,
              first_name: subject.first_name ?? '',
              last_name: subject.last_name ?? '',
            },
          }
        : {}),
      ...event.data,
    },
  };
  const body = JSON.stringify(payload);
  await insertDeliveries(
    trx,
    endpoints.map((endpoint) => ({
      id: newRowId(),
      tenant_id: event.tenantId,
      endpoint_id: endpoint.id,
      event_id: payload.id,
      event_type: event.type,
      payload: body,
      state: 'queued' as const,
      due_at: createdAt,
      created_at: createdAt,
      updated_at: createdAt,
    })),
  );
}

type EndpointRow = NonNullable<Awaited<ReturnType<typeof findEndpoint>>>;

function endpointView(row: EndpointRow): Endpoint {
  return {
    id: row.id,
    kind: row.kind,
    url: row.url,
    description: row.description,
    events: (JSON.parse(row.events) as WebhookEvent[]).filter((e) => WEBHOOK_EVENTS.includes(e)),
    enabled: Number(row.enabled) === 1,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/**
 * What an endpoint URL may be. https and syslog over TLS always; plain http and syslog over TCP
 * only with WEBHOOKS_ALLOW_PLAIN. Internal addresses are allowed on purpose: SIEM receivers
 * usually are internal, endpoints are an owner's to set, and no receiver's answer is ever shown.
 */
export function endpointKindOf(config: Config, url: string): EndpointKind {
  const { protocol } = new URL(url);
  const plain = protocol === 'http:' || protocol === 'syslog+tcp:';
  if (plain && !config.webhooks.allowPlain) {
    throw badRequest(
      'Unencrypted endpoints (http://, syslog+tcp://) are not allowed on this server: use https:// or syslog+tls://',
      'invalid_url',
    );
  }
  return protocol.startsWith('syslog') ? 'syslog' : 'webhook';
}

export async function requireEndpoint(db: Db, tenantId: string, id: string): Promise<Endpoint> {
  const row = await findEndpoint(db, tenantId, id);
  if (!row) throw notFound();
  return endpointView(row);
}

export async function endpoints(db: Db, tenantId: string): Promise<Endpoint[]> {
  return (await listEndpoints(db, tenantId)).map(endpointView);
}

/** Adds an endpoint; a webhook's signing secret is in this answer only (sealed at rest). */
export async function createEndpoint(
  db: Db,
  config: Config,
  tenantId: string,
  input: { url: string; description: string; events: WebhookEvent[] },
): Promise<CreatedEndpoint> {
  const kind = endpointKindOf(config, input.url);
  const id = newId();
  const now = nowIso();
  const secret = kind === 'webhook' ? newSigningSecret() : null;
  const events = WEBHOOK_EVENTS.filter((e) => input.events.includes(e));
  await audited(
    db,
    { tenantId, action: 'webhook.create', target: id, details: { url: input.url, events } },
    (trx) =>
      insertEndpoint(trx, {
        id,
        tenant_id: tenantId,
        kind,
        url: input.url,
        description: input.description,
        events: JSON.stringify(events),
        secret_sealed: secret ? seal(config.secretsKey, secret) : null,
        enabled: 1,
        created_at: now,
        updated_at: now,
      }),
  );
  return { ...(await requireEndpoint(db, tenantId, id)), secret };
}

export async function changeEndpoint(
  db: Db,
  tenantId: string,
  id: string,
  change: EndpointChange,
): Promise<Endpoint> {
  await requireEndpoint(db, tenantId, id);
  const events = change.events ? WEBHOOK_EVENTS.filter((e) => change.events?.includes(e)) : undefined;
  const details = {
    ...(events ? { events } : {}),
    ...(change.enabled === undefined ? {} : { enabled: change.enabled }),
    ...(change.description === undefined ? {} : { description: change.description }),
  };
  await audited(db, { tenantId, action: 'webhook.change', target: id, details }, (trx) =>
    updateEndpoint(trx, tenantId, id, {
      ...(events ? { events: JSON.stringify(events) } : {}),
      ...(change.enabled === undefined ? {} : { enabled: change.enabled ? 1 : 0 }),
      ...(change.description === undefined ? {} : { description: change.description }),
      updated_at: nowIso(),
    }),
  );
  return requireEndpoint(db, tenantId, id);
}

/** Removes an endpoint with its delivery log; what was queued for it is not sent. */
export async function removeEndpoint(db: Db, tenantId: string, id: string): Promise<void> {
  const endpoint = await requireEndpoint(db, tenantId, id);
  await audited(
    db,
    { tenantId, action: 'webhook.delete', target: id, details: { url: endpoint.url } },
    (trx) => deleteEndpoint(trx, tenantId, id),
  );
}

export async function deliveries(
  db: Db,
  tenantId: string,
  query: DeliveriesQuery & { id?: string },
): Promise<Delivery[]> {
  const rows = await listDeliveries(db, tenantId, query);
  return rows.map((row) => ({
    id: row.id,
    endpoint_id: row.endpoint_id,
    endpoint_url: row.endpoint_url,
    event_id: row.event_id,
    event_type: row.event_type,
    state: row.state,
    attempts: Number(row.attempts),
    next_attempt_at: row.state === 'queued' ? row.due_at : null,
    last_status: row.last_status === null ? null : Number(row.last_status),
    last_error: row.last_error,
    delivered_at: row.delivered_at,
    created_at: row.created_at,
  }));
}

/** "Send again": a delivered or failed delivery is queued once more, the same body and event id. */
export async function redeliver(db: Db, tenantId: string, id: string): Promise<Delivery> {
  const found = await findDelivery(db, tenantId, id);
  if (!found) throw notFound();
  await audited(
    db,
    {
      tenantId,
      action: 'webhook.redeliver',
      target: found.endpoint_id,
      details: { delivery: id, event_id: found.event_id, event_type: found.event_type },
    },
    async (trx) => {
      if (!(await requeueDelivery(trx, tenantId, id, nowIso()))) {
        throw conflict('This delivery is still queued or being delivered');
      }
    },
  );
  const [delivery] = await deliveries(db, tenantId, { limit: 1, id });
  if (!delivery) throw notFound();
  return delivery;
}

/** The CLI names an endpoint or a delivery by id alone: its tenant, or a readable error. */
export async function endpointTenant(db: Db, id: string): Promise<string> {
  const tenantId = await tenantOfEndpoint(db, id);
  if (!tenantId) throw new Error(`Unknown endpoint ${id}`);
  return tenantId;
}

export async function deliveryTenant(db: Db, id: string): Promise<string> {
  const tenantId = await tenantOfDelivery(db, id);
  if (!tenantId) throw new Error(`Unknown delivery ${id}`);
  return tenantId;
}
