/**
 * Webhooks and the SIEM feed (docs/webhooks.md): the events Hookwise sends, the endpoints a tenant
 * registers (a signed https receiver, or a syslog receiver over TCP/TLS), their delivery log, as
 * the operator API, the CLI and the console see them. One schema gives validation and types.
 */
import { z } from 'zod';

/** What happened, in the order the console lists them. */
export const WEBHOOK_EVENTS = [
  'click.judged',
  'form.submitted',
  'report.received',
  'review.decided',
  'campaign.launched',
  'campaign.ended',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

export const ENDPOINT_KINDS = ['webhook', 'syslog'] as const;
export type EndpointKind = (typeof ENDPOINT_KINDS)[number];

export const DELIVERY_STATES = ['queued', 'delivering', 'delivered', 'failed'] as const;
export type DeliveryState = (typeof DELIVERY_STATES)[number];

/** The signature header: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`. */
export const SIGNATURE_HEADER = 'Hookwise-Signature';
export const EVENT_ID_HEADER = 'Hookwise-Event-Id';
export const EVENT_TYPE_HEADER = 'Hookwise-Event-Type';

/** The URL schemes an endpoint may have: https (http only when the server allows it), or syslog. */
export const ENDPOINT_SCHEMES = ['https:', 'http:', 'syslog+tls:', 'syslog+tcp:'] as const;

export const endpointUrlSchema = z
  .string()
  .trim()
  .max(2000)
  .refine((value) => {
    try {
      const url = new URL(value);
      return (ENDPOINT_SCHEMES as readonly string[]).includes(url.protocol) && url.hostname !== '';
    } catch {
      return false;
    }
  }, 'an https:// URL, or syslog+tls://host:port (syslog+tcp:// and http:// where allowed)');

export const endpointInputSchema = z.object({
  url: endpointUrlSchema,
  description: z.string().trim().max(200).default(''),
  events: z.array(z.enum(WEBHOOK_EVENTS)).min(1).max(WEBHOOK_EVENTS.length),
});
export type EndpointInput = z.input<typeof endpointInputSchema>;

/** PATCH: change the filter, the description, or switch it off and on. */
export const endpointChangeSchema = z.object({
  description: z.string().trim().max(200).optional(),
  events: z.array(z.enum(WEBHOOK_EVENTS)).min(1).max(WEBHOOK_EVENTS.length).optional(),
  enabled: z.boolean().optional(),
});
export type EndpointChange = z.infer<typeof endpointChangeSchema>;

export const endpointSchema = z.object({
  id: z.string(),
  kind: z.enum(ENDPOINT_KINDS),
  url: z.string(),
  description: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENTS)),
  enabled: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Endpoint = z.infer<typeof endpointSchema>;

/** POST answer: the signing secret is shown this once (null for syslog, which is not signed). */
export const createdEndpointSchema = endpointSchema.extend({ secret: z.string().nullable() });
export type CreatedEndpoint = z.infer<typeof createdEndpointSchema>;

export const endpointsSchema = z.object({ endpoints: z.array(endpointSchema) });

export const deliverySchema = z.object({
  id: z.string(),
  endpoint_id: z.string(),
  endpoint_url: z.string(),
  event_id: z.string(),
  event_type: z.enum(WEBHOOK_EVENTS),
  state: z.enum(DELIVERY_STATES),
  attempts: z.number().int(),
  /** When the next try is due (queued), else null. */
  next_attempt_at: z.string().nullable(),
  /** The receiver's last HTTP status; null when none came. */
  last_status: z.number().int().nullable(),
  /** Why the last try failed, in a few words (never the receiver's body). */
  last_error: z.string().nullable(),
  delivered_at: z.string().nullable(),
  created_at: z.string(),
});
export type Delivery = z.infer<typeof deliverySchema>;

export const deliveriesQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(500).default(50),
  endpoint_id: z.string().min(1).max(100).optional(),
  state: z.enum(DELIVERY_STATES).optional(),
});
export type DeliveriesQuery = z.infer<typeof deliveriesQuerySchema>;

export const deliveriesSchema = z.object({ deliveries: z.array(deliverySchema) });

/** What every receiver gets: the JSON body, signed as sent. */
export interface WebhookPayload {
  /** The event's id: the same on every attempt and every endpoint, to deduplicate. */
  id: string;
  type: WebhookEvent;
  created_at: string;
  tenant: string;
  data: Record<string, unknown>;
}
