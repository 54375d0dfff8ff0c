/**
 * Webhook signatures, as Stripe and GoPhish sign theirs: HMAC-SHA256 with the endpoint's secret
 * over `<unix seconds>.<raw body>`, sent as `Hookwise-Signature: t=<seconds>,v1=<hex>`. The time
 * is inside the signed content, so a captured delivery replayed later fails the receiver's
 * tolerance check. docs/webhooks.md shows a receiver's verification.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** 32 random bytes: the secret an endpoint signs with, shown to the operator once. */
export function newSigningSecret(): string {
  return `whsec_${randomBytes(32).toString('base64url')}`;
}

export function signatureHeader(secret: string, body: string, unixSeconds: number): string {
  const mac = createHmac('sha256', secret).update(`${unixSeconds}.${body}`).digest('hex');
  return `t=${unixSeconds},v1=${mac}`;
}

/** The receiver's check (the same as docs/webhooks.md's): the signature, then the time. */
export function verifySignature(
  secret: string,
  body: string,
  header: string,
  options: { toleranceSeconds?: number; now?: number } = {},
): boolean {
  const parts = new Map(header.split(',').map((part) => part.split('=', 2) as [string, string]));
  const t = Number(parts.get('t'));
  const v1 = parts.get('v1') ?? '';
  if (!Number.isInteger(t) || !/^[0-9a-f]{64}$/.test(v1)) return false;
  const expected = createHmac('sha256', secret).update(`${t}.${body}`).digest();
  if (!timingSafeEqual(expected, Buffer.from(v1, 'hex'))) return false;
  const now = options.now ?? Math.floor(Date.now() / 1000);
  return Math.abs(now - t) <= (options.toleranceSeconds ?? 300);
}
