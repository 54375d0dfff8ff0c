/**
 * A real OpenID provider for single sign-on tests: oidc-provider on a free port, with its own
 * login form (devInteractions: any password), PKCE required, the `groups` claim in the ID token,
 * and consent taken as given. `tamper` re-signs the next ID tokens with the provider's own key
 * and one claim changed (another audience, an expiry in the past): openid-client must refuse
 * them on the claim, the signature being good.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { decodeJwt, exportJWK, generateKeyPair, SignJWT, type JWK } from 'jose';
import Provider from 'oidc-provider';

export interface TestAccount {
  email: string;
  name: string;
  groups: string[];
  email_verified?: boolean;
}

export type Tamper = 'audience' | 'expired' | undefined;

export interface TestProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  accounts: Map<string, TestAccount>;
  /** How the next ID tokens are changed (undefined: as issued). */
  tamper: Tamper;
  close(): Promise<void>;
}

export async function startTestProvider(redirectUris: string[]): Promise<TestProvider> {
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk: JWK = { ...(await exportJWK(privateKey)), kid: 'test-key', alg: 'RS256', use: 'sig' };
  // The provider needs its issuer (this server's port) before it can answer requests.
  const routed: { handler?: (request: IncomingMessage, response: ServerResponse) => void } = {};
  const server: Server = createServer((request, response) => routed.handler?.(request, response));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const accounts = new Map<string, TestAccount>();
  const result: TestProvider = {
    issuer,
    clientId: 'hookwise',
    clientSecret: 'test-client-secret-0123456789abcdef',
    accounts,
    tamper: undefined,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: result.clientId,
        client_secret: result.clientSecret,
        redirect_uris: redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    jwks: { keys: [jwk] },
    cookies: { keys: ['test-cookie-key-0123456789'] },
    pkce: { required: () => true },
    ttl: { Interaction: 600, Grant: 600, Session: 600, AccessToken: 600, IdToken: 600 },
    conformIdTokenClaims: false,
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'groups'] },
    findAccount: (_ctx: unknown, id: string) => {
      const account = accounts.get(id);
      return account
        ? {
            accountId: id,
            claims: () => ({
              sub: id,
              email: account.email,
              email_verified: account.email_verified ?? true,
              name: account.name,
              groups: account.groups,
            }),
          }
        : undefined;
    },
    // Consent is taken as given: a first-party application, as an organisation's IdP would set it.
    loadExistingGrant: async (ctx: GrantContext) => {
      const grant = new ctx.oidc.provider.Grant({
        clientId: ctx.oidc.client.clientId,
        accountId: ctx.oidc.session.accountId,
      });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
  });
  provider.use(async (ctx, next) => {
    await next();
    const body = ctx.body as { id_token?: unknown } | undefined;
    if (ctx.path !== '/token' || !result.tamper || typeof body?.id_token !== 'string') return;
    const claims = decodeJwt(body.id_token);
    const now = Math.floor(Date.now() / 1000);
    const changed =
      result.tamper === 'audience'
        ? { ...claims, aud: 'another-application' }
        : { ...claims, iat: now - 3600, exp: now - 1800 };
    body.id_token = await new SignJWT(changed)
      .setProtectedHeader({ alg: 'RS256', kid: 'test-key' })
      .sign(privateKey);
  });
  routed.handler = provider.callback();
  return result;
}

interface GrantContext {
  oidc: {
    provider: {
      Grant: new (init: { clientId: string; accountId: string | undefined }) => {
        addOIDCScope(scope: string): void;
        save(): Promise<string>;
      };
    };
    client: { clientId: string };
    session: { accountId: string | undefined };
  };
}

/**
 * Walks a person through the provider as a browser would, from the authorization URL: follows
 * redirects, keeps cookies, fills the login form with `login`. Answers the URL the provider
 * finally sends the person to (the redirect URI, with code and state).
 */
export async function signInAtProvider(
  authorizationUrl: string,
  login: string,
  stopAt: string,
): Promise<URL> {
  const cookies = new Map<string, string>();
  let url = new URL(authorizationUrl);
  let init: RequestInit = {};
  for (let step = 0; step < 20; step++) {
    if (url.href.startsWith(stopAt)) return url;
    const headers = new Headers(init.headers);
    headers.set('cookie', [...cookies].map(([k, v]) => `${k}=${v}`).join('; '));
    const response = await fetch(url, { ...init, headers, redirect: 'manual' });
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      cookies.set(pair.slice(0, at), pair.slice(at + 1));
    }
    const location = response.headers.get('location');
    if (location) {
      url = new URL(location, url);
      init = {};
      continue;
    }
    const html = await response.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    if (!action)
      throw new Error(`The provider answered ${response.status} without a form: ${html.slice(0, 300)}`);
    const form = new URLSearchParams();
    for (const [, name = '', value = ''] of html.matchAll(
      /<input type="hidden" name="([^"]+)" value="([^"]*)"/g,
    )) {
      form.set(name, value);
    }
    if (html.includes('name="login"')) {
      form.set('login', login);
      form.set('password', 'any password');
    }
    url = new URL(action, url);
    init = { method: 'POST', body: form, headers: { 'content-type': 'application/x-www-form-urlencoded' } };
  }
  throw new Error('The provider sent the person round in circles');
}
