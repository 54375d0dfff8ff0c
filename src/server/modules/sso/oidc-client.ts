/**
 * openid-client, as single sign-on uses it: the provider's discovery document (cached briefly
 * per issuer and client: it changes rarely, and every instance may fetch its own), and its
 * errors read as the reasons the console words.
 */
import * as client from 'openid-client';
import type { SsoFailure } from '@shared/sso';
import type { SsoProvider } from './sso-settings.service';

const CACHE_MS = 5 * 60_000;
const cache = new Map<string, { at: number; configuration: Promise<client.Configuration> }>();

/**
 * Plain http is accepted only for a provider on this machine (development, the tests' own
 * provider): anywhere else the tokens would cross the network in clear.
 */
function isLoopback(url: URL): boolean {
  return ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);
}

export function providerConfiguration(provider: SsoProvider): Promise<client.Configuration> {
  const key = JSON.stringify([provider.issuer, provider.clientId, provider.clientSecret]);
  const hit = cache.get(key);
  if (hit && Date.now() - hit.at < CACHE_MS) return hit.configuration;
  const issuer = new URL(provider.issuer);
  const insecure = issuer.protocol === 'http:' && isLoopback(issuer);
  const configuration = client.discovery(
    issuer,
    provider.clientId,
    provider.clientSecret,
    undefined,
    insecure ? { execute: [client.allowInsecureRequests] } : undefined,
  );
  cache.set(key, { at: Date.now(), configuration });
  // A failed discovery is not kept: the next sign-in tries again.
  configuration.catch(() => cache.delete(key));
  return configuration;
}

/** The claim a failed check was about: openid-client keeps oauth4webapi's error as the cause. */
function claimOf(error: Error): unknown {
  const cause = error.cause as { claim?: unknown; cause?: { claim?: unknown } } | undefined;
  return cause?.claim ?? cause?.cause?.claim;
}

/** The reason an openid-client error stands for. */
export function failureOf(error: unknown): SsoFailure {
  if (error instanceof client.AuthorizationResponseError || error instanceof client.ResponseBodyError) {
    return 'provider_refused';
  }
  if (!(error instanceof client.ClientError)) return 'provider_unreachable';
  if (error.code === 'OAUTH_JWT_CLAIM_COMPARISON_FAILED' && claimOf(error) === 'aud') return 'wrong_audience';
  if (error.code === 'OAUTH_JWT_TIMESTAMP_CHECK_FAILED') return 'token_expired';
  if (error.code === 'OAUTH_RESPONSE_IS_NOT_CONFORM' || error.code === 'OAUTH_RESPONSE_IS_NOT_JSON') {
    return 'provider_unreachable';
  }
  return 'token_invalid';
}
