/**
 * Secrets kept in the database (SMTP passwords) are sealed with AES-256-GCM under a key derived
 * from SECRETS_KEY: a copied database or backup alone does not give away the mail relay.
 * Sealed text is `v1.<iv>.<tag>.<ciphertext>` (base64url); tampering fails to open.
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const keys = new Map<string, Buffer>();

function keyOf(secretsKey: string): Buffer {
  let key = keys.get(secretsKey);
  if (!key) {
    key = Buffer.from(hkdfSync('sha256', secretsKey, '', 'hookwise secret-box v1', 32));
    keys.set(secretsKey, key);
  }
  return key;
}

export function seal(secretsKey: string, plaintext: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(secretsKey), iv);
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), body]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join('.');
}

/** The plaintext, or an error when the key is not the one it was sealed with (or the text was changed). */
export function open(secretsKey: string, sealed: string): string {
  const [version, iv, tag, body] = sealed.split('.');
  if (version !== 'v1' || iv === undefined || tag === undefined || body === undefined) {
    throw new Error('not a sealed secret');
  }
  const decipher = createDecipheriv('aes-256-gcm', keyOf(secretsKey), Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
}
