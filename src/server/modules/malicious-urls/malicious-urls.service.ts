/**
 * The malicious-URL database: import (normalised, all or nothing), export as one URL per line,
 * and the feeds (blocklist, CSV, STIX 2.1, MISP) with their validators for conditional GETs.
 */
import { createHash } from 'node:crypto';
import type { FeedFormat } from '@shared/malicious-url-feeds';
import { urlListFileSchema, type MaliciousUrl, type MaliciousUrlsImported } from '@shared/malicious-urls';
import { badRequest, notFound } from '@server/lib/errors';
import { nowIso } from '@server/lib/ids';
import { normaliseAll, normaliseUrl } from '@server/lib/normalise-url';
import {
  addMaliciousUrls,
  addReviewedMaliciousUrl,
  deleteMaliciousUrl,
  knownMaliciousUrls,
  listMaliciousUrls,
  maliciousUrlChange,
  removeReviewedMaliciousUrl,
} from './malicious-urls.repository';
import { feedDocument, type FeedDocument } from './malicious-url-feeds';
import { requireTenant } from '../tenants/tenants.service';
import type { Db } from '@server/db/schema';
import { audited } from '../audit/audited';

export async function importMaliciousUrls(
  db: Db,
  tenantId: string,
  inputs: string[],
): Promise<MaliciousUrlsImported> {
  const urls = normaliseAll(inputs, (message) => badRequest(message, 'invalid_url'));
  const added = await audited<number>(
    db,
    { tenantId, action: 'malicious_url.import', details: (added) => ({ received: urls.length, added }) },
    (trx) => addMaliciousUrls(trx, tenantId, urls, nowIso()),
  );
  return { received: urls.length, added };
}

export function maliciousUrls(db: Db, tenantId: string): Promise<MaliciousUrl[]> {
  return listMaliciousUrls(db, tenantId);
}

/** Removes one URL (normalised as it was stored); a 404 when the tenant does not have it. */
export async function removeMaliciousUrl(db: Db, tenantId: string, input: string) {
  const url = normaliseUrl(input) ?? input;
  await audited(db, { tenantId, action: 'malicious_url.remove', details: { url } }, async (trx) => {
    if (!(await deleteMaliciousUrl(trx, tenantId, url, nowIso()))) throw notFound();
  });
}

/**
 * The file format of `malicious-urls import|export`: one URL per line, blank lines and
 * `#` comments ignored; a JSON array of strings is accepted too.
 */
export function parseUrlList(text: string): string[] {
  if (text.trimStart().startsWith('[')) {
    const parsed = urlListFileSchema.safeParse(safeJson(text));
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

/** Which of these URLs the tenant's malicious-URL database holds (a poll token says so per URL). */
export function knownUrls(db: Db, tenantId: string, urls: readonly string[]): Promise<Set<string>> {
  return knownMaliciousUrls(db, tenantId, urls);
}

/**
 * A reviewer's decision applied to the database, inside the caller's transaction: `TP` adds the
 * URL (as reviewed), `FP` takes it out again if a review put it there; a URL an operator imported
 * stays.
 */
export async function applyReviewDecision(
  trx: Db,
  tenantId: string,
  url: string,
  decision: 'TP' | 'FP' | '',
  at: string,
): Promise<void> {
  if (decision === 'TP') await addReviewedMaliciousUrl(trx, tenantId, url, at);
  if (decision === 'FP') await removeReviewedMaliciousUrl(trx, tenantId, url, at);
}

/** What a feed's conditional GET compares: one primary-key read, before any URL is read. */
export interface FeedValidators {
  etag: string;
  /** The list's last change; undefined while it never changed (it is empty). */
  changedAt?: string;
}

// Bumped when a feed's bytes change for the same list (a new field, say): consumers refetch.
// The tenant's name (the STIX identity, the MISP org) is not in the tag: tenants are never
// renamed; if they ever are, the rename must count as a change here.
const FEED_REVISION = 1;

export async function feedValidators(db: Db, tenantId: string, format: FeedFormat): Promise<FeedValidators> {
  const change = await maliciousUrlChange(db, tenantId);
  const tag = createHash('sha256')
    .update(`${FEED_REVISION}\n${tenantId}\n${format}\n${change?.version ?? 0}`)
    .digest('base64url')
    .slice(0, 27);
  return { etag: `"${tag}"`, ...(change ? { changedAt: change.changed_at } : {}) };
}

/** A feed's document; the same bytes for the same list, through the API or the CLI. */
export async function maliciousUrlFeed(db: Db, tenantId: string, format: FeedFormat): Promise<FeedDocument> {
  const tenant = await requireTenant(db, tenantId);
  const change = (await maliciousUrlChange(db, tenantId)) ?? { version: 0, changed_at: tenant.created_at };
  const rows = await listMaliciousUrls(db, tenantId);
  return feedDocument(format, tenant, rows, change);
}
