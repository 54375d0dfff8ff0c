/** The malicious-URL database: import (normalised, all or nothing), export as one URL per line. */
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { MALICIOUS_URL_SOURCES } from '../../../shared/malicious-urls';
import type { Database } from '../../db/schema';
import { badRequest, notFound } from '../../lib/errors';
import { nowIso } from '../../lib/ids';
import { normaliseAll, normaliseUrl } from '../../lib/normalise-url';
import { addMaliciousUrls, deleteMaliciousUrl, listMaliciousUrls } from './malicious-urls.repository';

export const maliciousUrlSchema = z.object({
  url: z.string(),
  source: z.enum(MALICIOUS_URL_SOURCES),
  created_at: z.string(),
});
export const importBodySchema = z.object({ urls: z.array(z.string().min(1).max(4096)).min(1).max(100_000) });
export const importResultSchema = z.object({ received: z.number().int(), added: z.number().int() });

export async function importMaliciousUrls(db: Kysely<Database>, tenantId: string, inputs: string[]) {
  const urls = normaliseAll(inputs, (message) => badRequest(message, 'invalid_url'));
  const added = await db.transaction().execute((trx) => addMaliciousUrls(trx, tenantId, urls, nowIso()));
  return { received: urls.length, added };
}

export function maliciousUrls(db: Kysely<Database>, tenantId: string) {
  return listMaliciousUrls(db, tenantId);
}

/** Removes one URL (normalised as it was stored); a 404 when the tenant does not have it. */
export async function removeMaliciousUrl(db: Kysely<Database>, tenantId: string, input: string) {
  const url = normaliseUrl(input) ?? input;
  if (!(await deleteMaliciousUrl(db, tenantId, url))) throw notFound();
}

/**
 * The file format of `malicious-urls import|export`: one URL per line, blank lines and
 * `#` comments ignored; a JSON array of strings is accepted too.
 */
export function parseUrlList(text: string): string[] {
  if (text.trimStart().startsWith('[')) {
    const parsed = z.array(z.string()).safeParse(safeJson(text));
    if (!parsed.success)
      throw badRequest('Invalid URL list: expected a JSON array of strings', 'invalid_url');
    return parsed.data;
  }
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
