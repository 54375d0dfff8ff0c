/**
 * The SPF, DKIM and DMARC results of a reported message, read out of its Authentication-Results
 * headers (RFC 8601: `spf=fail smtp.mailfrom=…; dkim=none; dmarc=fail header.from=…`). The first
 * header is the one the organisation's own gateway added, so its answer wins.
 */
export const AUTH_METHODS = ['spf', 'dkim', 'dmarc'] as const;
export type AuthMethod = (typeof AUTH_METHODS)[number];

/** The results a person is told about; anything else reads as "not clear". */
export const AUTH_RESULTS = [
  'pass',
  'fail',
  'softfail',
  'neutral',
  'none',
  'temperror',
  'permerror',
  'unknown',
  'missing',
] as const;
export type AuthResult = (typeof AUTH_RESULTS)[number];

const KNOWN = new Set<string>(AUTH_RESULTS);

export function authenticationOf(headers: readonly string[]): Record<AuthMethod, AuthResult> {
  const found: Partial<Record<AuthMethod, AuthResult>> = {};
  for (const header of headers) {
    for (const match of header.matchAll(/(?:^|[\s;])(spf|dkim|dmarc)\s*=\s*([a-z]+)/gi)) {
      const method = match[1]!.toLowerCase() as AuthMethod;
      const value = match[2]!.toLowerCase();
      const result: AuthResult =
        value === 'hardfail' ? 'fail' : KNOWN.has(value) ? (value as AuthResult) : 'unknown';
      found[method] ??= result;
    }
  }
  return { spf: found.spf ?? 'missing', dkim: found.dkim ?? 'missing', dmarc: found.dmarc ?? 'missing' };
}
