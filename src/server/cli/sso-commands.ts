/**
 * `hookwise sso …`: a tenant's single sign-on (docs/sso.md), as the console's settings page sets
 * it: `show` (the client secret only as set or not) and `set` (only the options given change;
 * the secret is read from a file, never from the command line, where other users could see it).
 */
import { readFileSync } from 'node:fs';
import type { Command } from 'commander';
import { ssoSettingsBodySchema, type SsoSettings, type SsoSettingsInput } from '@shared/sso';
import { setSsoSettings, ssoSettingsOf } from '../modules/sso/sso-settings.service';
import { withDatabase } from './cli-context';
import { output } from './output';

interface SetOptions {
  issuer?: string;
  clientId?: string;
  clientSecretFile?: string;
  domains?: string;
  roleClaim?: string;
  ownerValues?: string;
  operatorValues?: string;
  viewerValues?: string;
  required?: boolean;
  json?: boolean;
}

const list = (value: string | undefined, current: string[]): string[] =>
  value === undefined
    ? current
    : value
        .split(',')
        .map((part) => part.trim())
        .filter(Boolean);

function describeSettings(s: SsoSettings): string {
  if (!s.configured) return `Single sign-on is not set up.\nRedirect URI to register: ${s.redirect_uri}`;
  const values = (v: string[]) => (v.length > 0 ? v.join(', ') : '-');
  return [
    `Issuer:          ${s.issuer}`,
    `Client id:       ${s.client_id}`,
    `Client secret:   ${s.client_secret_set ? 'set' : 'not set'}`,
    `Domains:         ${s.allowed_domains.join(', ')}`,
    `Role claim:      ${s.role_claim}`,
    `  owner:         ${values(s.role_values.owner)}`,
    `  operator:      ${values(s.role_values.operator)}`,
    `  viewer:        ${values(s.role_values.viewer)}`,
    `SSO required:    ${s.required ? 'yes (owners may still use their password)' : 'no'}`,
    `Redirect URI:    ${s.redirect_uri}`,
  ].join('\n');
}

function changed(current: SsoSettings, options: SetOptions): SsoSettingsInput {
  const secret = options.clientSecretFile ? readFileSync(options.clientSecretFile, 'utf8').trim() : undefined;
  return {
    issuer: options.issuer ?? current.issuer,
    client_id: options.clientId ?? current.client_id,
    ...(secret === undefined ? {} : { client_secret: secret }),
    allowed_domains: list(options.domains, current.allowed_domains),
    role_claim: options.roleClaim ?? current.role_claim,
    role_values: {
      owner: list(options.ownerValues, current.role_values.owner),
      operator: list(options.operatorValues, current.role_values.operator),
      viewer: list(options.viewerValues, current.role_values.viewer),
    },
    required: options.required ?? current.required,
  };
}

export function addSsoCommands(program: Command): void {
  const sso = program
    .command('sso')
    .description("a tenant's single sign-on with OpenID Connect (docs/sso.md)");

  sso
    .command('show <tenantId>')
    .description('print the settings and the redirect URI to register at the provider (never the secret)')
    .option('--json', 'print JSON')
    .action((tenantId: string, options: { json?: boolean }) =>
      withDatabase(async (config, { db }) => {
        const settings = await ssoSettingsOf(db, config, tenantId);
        output(options, settings, () => describeSettings(settings));
      }),
    );

  sso
    .command('set <tenantId>')
    .description('set up or change single sign-on: only the options given change')
    .option(
      '--issuer <url>',
      "the provider's issuer URL (its discovery document is <url>/.well-known/openid-configuration)",
    )
    .option('--client-id <id>', 'the client (application) id the provider issued')
    .option('--client-secret-file <file>', 'a file holding the client secret (stored sealed, never shown)')
    .option('--domains <list>', 'e-mail domains that sign in through it, separated by commas')
    .option('--role-claim <claim>', 'the ID token claim whose values give the role (default: groups)')
    .option('--owner-values <list>', 'claim values that make an owner, separated by commas')
    .option('--operator-values <list>', 'claim values that make an operator, separated by commas')
    .option('--viewer-values <list>', 'claim values that make a viewer, separated by commas')
    .option('--required', 'refuse local passwords (owners keep theirs: the break-glass)')
    .option('--no-required', 'let everyone sign in with a password again')
    .option('--json', 'print JSON')
    .action((tenantId: string, options: SetOptions) =>
      withDatabase(async (config, { db }) => {
        const current = await ssoSettingsOf(db, config, tenantId);
        const parsed = ssoSettingsBodySchema.safeParse(changed(current, options));
        if (!parsed.success) {
          const issue = parsed.error.issues[0];
          throw new Error(`Invalid ${issue?.path.join('.') || 'settings'}: ${issue?.message ?? 'bad value'}`);
        }
        const settings = await setSsoSettings(db, config, tenantId, parsed.data);
        output(options, settings, () => describeSettings(settings));
      }),
    );
}
