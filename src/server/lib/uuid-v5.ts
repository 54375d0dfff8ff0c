/**
 * RFC 9562 version-5 UUIDs (SHA-1 of a namespace and a name): the same name gives the same id,
 * so a feed pulled again names each URL as before and consumers update instead of duplicating.
 */
import { createHash } from 'node:crypto';

/** Hookwise's own namespace for the ids it derives (a random v4, fixed for ever). */
export const HOOKWISE_NAMESPACE = '6f1f2a4e-3b0c-4e5a-9d47-2c8b5e71a0d3';

export function uuidV5(name: string, namespace: string = HOOKWISE_NAMESPACE): string {
  const hash = createHash('sha1')
    .update(Buffer.from(namespace.replace(/-/g, ''), 'hex'))
    .update(name, 'utf8')
    .digest();
  const bytes = hash.subarray(0, 16);
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x50;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
