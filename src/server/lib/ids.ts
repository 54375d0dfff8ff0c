/** Identifiers. Recipient ids and secrets carry at least 128 bits of randomness. */
import { randomBytes, randomUUID } from 'node:crypto';

export const newId = (): string => randomUUID();

/** 24 random bytes = 192 bits, URL-safe, 32 characters. */
export const newRid = (): string => randomBytes(24).toString('base64url');

export const RID_PATTERN = /^[A-Za-z0-9_-]{22,64}$/;

export const nowIso = (): string => new Date().toISOString();
