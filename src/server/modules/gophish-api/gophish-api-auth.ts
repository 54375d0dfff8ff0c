/**
 * Who calls the GoPhish-compatible API, and GoPhish's answers when it goes wrong. The caller is
 * the tenant's Hookwise API key, sent as GoPhish's clients send theirs: `Authorization: Bearer
 * <key>` or `?api_key=<key>` (query strings never reach the request log). The key acts as it does
 * on /api/admin/*: an owner of its tenant, named in the audit log. Every error is GoPhish's
 * `{ "message", "success": false, "data": null }` with its status code.
 */
import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { GapiResponse } from '@shared/gophish-api';
import type { Db } from '@server/db/schema';
import { AppError, unauthorized } from '@server/lib/errors';
import { setActor, withActorStore } from '../audit/actor-context';
import { authenticateApiKey } from '../admin/admin.service';

const tenants = new WeakMap<FastifyRequest, string>();

export const gapiFailure = (message: string): GapiResponse => ({ message, success: false, data: null });
export const gapiSuccess = (message: string): GapiResponse => ({ message, success: true, data: null });

function queryKey(query: unknown): string | undefined {
  if (typeof query !== 'object' || query === null || !('api_key' in query)) return undefined;
  return typeof query.api_key === 'string' && query.api_key ? query.api_key : undefined;
}

async function authenticate(db: Db, request: FastifyRequest) {
  const header = request.headers.authorization;
  const key = queryKey(request.query);
  if (header === undefined && key === undefined) throw unauthorized('API Key not set');
  try {
    return await authenticateApiKey(db, header ?? `Bearer ${key ?? ''}`);
  } catch {
    throw unauthorized('Invalid API Key');
  }
}

export function installGapiAuth(app: FastifyInstance, db: Db): void {
  app.addHook('onRequest', (_request, _reply, done) => withActorStore(done));
  app.addHook('onRequest', async (request) => {
    const key = await authenticate(db, request);
    tenants.set(request, key.tenantId);
    setActor(`api key ${key.prefix}`);
  });
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) return reply.status(error.statusCode).send(gapiFailure(error.message));
    if (hasZodFastifySchemaValidationErrors(error)) {
      // GoPhish's ids are numbers in the path: any other id is simply not there.
      if (error.validationContext === 'params') return reply.status(404).send(gapiFailure('Not found'));
      const issue = error.validation[0];
      const field = issue?.instancePath.replace(/^\//, '').replace(/\//g, '.') || 'body';
      return reply
        .status(400)
        .send(gapiFailure(`Invalid JSON structure: ${field}: ${issue?.message ?? 'bad value'}`));
    }
    const status = error.statusCode ?? 500;
    if (status === 429) return reply.status(429).send(gapiFailure('Too many requests, slow down'));
    if (status === 413) return reply.status(413).send(gapiFailure('The request is too large'));
    if (status >= 400 && status < 500) return reply.status(400).send(gapiFailure('Invalid JSON structure'));
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send(gapiFailure('Internal server error'));
  });
}

export function gapiTenantOf(request: FastifyRequest): string {
  const tenantId = tenants.get(request);
  if (tenantId === undefined) throw unauthorized('API Key not set');
  return tenantId;
}
