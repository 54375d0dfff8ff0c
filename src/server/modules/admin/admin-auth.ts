/**
 * Operator authentication and authorisation for /api/admin/*: a bearer API key (automation,
 * full rights in its tenant) or a console session cookie (a user with a role). The principal
 * resolves to one tenant; handlers read it with tenantOf() and filter every query by it, so
 * another tenant's object is simply not found.
 *
 * Roles: a route's `config.role`, else viewer for reads and operator for changes. A change
 * made with a session cookie must carry the session's CSRF token (`x-csrf-token`), and, when
 * the browser says where it comes from (Origin), come from this origin. Every change that
 * succeeds is written to the audit log.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ROLE_RANK, type Role } from '@shared/admin-api';
import type { AppContext } from '@server/context';
import { forbidden, unauthorized } from '@server/lib/errors';
import { isCsrfTokenFor, sessionOf } from '../accounts/accounts.service';
import { recordAudit } from '../audit/audit.service';
import { authenticateApiKey } from './admin.service';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The least role a route needs (default: viewer for GET/HEAD, operator otherwise). */
    role?: Role;
    /** The audit log's name for a change through this route, e.g. "campaign.launch". */
    audit?: string;
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
  app.addHook('onRequest', async (request) => {
    const principal = await authenticate(ctx, request);
    const needed =
      request.routeOptions.config.role ?? (SAFE_METHODS.has(request.method) ? 'viewer' : 'operator');
    if (ROLE_RANK[principal.role] < ROLE_RANK[needed]) {
      throw forbidden(`This needs the ${needed} role; you are ${principal.role}`);
    }
    principals.set(request, principal);
  });
  // Before the answer leaves (onSend, not onResponse): a caller that sees the change succeed
  // finds it in the audit log at once.
  app.addHook('onSend', async (request, reply, payload) => {
    const principal = principals.get(request);
    if (!principal || SAFE_METHODS.has(request.method) || reply.statusCode >= 400) return payload;
    const params = (request.params ?? {}) as Record<string, unknown>;
    const target =
      ['id', 'prefix', 'recipientId'].map((k) => params[k]).find((v) => typeof v === 'string') ??
      createdId(reply.statusCode, payload);
    await recordAudit(ctx.database.db, {
      tenantId: principal.tenantId,
      actor: principal.actor,
      action: request.routeOptions.config.audit ?? `${request.method} ${request.routeOptions.url ?? ''}`,
      target: typeof target === 'string' ? target : null,
      details: { status: reply.statusCode, ...(params.recipientId ? { campaign: params.id } : {}) },
    }).catch((error: unknown) => request.log.error({ err: error }, 'audit write failed'));
    return payload;
  });
}

/** What a create (201) made, from its answer's `id` or `prefix`: the log names the new user, campaign, key. */
function createdId(status: number, payload: unknown): string | undefined {
  if (status !== 201 || typeof payload !== 'string' || payload.length > 1_000_000) return undefined;
  try {
    const body = JSON.parse(payload) as { id?: unknown; prefix?: unknown };
    const id = body.id ?? body.prefix;
    return typeof id === 'string' ? id : undefined;
  } catch {
    return undefined;
  }
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
