/**
 * The forged poll-token corpus: every way we know to make a token the server must refuse, each
 * with the error code the reviewer's page (and an attacker) gets back. Built around one genuine
 * token so that "refused" can only mean the forgery was spotted.
 */
import { createHmac } from 'node:crypto';
import { SignJWT, type JWTPayload } from 'jose';
import { TEST_SECRET } from '@server/test/harness';

export interface ForgedToken {
  name: string;
  /** The whole Authorization header value, or undefined for none. */
  authorization: string | undefined;
  code: string;
}

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const raw = (bytes: number[]) => Buffer.from(bytes).toString('base64url');
const hmac = (alg: 'sha256' | 'sha384' | 'sha512', secret: string, input: string) =>
  createHmac(alg, secret).update(input).digest('base64url');
const now = () => Math.floor(Date.now() / 1000);

/** Signs exactly the given header and payload segments with HS256 and `secret`. */
function signed(header: string, payload: string, secret = TEST_SECRET): string {
  return `${header}.${payload}.${hmac('sha256', secret, `${header}.${payload}`)}`;
}

function sign(claims: JWTPayload, secret = TEST_SECRET, alg = 'HS256') {
  return new SignJWT(claims).setProtectedHeader({ alg, typ: 'JWT' }).sign(new TextEncoder().encode(secret));
}

export async function forgedTokens(claims: JWTPayload, genuine: string): Promise<ForgedToken[]> {
  const [header = '', payload = '', signature = ''] = genuine.split('.');
  const hs256 = b64({ alg: 'HS256', typ: 'JWT' });
  const without = (key: string) => Object.fromEntries(Object.entries(claims).filter(([k]) => k !== key));
  const edited = (change: JWTPayload) => `${header}.${b64({ ...claims, ...change })}.${signature}`;
  const invalid = (name: string, token: string) => ({
    name,
    authorization: `Bearer ${token}`,
    code: 'token_invalid',
  });
  const claimsBad = (name: string, body: Record<string, unknown>) => ({
    name,
    authorization: `Bearer ${signed(hs256, b64(body))}`,
    code: 'token_claims_invalid',
  });

  return [
    { name: 'no Authorization header', authorization: undefined, code: 'token_missing' },
    { name: 'Basic scheme', authorization: `Basic ${genuine}`, code: 'token_missing' },
    { name: 'token without scheme', authorization: genuine, code: 'token_missing' },
    { name: 'Bearer and nothing', authorization: 'Bearer ', code: 'token_missing' },
    { name: 'two tokens', authorization: `Bearer ${genuine} ${genuine}`, code: 'token_missing' },
    invalid('not a JWT', 'hello-world'),
    invalid('two segments', `${header}.${payload}`),
    invalid('four segments', `${genuine}.x`),
    invalid('JWE-shaped (five segments)', `${header}.a.b.c.d`),
    invalid('empty segments', '..'),
    invalid('alg none, no signature', `${b64({ alg: 'none', typ: 'JWT' })}.${payload}.`),
    invalid('alg none, old signature', `${b64({ alg: 'none' })}.${payload}.${signature}`),
    invalid('alg None', `${b64({ alg: 'None' })}.${payload}.`),
    invalid('alg NONE', `${b64({ alg: 'NONE' })}.${payload}.`),
    invalid('no alg', signed(b64({ typ: 'JWT' }), payload)),
    invalid('HS384 with the secret', await sign(claims, TEST_SECRET, 'HS384')),
    invalid('HS512 with the secret', await sign(claims, TEST_SECRET, 'HS512')),
    invalid('RS256 header, HMAC with the secret', signed(b64({ alg: 'RS256' }), payload)),
    invalid('ES256 header, HMAC with the secret', signed(b64({ alg: 'ES256' }), payload)),
    invalid('PS256 header, HMAC with the secret', signed(b64({ alg: 'PS256' }), payload)),
    invalid('EdDSA header, HMAC with the secret', signed(b64({ alg: 'EdDSA' }), payload)),
    invalid('alg as array', signed(b64({ alg: ['HS256'] }), payload)),
    invalid('crit extension unknown', signed(b64({ alg: 'HS256', crit: ['exp'], exp: 1 }), payload)),
    invalid('b64:false', signed(b64({ alg: 'HS256', b64: false, crit: ['b64'] }), payload)),
    invalid(
      'embedded jwk of the attacker',
      await signWithHeader(claims, { jwk: { kty: 'oct', k: 'YQ' } }, 'attacker-secret-0123456789abcdef-xyz'),
    ),
    invalid(
      'jku pointing elsewhere',
      await signWithHeader(
        claims,
        { jku: 'https://evil.example/jwks' },
        'attacker-secret-0123456789abcdef-xyz',
      ),
    ),
    invalid(
      'kid path traversal',
      await signWithHeader(claims, { kid: '../../../dev/null' }, 'attacker-secret-0123456789abcdef-xyz'),
    ),
    invalid('other secret', await sign(claims, 'another-secret-0123456789abcdef-0123456789')),
    invalid('empty secret', signed(hs256, payload, '')),
    invalid('secret with one character changed', await sign(claims, `${TEST_SECRET.slice(0, -1)}X`)),
    invalid('secret prefix', await sign(claims, TEST_SECRET.slice(0, 16))),
    invalid('secret as the word "secret"', await sign(claims, 'secret')),
    invalid('signature truncated', genuine.slice(0, -2)),
    invalid('signature of zeros', `${header}.${payload}.${'A'.repeat(signature.length)}`),
    invalid('signature empty', `${header}.${payload}.`),
    invalid('signature bit flipped', `${header}.${payload}.${flip(signature)}`),
    invalid('edited tid, old signature', edited({ tid: 'another-tenant' })),
    invalid('edited urls, old signature', edited({ urls: { 'https://evil.example/': false } })),
    invalid('edited exp, old signature', edited({ exp: now() + 10 * 365 * 86400 })),
    invalid('edited sub, old signature', edited({ sub: 'admin' })),
    invalid('header with padding', `${header}=.${payload}.${signature}`),
    {
      name: 'payload with whitespace',
      authorization: `Bearer ${header}.${payload.slice(0, 8)} ${payload.slice(8)}.${signature}`,
      code: 'token_missing',
    },
    invalid('payload not base64url', `${header}.${payload}!!.${signature}`),
    invalid('payload not JSON', signed(hs256, Buffer.from('not json').toString('base64url'))),
    invalid('header not JSON', signed(Buffer.from('{alg').toString('base64url'), payload)),
    invalid('payload non-UTF-8 bytes', signed(hs256, raw([0xff, 0xfe, 0xfd, 0x80, 0xc0]))),
    invalid('header non-UTF-8 bytes', signed(raw([0xc3, 0x28, 0xa0, 0xa1]), payload)),
    invalid('non-UTF-8 with the old signature', `${header}.${raw([0x7b, 0xff, 0x7d])}.${signature}`),
    invalid('non-ASCII characters in the header value', `${header}.${payload}é.${signature}`),
    invalid('huge garbage (12 KB)', 'A'.repeat(12 * 1024)),
    invalid(
      'huge payload, other secret',
      await sign({ ...claims, pad: 'x'.repeat(10 * 1024) }, 'another-secret-0123456789abcdef-0123456789'),
    ),
    invalid('payload is an array', signed(hs256, b64([claims]))),
    invalid('payload is null', signed(hs256, b64(null))),
    {
      name: 'expired a second ago',
      authorization: `Bearer ${await sign({ ...claims, exp: now() - 1 })}`,
      code: 'token_expired',
    },
    {
      name: 'expired in 1970',
      authorization: `Bearer ${await sign({ ...claims, exp: 1 })}`,
      code: 'token_expired',
    },
    {
      name: 'not valid for an hour (nbf)',
      authorization: `Bearer ${await sign({ ...claims, nbf: now() + 3600 })}`,
      code: 'token_not_yet_valid',
    },
    claimsBad('no exp', without('exp')),
    claimsBad('no tid', without('tid')),
    claimsBad('no jti', without('jti')),
    claimsBad('no urls', without('urls')),
    claimsBad('exp as a string', { ...claims, exp: String(now() + 600) }),
    claimsBad('nbf as a string', { ...claims, nbf: 'now' }),
    claimsBad('iat as an object', { ...claims, iat: {} }),
    claimsBad('tid as a number', { ...claims, tid: 42 }),
    claimsBad('tid empty', { ...claims, tid: '' }),
    claimsBad('jti as an array', { ...claims, jti: ['a'] }),
    claimsBad('sub as a number', { ...claims, sub: 7 }),
    claimsBad('urls as an array', { ...claims, urls: ['https://x.example/'] }),
    claimsBad('urls as a map of strings', { ...claims, urls: { 'https://x.example/': 'yes' } }),
    claimsBad('urls null', { ...claims, urls: null }),
    claimsBad('tid of 10 KB', { ...claims, tid: 't'.repeat(10 * 1024) }),
    invalid('tenant that does not exist', signed(hs256, b64({ ...claims, tid: 'no-such-tenant' }))),
  ];
}

function flip(signature: string): string {
  const bytes = Buffer.from(signature, 'base64url');
  bytes[0] = (bytes[0] ?? 0) ^ 1;
  return bytes.toString('base64url');
}

async function signWithHeader(claims: JWTPayload, extra: Record<string, unknown>, secret: string) {
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256', ...extra })
    .sign(new TextEncoder().encode(secret));
}
