/**
 * /api/admin/webhooks (endpoints: list, add, change, remove) and /api/admin/webhook-deliveries
 * (the delivery log, and "send again"). Owners only: an endpoint receives the tenant's events.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminErrors, errorSchema, idParamsSchema } from '@shared/admin-api';
import {
  createdEndpointSchema,
  deliveriesQuerySchema,
  deliveriesSchema,
  deliverySchema,
  endpointChangeSchema,
  endpointInputSchema,
  endpointSchema,
  endpointsSchema,
} from '@shared/webhooks';
import type { AppContext } from '@server/context';
import { tenantOf } from '../admin/admin-auth';
import { adminSecurity } from '../admin/admin-schemas';
import {
  changeEndpoint,
  createEndpoint,
  deliveries,
  endpoints,
  redeliver,
  removeEndpoint,
  requireEndpoint,
} from './webhooks.service';

const tags = ['webhooks'];

export function webhooksRoutes(ctx: AppContext) {
  const { db } = ctx.database;
  const { config } = ctx;
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const base = { tags, security: adminSecurity };
    const owner = { role: 'owner' as const };

    r.get(
      '/api/admin/webhooks',
      {
        config: owner,
        schema: {
          ...base,
          summary: 'List webhook and syslog endpoints (secrets never shown)',
          response: { 200: endpointsSchema, ...adminErrors },
        },
      },
      async (request) => ({ endpoints: await endpoints(db, tenantOf(request)) }),
    );

    r.post(
      '/api/admin/webhooks',
      {
        config: owner,
        schema: {
          ...base,
          summary: 'Add an endpoint; the answer carries its signing secret, shown this once',
          body: endpointInputSchema,
          response: { 201: createdEndpointSchema, ...adminErrors },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await createEndpoint(db, config, tenantOf(request), request.body)),
    );

    r.get(
      '/api/admin/webhooks/:id',
      {
        config: owner,
        schema: {
          ...base,
          summary: 'One endpoint',
          params: idParamsSchema,
          response: { 200: endpointSchema, ...adminErrors },
        },
      },
      async (request) => requireEndpoint(db, tenantOf(request), request.params.id),
    );

    r.patch(
      '/api/admin/webhooks/:id',
      {
        config: owner,
        schema: {
          ...base,
          summary: "Change an endpoint's events or description, or switch it off and on",
          params: idParamsSchema,
          body: endpointChangeSchema,
          response: { 200: endpointSchema, ...adminErrors },
        },
      },
      async (request) => changeEndpoint(db, tenantOf(request), request.params.id, request.body),
    );

    r.delete(
      '/api/admin/webhooks/:id',
      {
        config: owner,
        schema: { ...base, summary: 'Remove an endpoint and its delivery log', params: idParamsSchema },
      },
      async (request, reply) => {
        await removeEndpoint(db, tenantOf(request), request.params.id);
        return reply.status(204).send();
      },
    );

    r.get(
      '/api/admin/webhook-deliveries',
      {
        config: owner,
        schema: {
          ...base,
          summary: 'The delivery log, newest first',
          querystring: deliveriesQuerySchema,
          response: { 200: deliveriesSchema, ...adminErrors },
        },
      },
      async (request) => ({ deliveries: await deliveries(db, tenantOf(request), request.query) }),
    );

    r.post(
      '/api/admin/webhook-deliveries/:id/redeliver',
      {
        config: owner,
        schema: {
          ...base,
          summary: 'Send a delivered or failed delivery again (same body, same event id)',
          params: idParamsSchema,
          response: { 200: deliverySchema, 409: errorSchema, ...adminErrors },
        },
      },
      async (request) => redeliver(db, tenantOf(request), request.params.id),
    );
  };
}
