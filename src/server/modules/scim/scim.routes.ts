/**
 * SCIM 2.0 provisioning at /scim/v2 on the admin listener (docs/scim.md): Users, Groups and the
 * discovery documents, for Microsoft Entra ID, Okta and any RFC 7644 client. Authenticated by
 * the tenant's own SCIM token (not an API key: it can change people only), which also names who
 * acts in the audit log. Answers `application/scim+json`, errors in SCIM's own shape
 * (scim-errors.ts), and is rate limited per client like the other routes open to a network.
 * Hidden from the OpenAPI document: ServiceProviderConfig and Schemas describe it as SCIM
 * clients expect.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminErrors, noContentSchema } from '@shared/admin-api';
import { createdScimTokenSchema, scimSettingsSchema } from '@shared/people';
import {
  SCIM_CONTENT_TYPE,
  scimGetQuerySchema,
  scimGroupSchema,
  scimIdParamsSchema,
  scimListQuerySchema,
  scimPatchSchema,
  scimResourceSchema,
  scimUserSchema,
} from '@shared/scim';
import type { AppContext } from '@server/context';
import { bearerCredential } from '@server/lib/bearer';
import { perClientLimit } from '@server/plugins/rate-limit';
import { setActor, withActorStore } from '../audit/actor-context';
import { asList, resourceTypes, schemas, serviceProviderConfig } from './scim-discovery';
import { installScimErrorHandler, ScimFault } from './scim-errors';
import {
  createGroup,
  deleteGroup,
  getGroup,
  listGroups,
  patchGroup,
  replaceGroup,
} from './scim-groups.service';
import { excludes } from './scim-query';
import { mintScimToken, revokeScimToken, scimSettings, scimTokenOwner } from './scim.service';
import { tenantOf as adminTenantOf } from '../admin/admin-auth';
import { adminSecurity } from '../admin/admin-schemas';
import { notFound } from '@server/lib/errors';
import { createUser, deleteUser, getUser, listUsers, patchUser, replaceUser } from './scim-users.service';

const tenants = new WeakMap<FastifyRequest, string>();

function tenantOf(request: FastifyRequest): string {
  const tenantId = tenants.get(request);
  if (!tenantId) throw new ScimFault(401, 'Missing SCIM token');
  return tenantId;
}

const baseOf = (request: FastifyRequest) => `${request.protocol}://${request.host}/scim/v2`;

/** The answer, with its status and SCIM's content type. */
function send<T>(reply: FastifyReply, status: number, body: T): T {
  void reply.status(status).type(SCIM_CONTENT_TYPE);
  return body;
}

export function scimRoutes(ctx: AppContext) {
  const { db } = ctx.database;
  return async (app: FastifyInstance) => {
    installScimErrorHandler(app);
    app.addContentTypeParser(
      SCIM_CONTENT_TYPE,
      { parseAs: 'string' },
      app.getDefaultJsonParser('error', 'error'),
    );
    app.addHook('onRequest', (_request, _reply, done) => withActorStore(done));
    app.addHook('onRequest', async (request) => {
      const token = bearerCredential(request.headers.authorization);
      const owner = token ? await scimTokenOwner(db, token) : undefined;
      if (!owner) throw new ScimFault(401, 'Missing, invalid or revoked SCIM token');
      tenants.set(request, owner.tenantId);
      setActor(owner.actor);
    });

    const r = app.withTypeProvider<ZodTypeProvider>();
    const config = perClientLimit(ctx.config);
    const hide = { hide: true };
    const one = { 200: scimResourceSchema };

    r.get(
      '/scim/v2/ServiceProviderConfig',
      { config, schema: { ...hide, response: one } },
      (request, reply) => send(reply, 200, serviceProviderConfig(baseOf(request))),
    );
    r.get('/scim/v2/ResourceTypes', { config, schema: { ...hide, response: one } }, (request, reply) =>
      send(reply, 200, asList(resourceTypes(baseOf(request)))),
    );
    r.get('/scim/v2/Schemas', { config, schema: { ...hide, response: one } }, (request, reply) =>
      send(reply, 200, asList(schemas(baseOf(request)))),
    );

    // Any other path under /scim/v2 (Bulk, Me, a mistyped resource) is SCIM's 404, which
    // directories read, and never the console's page.
    app.route({
      method: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
      url: '/scim/v2/*',
      config,
      schema: hide,
      handler: () => {
        throw new ScimFault(404, 'No such SCIM endpoint');
      },
    });

    const users = '/scim/v2/Users';
    r.get(
      users,
      { config, schema: { ...hide, querystring: scimListQuerySchema, response: one } },
      async (request, reply) =>
        send(reply, 200, await listUsers(db, tenantOf(request), baseOf(request), request.query)),
    );
    r.post(
      users,
      { config, schema: { ...hide, body: scimUserSchema, response: { 201: scimResourceSchema } } },
      async (request, reply) =>
        send(reply, 201, await createUser(db, tenantOf(request), baseOf(request), request.body)),
    );
    const user = `${users}/:id`;
    r.get(
      user,
      {
        config,
        schema: { ...hide, params: scimIdParamsSchema, querystring: scimGetQuerySchema, response: one },
      },
      async (request, reply) =>
        send(reply, 200, await getUser(db, tenantOf(request), baseOf(request), request.params.id)),
    );
    r.put(
      user,
      { config, schema: { ...hide, params: scimIdParamsSchema, body: scimUserSchema, response: one } },
      async (request, reply) =>
        send(
          reply,
          200,
          await replaceUser(db, tenantOf(request), baseOf(request), request.params.id, request.body),
        ),
    );
    r.patch(
      user,
      { config, schema: { ...hide, params: scimIdParamsSchema, body: scimPatchSchema, response: one } },
      async (request, reply) =>
        send(
          reply,
          200,
          await patchUser(db, tenantOf(request), baseOf(request), request.params.id, request.body),
        ),
    );
    r.delete(
      user,
      { config, schema: { ...hide, params: scimIdParamsSchema, response: { 204: noContentSchema } } },
      async (request, reply) => {
        await deleteUser(db, tenantOf(request), request.params.id);
        return reply.status(204).send(null);
      },
    );

    const groups = '/scim/v2/Groups';
    r.get(
      groups,
      { config, schema: { ...hide, querystring: scimListQuerySchema, response: one } },
      async (request, reply) =>
        send(reply, 200, await listGroups(db, tenantOf(request), baseOf(request), request.query)),
    );
    r.post(
      groups,
      { config, schema: { ...hide, body: scimGroupSchema, response: { 201: scimResourceSchema } } },
      async (request, reply) =>
        send(reply, 201, await createGroup(db, tenantOf(request), baseOf(request), request.body)),
    );
    const group = `${groups}/:id`;
    r.get(
      group,
      {
        config,
        schema: { ...hide, params: scimIdParamsSchema, querystring: scimGetQuerySchema, response: one },
      },
      async (request, reply) => {
        const withMembers = !excludes(request.query.excludedAttributes, 'members');
        return send(
          reply,
          200,
          await getGroup(db, tenantOf(request), baseOf(request), request.params.id, withMembers),
        );
      },
    );
    r.put(
      group,
      { config, schema: { ...hide, params: scimIdParamsSchema, body: scimGroupSchema, response: one } },
      async (request, reply) =>
        send(
          reply,
          200,
          await replaceGroup(db, tenantOf(request), baseOf(request), request.params.id, request.body),
        ),
    );
    r.patch(
      group,
      { config, schema: { ...hide, params: scimIdParamsSchema, body: scimPatchSchema, response: one } },
      async (request, reply) =>
        send(
          reply,
          200,
          await patchGroup(db, tenantOf(request), baseOf(request), request.params.id, request.body),
        ),
    );
    r.delete(
      group,
      { config, schema: { ...hide, params: scimIdParamsSchema, response: { 204: noContentSchema } } },
      async (request, reply) => {
        await deleteGroup(db, tenantOf(request), request.params.id);
        return reply.status(204).send(null);
      },
    );
  };
}

/**
 * /api/admin/settings/scim (operator API, owners only): the endpoint URL a directory is given
 * and the live token's prefix; minting a token (shown once, replacing the last) and revoking it.
 */
export function scimSettingsRoutes(ctx: AppContext) {
  const { db } = ctx.database;
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const common = { tags: ['Settings'], security: adminSecurity };
    const owner = { role: 'owner' as const };
    const adminUrl = (request: FastifyRequest) => `${request.protocol}://${request.host}`;

    r.get(
      '/api/admin/settings/scim',
      {
        config: owner,
        schema: {
          ...common,
          summary: 'SCIM provisioning: the endpoint URL and the live token (by prefix)',
          response: { 200: scimSettingsSchema, ...adminErrors },
        },
      },
      async (request) => scimSettings(db, adminTenantOf(request), adminUrl(request)),
    );

    r.post(
      '/api/admin/settings/scim/token',
      {
        config: owner,
        schema: {
          ...common,
          summary: 'Mint the SCIM token (shown once; it replaces the previous one)',
          response: { 201: createdScimTokenSchema, ...adminErrors },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await mintScimToken(db, adminTenantOf(request), adminUrl(request))),
    );

    r.delete(
      '/api/admin/settings/scim/token',
      {
        config: owner,
        schema: {
          ...common,
          summary: 'Revoke the SCIM token: the directory can no longer provision',
          response: { 204: noContentSchema, ...adminErrors },
        },
      },
      async (request, reply) => {
        if ((await revokeScimToken(db, adminTenantOf(request))) === undefined) throw notFound();
        return reply.status(204).send(null);
      },
    );
  };
}
