/**
 * SQL for a tenant's malicious-URL database: what reviewers' links mark as already known.
 * Operators import entries ('import'); a reviewer's TP adds one ('review') and a later FP
 * removes only those a review added.
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
  return added.reduce((sum, n) => sum + n, 0);
}

// Every TP decision: compiled once (db/compiled-once.ts).
const reviewedMaliciousUrl = compiledOnce((db, tenantId: string, url: string, at: string) =>
  db
    .insertInto('malicious_urls')
    .values({ tenant_id: tenantId, url, source: 'review', created_at: at })
    .onConflict((oc) => oc.columns(['tenant_id', 'url']).doNothing()),
);

/** An imported URL stays 'import': the review only confirms it. */
export async function addReviewedMaliciousUrl(
  db: Db,
  tenantId: string,
  url: string,
  at: string,
): Promise<void> {
  await reviewedMaliciousUrl(db, tenantId, url, at);
}

/** Only URLs a review put there: an FP never removes what an operator imported. */
export async function removeReviewedMaliciousUrl(db: Db, tenantId: string, url: string): Promise<void> {
  await db
    .deleteFrom('malicious_urls')
    .where('tenant_id', '=', tenantId)
    .where('url', '=', url)
    .where('source', '=', 'review')
    .execute();
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

export async function deleteMaliciousUrl(db: Db, tenantId: string, url: string) {
  const result = await db
    .deleteFrom('malicious_urls')
    .where('tenant_id', '=', tenantId)
    .where('url', '=', url)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
