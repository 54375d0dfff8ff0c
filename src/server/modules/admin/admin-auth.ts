/**
 * Operator authentication and authorisation for /api/admin/*: a bearer API key (automation,
 * full rights in its tenant) or a console session cookie (a user with a role). The principal
 * resolves to one tenant; handlers read it with tenantOf() and filter every query by it, so
 * another tenant's object is simply not found.
 *
 * Roles: a route's `config.role`, else viewer for reads and operator for changes. A change
 * made with a session cookie must carry the session's CSRF token (`x-csrf-token`), and, when
 * the browser says where it comes from (Origin), come from this origin. The principal is also
 * who acts (actor-context.ts): the service that makes a change writes it to the audit log, in
 * the change's own transaction, under that name.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ROLE_RANK, type Role } from '@shared/admin-api';
import type { AppContext } from '@server/context';
import { forbidden, unauthorized } from '@server/lib/errors';
import { isCsrfTokenFor, sessionOf } from '../accounts/accounts.service';
import { setActor, withActorStore } from '../audit/actor-context';
import { authenticateApiKey } from './admin.service';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The least role a route needs (default: viewer for GET/HEAD, operator otherwise). */
    role?: Role;
    /** Open to a session that must set up two-step sign-in first (the account's own MFA routes). */
    duringMfaEnrolment?: boolean;
  }
}

export const SESSION_COOKIE = 'hw_session';

export interface Principal {
  tenantId: string;
  role: Role;
  /** For the audit log: the user's email, or "api key <prefix>". */
  actor: string;
  /** The signed-in console user; undefined for an API key. */
  userId?: string;
}

// A WeakMap instead of a request decorator: no global type augmentation, and a route that
// forgot the hook fails loudly in tenantOf() instead of reading an empty tenant id.
const principals = new WeakMap<FastifyRequest, Principal>();

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function installAdminAuth(app: FastifyInstance, ctx: AppContext): void {
  // The store must exist before the principal is known, and the rest of the request (the
  // handler, the services it calls) must run inside it: a callback hook wraps what follows.
  app.addHook('onRequest', (_request, _reply, done) => withActorStore(done));
  app.addHook('onRequest', async (request) => {
    const principal = await authenticate(ctx, request);
    const needed =
      request.routeOptions.config.role ?? (SAFE_METHODS.has(request.method) ? 'viewer' : 'operator');
    if (ROLE_RANK[principal.role] < ROLE_RANK[needed]) {
      throw forbidden(`This needs the ${needed} role; you are ${principal.role}`);
    }
    principals.set(request, principal);
    setActor(principal.actor);
  });
}

async function authenticate(ctx: AppContext, request: FastifyRequest): Promise<Principal> {
  const { db } = ctx.database;
  if (request.headers.authorization !== undefined) {
    const key = await authenticateApiKey(db, request.headers.authorization);
    return { tenantId: key.tenantId, role: 'owner', actor: `api key ${key.prefix}` };
  }
  const token = request.cookies[SESSION_COOKIE];
  if (!token) throw unauthorized('Sign in, or send Authorization: Bearer <api key>');
  const session = await sessionOf(db, ctx.config, token);
  if (!session) throw unauthorized('Your session has ended: sign in again');
  if (!SAFE_METHODS.has(request.method)) checkCsrf(request, token);
  // The tenant requires two-step sign-in and this user has not set it up: the session is good
  // for setting it up (and signing out) only.
  if (session.mfaEnrolmentRequired && request.routeOptions.config.duringMfaEnrolment !== true) {
    throw forbidden('Set up two-step sign-in first: your organisation requires it', 'mfa_enrolment_required');
  }
  return {
    tenantId: session.tenant.id,
    role: session.role,
    actor: session.user.email,
    userId: session.user.id,
  };
}

/** A cookie-authenticated change must prove it comes from the console itself. */
export function checkCsrf(request: FastifyRequest, token: string): void {
  const origin = request.headers.origin;
  if (origin !== undefined && origin !== `${request.protocol}://${request.host}`) {
    throw forbidden('Cross-site request refused', 'csrf_failed');
  }
  const given = request.headers['x-csrf-token'];
  if (!isCsrfTokenFor(token, typeof given === 'string' ? given : undefined)) {
    throw forbidden('Missing or wrong CSRF token: reload the console', 'csrf_failed');
  }
}

export function principalOf(request: FastifyRequest): Principal {
  const principal = principals.get(request);
  if (!principal) throw unauthorized('Missing API key');
  return principal;
}

export function tenantOf(request: FastifyRequest): string {
  return principalOf(request).tenantId;
}
