/**
 * Single sign-on with OpenID Connect (docs/sso.md): a tenant's provider settings
 * (GET/PUT /api/admin/settings/sso, `hookwise sso show|set`), the sign-in start and callback
 * (/api/admin/sso/start, /api/admin/sso/callback), and the reasons a sign-in is refused, which
 * the console's sign-in page words (`/sign-in?sso_error=<reason>`).
 */
import { z } from 'zod';
import { ROLES } from './admin-api';

/** Why a single sign-on was refused: the callback's redirect carries one, the audit log too. */
export const SSO_FAILURES = [
  /** No tenant signs in with single sign-on for the address's domain. */
  'not_configured',
  /** The sign-in is unknown, already used, or older than ten minutes (a replayed state). */
  'state_invalid',
  /** The provider said no (the person cancelled, or is not assigned the application). */
  'provider_refused',
  /** The provider could not be reached, or answered something that is not OpenID Connect. */
  'provider_unreachable',
  /** The ID token was issued for another application (its audience is not our client id). */
  'wrong_audience',
  /** The ID token had expired (or is not valid yet). */
  'token_expired',
  /** The ID token failed another check: signature, issuer, nonce, PKCE. */
  'token_invalid',
  /** The ID token has no (verified) e-mail address. */
  'email_missing',
  /** The e-mail address's domain is not one the tenant allows. */
  'domain_not_allowed',
  /** None of the person's claim values maps to a role. */
  'no_role',
  /** The address belongs to a user of another organisation, or to a disabled user. */
  'account_unavailable',
] as const;
export type SsoFailure = (typeof SSO_FAILURES)[number];

export const isSsoFailure = (value: unknown): value is SsoFailure =>
  typeof value === 'string' && (SSO_FAILURES as readonly string[]).includes(value);

/** Where the console sends a person with their work address: it redirects to their provider. */
export const SSO_START_PATH = '/api/admin/sso/start';

/** The path the provider sends people back to, on the admin listener. */
export const SSO_CALLBACK_PATH = '/api/admin/sso/callback';

const roleValues = z.array(z.string().trim().min(1).max(200)).max(50);

/** The claim values that give each role; the highest role a person's values reach wins. */
export const ssoRoleValuesSchema = z.object(
  Object.fromEntries(ROLES.map((role) => [role, roleValues])) as Record<
    (typeof ROLES)[number],
    typeof roleValues
  >,
);
export type SsoRoleValues = z.infer<typeof ssoRoleValuesSchema>;

const domain = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^(?=.{1,253}$)([a-z0-9-]{1,63}\.)+[a-z]{2,63}$/, 'a domain such as example.com');

/** GET /api/admin/settings/sso: the client secret never leaves the server, only whether it is set. */
export const ssoSettingsSchema = z.object({
  configured: z.boolean(),
  issuer: z.string(),
  client_id: z.string(),
  client_secret_set: z.boolean(),
  allowed_domains: z.array(z.string()),
  role_claim: z.string(),
  role_values: ssoRoleValuesSchema,
  /** Local passwords are refused for the tenant's users, owners excepted (the break-glass). */
  required: z.boolean(),
  /** What to register at the provider as the redirect (sign-in) URI. */
  redirect_uri: z.string(),
});
export type SsoSettings = z.infer<typeof ssoSettingsSchema>;

/** PUT /api/admin/settings/sso: the secret may be left out to keep the one already set. */
export const ssoSettingsBodySchema = z.object({
  issuer: z.url({ protocol: /^https?$/ }).max(500),
  client_id: z.string().trim().min(1).max(500),
  client_secret: z.string().min(1).max(2000).optional(),
  allowed_domains: z.array(domain).min(1).max(50),
  role_claim: z.string().trim().min(1).max(200).default('groups'),
  role_values: ssoRoleValuesSchema,
  required: z.boolean().default(false),
});
export type SsoSettingsBody = z.infer<typeof ssoSettingsBodySchema>;
export type SsoSettingsInput = z.input<typeof ssoSettingsBodySchema>;

/** GET /api/admin/sso/start?email=: the work address tells which organisation signs in. */
export const ssoStartQuerySchema = z.object({ email: z.string().trim().toLowerCase().email().max(320) });

/** GET /api/admin/sso/callback: what the provider sends back (checked by openid-client). */
export const ssoCallbackQuerySchema = z.looseObject({ state: z.string().max(500).optional() });
