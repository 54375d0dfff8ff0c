/**
 * Console sign-in (/api/admin/session, outside the operator auth hook: it is how a session
 * starts), user management (/api/admin/users, owners only, inside it), and two-step sign-in: the
 * signed-in user's own (/api/admin/account/mfa/*, any role, open to a session that must set it
 * up first) and an owner's reset of another user's (/api/admin/users/:id/mfa/reset).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { mfaCodeSchema, mfaEnabledSchema, mfaEnrolmentSchema, mfaStatusSchema } from '@shared/account';
import {
  adminErrors,
  idParamsSchema,
  newUserSchema,
  noContentSchema,
  passwordResetSchema,
  sessionSchema,
  signInSchema,
  userChangeSchema,
  userSchema,
  usersSchema,
  type Session,
} from '@shared/admin-api';
import type { AppContext } from '@server/context';
import { AppError, forbidden, unauthorized } from '@server/lib/errors';
import { checkCsrf, principalOf, SESSION_COOKIE, tenantOf } from '../admin/admin-auth';
import { adminSecurity } from '../admin/admin-schemas';
import { recordAudit } from '../audit/audited';
import {
  changeUser,
  createUser,
  csrfTokenFor,
  findUserId,
  sessionOf,
  setPassword,
  signIn,
  signOut,
  usersOf,
} from './accounts.service';
import { confirmEnrolment, disableMfa, mfaStatus, resetMfa, startEnrolment } from './mfa.service';

const tags = ['session'];
/** Sign-in failures the audit log keeps (a missing code, `mfa_required`, is a question, not one). */
const AUDITED_FAILURES = new Set<string>([
  'invalid_credentials',
  'invalid_code',
  'account_locked',
  'sso_required',
]);
/** Sign-in attempts per client address and minute, across every instance (shared store). */
export const SIGN_IN_PER_MINUTE = 10;

export function sessionRoutes(ctx: AppContext) {
  const { db } = ctx.database;
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();

    const current = async (token: string | undefined): Promise<Session> => {
      const session = token ? await sessionOf(db, ctx.config, token) : undefined;
      if (!token || !session) throw unauthorized('Not signed in');
      return {
        user: session.user,
        tenant: session.tenant,
        csrf_token: csrfTokenFor(token),
        expires_at: session.expiresAt,
        mfa_enrolment_required: session.mfaEnrolmentRequired,
      };
    };

    r.get(
      '/api/admin/session',
      {
        schema: {
          tags,
          summary: 'Who is signed in, and their CSRF token',
          response: { 200: sessionSchema, ...adminErrors },
        },
      },
      (request) => current(request.cookies[SESSION_COOKIE]),
    );

    r.post(
      '/api/admin/session',
      {
        config: { rateLimit: { max: SIGN_IN_PER_MINUTE, timeWindow: '1 minute' } },
        schema: {
          tags,
          summary: 'Sign in: sets the session cookie (a new session each time)',
          description:
            'With two-step sign-in on, `code` (authenticator or recovery code) is needed: without it, 401 `mfa_required`; a wrong one, 401 `invalid_code`, counts toward the lockout like a wrong password.',
          body: signInSchema,
          response: { 200: sessionSchema, ...adminErrors },
        },
      },
      async (request, reply) => {
        const { email } = request.body;
        // A sign-in always starts a new session: the old one (if any) ends.
        const previous = request.cookies[SESSION_COOKIE];
        if (previous) await signOut(db, previous);
        try {
          const signed = await signIn(db, ctx.config, request.body);
          setSessionCookie(request, reply, signed.token, ctx.config.session.maxHours);
          return await current(signed.token);
        } catch (error) {
          if (error instanceof AppError && AUDITED_FAILURES.has(error.code)) {
            const known = await findUserId(db, email).catch(() => undefined);
            if (known) {
              const action = error.code === 'account_locked' ? 'session.locked' : 'session.sign_in_failed';
              // The reason tells a wrong password from a wrong second-step code.
              const details = action === 'session.sign_in_failed' ? { reason: error.code } : {};
              await recordAudit(db, { tenantId: known.tenantId, actor: email, action, details });
            }
          }
          throw error;
        }
      },
    );

    r.delete(
      '/api/admin/session',
      {
        schema: {
          tags,
          summary: 'Sign out: the session ends on every instance',
          response: { 204: noContentSchema, ...adminErrors },
        },
      },
      async (request, reply) => {
        const token = request.cookies[SESSION_COOKIE];
        if (token) {
          checkCsrf(request, token);
          const session = await sessionOf(db, ctx.config, token);
          await signOut(db, token);
          if (session) {
            await recordAudit(db, {
              tenantId: session.tenant.id,
              actor: session.user.email,
              action: 'session.sign_out',
            });
          }
        }
        void reply.clearCookie(SESSION_COOKIE, { path: '/' });
        return reply.status(204).send(null);
      },
    );
  };
}

function setSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string, maxHours: number) {
  void reply.setCookie(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'strict',
    // Behind https (directly, or a trusted proxy saying so) the cookie never travels in clear.
    secure: request.protocol === 'https',
    path: '/',
    maxAge: maxHours * 3600,
  });
}

export function userRoutes(ctx: AppContext) {
  const { db } = ctx.database;
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const owner = { role: 'owner' as const };
    const userTags = ['users'];

    r.get(
      '/api/admin/users',
      {
        config: owner,
        schema: {
          tags: userTags,
          security: adminSecurity,
          summary: "The tenant's console users",
          response: { 200: usersSchema, ...adminErrors },
        },
      },
      async (request) => ({ users: await usersOf(db, tenantOf(request)) }),
    );

    r.post(
      '/api/admin/users',
      {
        config: owner,
        schema: {
          tags: userTags,
          security: adminSecurity,
          summary: 'Add a console user',
          body: newUserSchema,
          response: { 201: userSchema, ...adminErrors },
        },
      },
      async (request, reply) => reply.status(201).send(await createUser(db, tenantOf(request), request.body)),
    );

    r.patch(
      '/api/admin/users/:id',
      {
        config: owner,
        schema: {
          tags: userTags,
          security: adminSecurity,
          summary: "Change a user's name or role, or disable them (their sessions end)",
          params: idParamsSchema,
          body: userChangeSchema,
          response: { 200: userSchema, ...adminErrors },
        },
      },
      (request) => changeUser(db, tenantOf(request), request.params.id, request.body),
    );

    r.post(
      '/api/admin/users/:id/password',
      {
        config: owner,
        schema: {
          tags: userTags,
          security: adminSecurity,
          summary: "Set a user's password (their sessions end)",
          params: idParamsSchema,
          body: passwordResetSchema,
          response: { 204: noContentSchema, ...adminErrors },
        },
      },
      async (request, reply) => {
        await setPassword(db, tenantOf(request), request.params.id, request.body.password);
        return reply.status(204).send(null);
      },
    );
  };
}

/** The console user behind the request: an API key has no account of its own. */
function userOf(request: FastifyRequest): string {
  const { userId } = principalOf(request);
  if (userId === undefined) throw forbidden('Only a signed-in console user has two-step sign-in');
  return userId;
}

export function mfaRoutes(ctx: AppContext) {
  const { db } = ctx.database;
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const common = { tags: ['account'], security: adminSecurity };
    const own = { role: 'viewer' as const, duringMfaEnrolment: true };

    r.get(
      '/api/admin/account/mfa',
      {
        config: own,
        schema: {
          ...common,
          summary: 'Whether two-step sign-in is on for me, and required by my organisation',
          response: { 200: mfaStatusSchema, ...adminErrors },
        },
      },
      (request) => mfaStatus(db, userOf(request)),
    );

    r.post(
      '/api/admin/account/mfa/start',
      {
        config: { ...own },
        schema: {
          ...common,
          summary: 'Start setting up two-step sign-in: a new secret and its QR code',
          description:
            'The secret is kept (sealed) pending until confirmed with a code; a new start replaces it.',
          response: { 200: mfaEnrolmentSchema, ...adminErrors },
        },
      },
      (request) => startEnrolment(db, ctx.config, userOf(request)),
    );

    r.post(
      '/api/admin/account/mfa/confirm',
      {
        config: { ...own },
        schema: {
          ...common,
          summary: 'Turn two-step sign-in on with a current code: answers the recovery codes, once',
          body: mfaCodeSchema,
          response: { 200: mfaEnabledSchema, ...adminErrors },
        },
      },
      (request) => confirmEnrolment(db, ctx.config, userOf(request), request.body.code),
    );

    r.post(
      '/api/admin/account/mfa/disable',
      {
        config: { role: 'viewer' },
        schema: {
          ...common,
          summary: 'Turn two-step sign-in off with a current code (not when the organisation requires it)',
          body: mfaCodeSchema,
          response: { 204: noContentSchema, ...adminErrors },
        },
      },
      async (request, reply) => {
        await disableMfa(db, ctx.config, userOf(request), request.body.code);
        return reply.status(204).send(null);
      },
    );

    r.post(
      '/api/admin/users/:id/mfa/reset',
      {
        config: { role: 'owner' },
        schema: {
          tags: ['users'],
          security: adminSecurity,
          summary: "Turn a user's two-step sign-in off (a lost phone): their sessions end",
          params: idParamsSchema,
          response: { 204: noContentSchema, ...adminErrors },
        },
      },
      async (request, reply) => {
        await resetMfa(db, tenantOf(request), request.params.id, principalOf(request).userId);
        return reply.status(204).send(null);
      },
    );
  };
}
