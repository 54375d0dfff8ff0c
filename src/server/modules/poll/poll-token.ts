/**
 * Poll (reviewer) tokens: HS256 JWTs carrying the URLs to review. Minted by operators,
 * verified on every submit with the algorithm pinned.
 */
import { randomUUID } from 'node:crypto';
import { SignJWT, jwtVerify, errors } from 'jose';
import { LRUCache } from 'lru-cache';
import { pollClaimsSchema, type PollClaims } from '@shared/poll';
import { unauthorized } from '@server/lib/errors';

export type { PollClaims };

const encoder = new TextEncoder();

export async function mintPollToken(
  secret: string,
  input: {
    tenantId: string;
    urls: Record<string, boolean>;
    expiresInSeconds: number;
    reviewer?: string | undefined;
    /** The token's id; a fresh one when absent (the reviewer-link list and revocation use it). */
    jti?: string;
  },
): Promise<string> {
  const jwt = new SignJWT({ urls: input.urls, tid: input.tenantId })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt()
    .setJti(input.jti ?? randomUUID())
    .setExpirationTime(Math.floor(Date.now() / 1000) + input.expiresInSeconds);
  if (input.reviewer) jwt.setSubject(input.reviewer);
  return jwt.sign(encoder.encode(secret));
}

/**
 * Tokens that verified, by secret and token text, until they expire. A reviewer sends the same
 * token with every decision; its signature cannot change, so checking it again proves nothing
 * new, while expiry is still checked on every use. Only successes are kept, and only a bounded
 * number and size (least recently used go first): a flood of forged tokens is verified (and
 * refused) every time.
 */
const verified = new LRUCache<string, PollClaims>({
  max: 10_000,
  maxSize: 16 * 1024 * 1024,
  // The key holds the token, whose payload is the claims: about as large again once decoded.
  sizeCalculation: (_claims, key) => 2 * Buffer.byteLength(key),
});

export async function verifyPollToken(secret: string, token: string): Promise<PollClaims> {
  const key = `${secret.length}:${secret}:${token}`;
  const known = verified.get(key);
  if (known) {
    if (known.exp * 1000 > Date.now()) return known;
    verified.delete(key);
  }
  const claims = await verifyPollTokenSignature(secret, token);
  verified.set(key, Object.freeze(claims));
  return claims;
}

async function verifyPollTokenSignature(secret: string, token: string): Promise<PollClaims> {
  let payload: unknown;
  try {
    ({ payload } = await jwtVerify(token, encoder.encode(secret), {
      algorithms: ['HS256'],
      requiredClaims: ['exp', 'tid', 'jti'],
    }));
  } catch (error) {
    if (error instanceof errors.JWTExpired) throw unauthorized('The token has expired', 'token_expired');
    if (error instanceof errors.JWTClaimValidationFailed) {
      // A reviewer whose link is not valid yet needs to hear that, not "malformed".
      if (error.claim === 'nbf' && error.reason === 'check_failed')
        throw unauthorized('The token is not valid yet', 'token_not_yet_valid');
      const problem = error.reason === 'missing' ? 'is missing' : 'has an invalid';
      throw unauthorized(`The token ${problem} claim (${error.claim})`, 'token_claims_invalid');
    }
    throw unauthorized('The token is not valid', 'token_invalid');
  }
  const claims = pollClaimsSchema.safeParse(payload);
  if (!claims.success) throw unauthorized('The token has malformed claims', 'token_claims_invalid');
  return claims.data;
}
