/**
 * Single sign-on (docs/sso.md). The start and the callback are outside the operator auth hook
 * (they are how a session starts) and answer with redirects: to the provider, to the console,
 * or back to the sign-in page with the reason (`/sign-in?sso_error=<reason>`), which the console
 * words. /api/admin/settings/sso is the owners' (the client secret is written, never read).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminErrors, noContentSchema } from '@shared/admin-api';
import {
  ssoCallbackQuerySchema,
  ssoSettingsBodySchema,
  ssoSettingsSchema,
  ssoStartQuerySchema,
  type SsoFailure,
} from '@shared/sso';
import type { AppContext } from '@server/context';
import { signOut } from '../accounts/accounts.service';
import { SESSION_COOKIE, tenantOf } from '../admin/admin-auth';
import { adminSecurity } from '../admin/admin-schemas';
import { setSsoSettings, ssoSettingsOf } from './sso-settings.service';
import { finishSsoSignIn, recordSsoFailure, SsoError, startSsoSignIn } from './sso.service';

/** Sign-in starts and callbacks per client address and minute (as for password sign-in). */
const PER_MINUTE = 10;
const tags = ['session'];

const refused = (reply: FastifyReply, reason: SsoFailure) =>
  reply.redirect(`/sign-in?sso_error=${reason}`, 303);

export function ssoSignInRoutes(ctx: AppContext) {
  const { db } = ctx.database;
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const rateLimit = { max: PER_MINUTE, timeWindow: '1 minute' };

    const failed = async (request: FastifyRequest, reply: FastifyReply, error: unknown) => {
      if (!(error instanceof SsoError)) {
        request.log.error(
          { message: error instanceof Error ? error.message : String(error) },
          'single sign-on failed',
        );
        return refused(reply, 'provider_unreachable');
      }
      // The cause's message only: openid-client's errors carry the ID token's claims (personal data).
      const cause = error.cause instanceof Error ? error.cause.message : undefined;
      request.log.warn({ reason: error.reason, cause }, 'single sign-on refused');
      await recordSsoFailure(db, error);
      return refused(reply, error.reason);
    };

    r.get(
      '/api/admin/sso/start',
      {
        config: { rateLimit },
        schema: {
          tags,
          summary: 'Start a single sign-on: redirects to the provider of the address’s organisation',
          description:
            'The domain of `email` finds the organisation. Refusals redirect to /sign-in?sso_error=<reason>.',
          querystring: ssoStartQuerySchema,
          response: { 303: noContentSchema, ...adminErrors },
        },
      },
      async (request, reply) => {
        try {
          const url = await startSsoSignIn(db, ctx.config, request.query.email);
          return await reply.redirect(url.href, 303);
        } catch (error) {
          return failed(request, reply, error);
        }
      },
    );

    r.get(
      '/api/admin/sso/callback',
      {
        config: { rateLimit },
        schema: {
          tags,
          summary: 'Where the provider sends the person back: opens a console session',
          description:
            'The redirect URI to register at the provider. Signed in, redirects to the console; refused, to /sign-in?sso_error=<reason>.',
          querystring: ssoCallbackQuerySchema,
          response: { 303: noContentSchema, ...adminErrors },
        },
      },
      async (request, reply) => {
        const query = request.url.split('?')[1] ?? '';
        try {
          const signed = await finishSsoSignIn(db, ctx.config, query);
          const previous = request.cookies[SESSION_COOKIE];
          if (previous) await signOut(db, previous);
          void reply.setCookie(SESSION_COOKIE, signed.token, {
            httpOnly: true,
            sameSite: 'strict',
            secure: request.protocol === 'https',
            path: '/',
            maxAge: ctx.config.session.maxHours * 3600,
          });
          return await reply.redirect('/', 303);
        } catch (error) {
          return failed(request, reply, error);
        }
      },
    );
  };
}

export function ssoSettingsRoutes(ctx: AppContext) {
  const { db } = ctx.database;
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const settings = { tags: ['Settings'], security: adminSecurity };
    const owner = { role: 'owner' as const };

    r.get(
      '/api/admin/settings/sso',
      {
        config: owner,
        schema: {
          ...settings,
          summary:
            "The tenant's single sign-on (OpenID Connect) settings; the client secret only as set or not",
          response: { 200: ssoSettingsSchema, ...adminErrors },
        },
      },
      (request) => ssoSettingsOf(db, ctx.config, tenantOf(request)),
    );

    r.put(
      '/api/admin/settings/sso',
      {
        config: owner,
        schema: {
          ...settings,
          summary: "Set the tenant's single sign-on: provider, domains, roles, and whether it is required",
          description:
            'Leave `client_secret` out to keep the one set. A domain another organisation signs in with answers 409 `sso_domain_taken`. While `required`, a password signs in owners only.',
          body: ssoSettingsBodySchema,
          response: { 200: ssoSettingsSchema, ...adminErrors },
        },
      },
      (request) => setSsoSettings(db, ctx.config, tenantOf(request), request.body),
    );
  };
}
