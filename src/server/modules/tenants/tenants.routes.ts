/**
 * /api/admin/keys: a tenant's API keys — list by prefix, create another, revoke one. Owners only:
 * a key acts with the owner's rights, so creating one is granting them.
 * /api/admin/settings/egress-networks: the tenant's own offices and gateways (any role reads,
 * owners change: the list changes how every click is judged).
 * /api/admin/settings/mfa: whether every console user needs two-step sign-in (owners change).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { mfaPolicySchema } from '@shared/account';
import { adminErrors, noContentSchema } from '@shared/admin-api';
import {
  apiKeyParamsSchema,
  apiKeysSchema,
  createdApiKeySchema,
  egressNetworksSchema,
} from '@shared/tenants';
import type { AppContext } from '@server/context';
import { notFound } from '@server/lib/errors';
import { tenantOf } from '../admin/admin-auth';
import { adminSecurity } from '../admin/admin-schemas';
import { setTenantEgressNetworks, tenantEgressNetworks } from './egress-networks.service';
import { setTenantMfaRequired, tenantMfaRequired } from './mfa-policy.service';
import { createApiKey, revokeKey, tenantApiKeys } from './tenants.service';

const tags = ['API keys'];

export function tenantRoutes(ctx: AppContext) {
  const { db } = ctx.database;
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const common = { tags, security: adminSecurity };
    const owner = { role: 'owner' as const };

    r.get(
      '/api/admin/keys',
      {
        config: owner,
        schema: {
          ...common,
          summary: "List this tenant's API keys",
          response: { 200: apiKeysSchema, ...adminErrors },
        },
      },
      async (request) => ({ keys: await tenantApiKeys(db, tenantOf(request)) }),
    );

    r.post(
      '/api/admin/keys',
      {
        config: owner,
        schema: {
          ...common,
          summary: 'Create another API key (shown once)',
          response: { 201: createdApiKeySchema, ...adminErrors },
        },
      },
      async (request, reply) => {
        const { apiKey, prefix } = await createApiKey(db, tenantOf(request));
        return reply.status(201).send({ api_key: apiKey, prefix });
      },
    );

    r.delete(
      '/api/admin/keys/:prefix',
      {
        config: owner,
        schema: {
          ...common,
          summary: 'Revoke an API key',
          params: apiKeyParamsSchema,
          response: { 204: noContentSchema, ...adminErrors },
        },
      },
      async (request, reply) => {
        if (!(await revokeKey(db, tenantOf(request), request.params.prefix))) throw notFound();
        return reply.status(204).send(null);
      },
    );

    const settings = { tags: ['Settings'], security: adminSecurity };
    r.get(
      '/api/admin/settings/egress-networks',
      {
        schema: {
          ...settings,
          summary: "The tenant's own offices and gateways (CIDR ranges)",
          description: 'Fan-out from these networks never judges a visit alone (docs/clicks.md).',
          response: { 200: egressNetworksSchema, ...adminErrors },
        },
      },
      async (request) => ({ networks: await tenantEgressNetworks(db, tenantOf(request)) }),
    );

    r.put(
      '/api/admin/settings/egress-networks',
      {
        config: owner,
        schema: {
          ...settings,
          summary: "Replace the tenant's own offices and gateways",
          description: 'A bare address is stored as one host (/32 or /128); an empty list removes them all.',
          body: egressNetworksSchema,
          response: { 200: egressNetworksSchema, ...adminErrors },
        },
      },
      async (request) => ({
        networks: await setTenantEgressNetworks(db, tenantOf(request), request.body.networks),
      }),
    );

    r.get(
      '/api/admin/settings/mfa',
      {
        schema: {
          ...settings,
          summary: 'Whether every console user of the tenant must use two-step sign-in',
          response: { 200: mfaPolicySchema, ...adminErrors },
        },
      },
      async (request) => ({ required: await tenantMfaRequired(db, tenantOf(request)) }),
    );

    r.put(
      '/api/admin/settings/mfa',
      {
        config: owner,
        schema: {
          ...settings,
          summary: 'Require two-step sign-in of every console user, or not',
          description:
            'While required, a user without it who signs in can only set it up: every other call answers 403 `mfa_enrolment_required`.',
          body: mfaPolicySchema,
          response: { 200: mfaPolicySchema, ...adminErrors },
        },
      },
      async (request) => ({
        required: await setTenantMfaRequired(db, tenantOf(request), request.body.required),
      }),
    );
  };
}
