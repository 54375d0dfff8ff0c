/**
 * SQL for a tenant's malicious-URL database: what reviewers' links mark as already known.
 * Operators import entries ('import'); a reviewer's TP adds one ('review') and a later FP
 * removes only those a review added. Every change that adds or removes a URL moves the tenant's
 * row in malicious_url_changes forward, in the same transaction: the feeds' ETag reads only it.
 */
import { inChunks } from '@server/db/chunks';
import { compiledOnce } from '@server/db/compiled-once';
import type { Db } from '@server/db/schema';

export function listMaliciousUrls(db: Db, tenantId: string) {
  return db
    .selectFrom('malicious_urls')
    .select(['url', 'source', 'created_at'])
    .where('tenant_id', '=', tenantId)
    .orderBy('url')
    .execute();
}

/** Adds the URLs not yet present; returns how many were new. Existing rows keep their source. */
export async function addMaliciousUrls(
  db: Db,
  tenantId: string,
  urls: readonly string[],
  at: string,
): Promise<number> {
  const added = await inChunks(urls, async (chunk) => {
    const rows = await db
      .insertInto('malicious_urls')
      .values(chunk.map((url) => ({ tenant_id: tenantId, url, source: 'import' as const, created_at: at })))
      .onConflict((oc) => oc.columns(['tenant_id', 'url']).doNothing())
      .returning('url')
      .execute();
    return rows.length;
  });
  const total = added.reduce((sum, n) => sum + n, 0);
  if (total > 0) await recordChange(db, tenantId, at);
  return total;
}

// Every TP decision: compiled once (db/compiled-once.ts).
const reviewedMaliciousUrl = compiledOnce((db, tenantId: string, url: string, at: string) =>
  db
    .insertInto('malicious_urls')
    .values({ tenant_id: tenantId, url, source: 'review', created_at: at })
    .onConflict((oc) => oc.columns(['tenant_id', 'url']).doNothing())
    .returning('url'),
);

// Once per change: a TP decision is one, as is an import, whatever its size.
const changeRecorded = compiledOnce((db, tenantId: string, at: string) =>
  db
    .insertInto('malicious_url_changes')
    .values({ tenant_id: tenantId, version: 1, changed_at: at })
    .onConflict((oc) =>
      oc.column('tenant_id').doUpdateSet((eb) => ({
        version: eb('malicious_url_changes.version', '+', 1),
        changed_at: eb.ref('excluded.changed_at'),
      })),
    ),
);

async function recordChange(db: Db, tenantId: string, at: string): Promise<void> {
  await changeRecorded(db, tenantId, at);
}

/** The tenant's change counter; undefined while its database never changed (it is empty). */
export function maliciousUrlChange(db: Db, tenantId: string) {
  return db
    .selectFrom('malicious_url_changes')
    .select(['version', 'changed_at'])
    .where('tenant_id', '=', tenantId)
    .executeTakeFirst();
}

/** An imported URL stays 'import': the review only confirms it. */
export async function addReviewedMaliciousUrl(
  db: Db,
  tenantId: string,
  url: string,
  at: string,
): Promise<void> {
  const { rows } = await reviewedMaliciousUrl(db, tenantId, url, at);
  if (rows.length > 0) await recordChange(db, tenantId, at);
}

/** Only URLs a review put there: an FP never removes what an operator imported. */
export async function removeReviewedMaliciousUrl(
  db: Db,
  tenantId: string,
  url: string,
  at: string,
): Promise<void> {
  const result = await db
    .deleteFrom('malicious_urls')
    .where('tenant_id', '=', tenantId)
    .where('url', '=', url)
    .where('source', '=', 'review')
    .executeTakeFirst();
  if (Number(result.numDeletedRows) > 0) await recordChange(db, tenantId, at);
}

/** Which of these URLs the tenant's database holds. */
export async function knownMaliciousUrls(
  db: Db,
  tenantId: string,
  urls: readonly string[],
): Promise<Set<string>> {
  const chunks = await inChunks(urls, (chunk) =>
    db
      .selectFrom('malicious_urls')
      .select('url')
      .where('tenant_id', '=', tenantId)
      .where('url', 'in', chunk)
      .execute(),
  );
  return new Set(chunks.flat().map((row) => row.url));
}

export async function deleteMaliciousUrl(db: Db, tenantId: string, url: string, at: string) {
  const result = await db
    .deleteFrom('malicious_urls')
    .where('tenant_id', '=', tenantId)
    .where('url', '=', url)
    .executeTakeFirst();
  const deleted = Number(result.numDeletedRows) > 0;
  if (deleted) await recordChange(db, tenantId, at);
  return deleted;
}
