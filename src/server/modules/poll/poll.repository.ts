/** SQL for reviewer decisions (append-only url_reviews) and the tenant's malicious-URL database. */
import type { Kysely } from 'kysely';
import type { Database, NewUrlReview } from '../../db/schema';

type Db = Kysely<Database>;

export async function tenantExists(db: Db, tenantId: string): Promise<boolean> {
  const row = await db.selectFrom('tenants').select('id').where('id', '=', tenantId).executeTakeFirst();
  return row !== undefined;
}

export async function insertReview(db: Db, row: NewUrlReview): Promise<void> {
  await db.insertInto('url_reviews').values(row).execute();
}

/** Time of the newest decision for one URL, so a new one can be ordered strictly after it. */
export async function latestReviewTime(db: Db, tenantId: string, url: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('url_reviews')
    .select('created_at')
    .where('tenant_id', '=', tenantId)
    .where('url', '=', url)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.created_at;
}

export async function addReviewedMaliciousUrl(
  db: Db,
  tenantId: string,
  url: string,
  at: string,
): Promise<void> {
  // An imported URL stays 'import': the review only confirms it.
  await db
    .insertInto('malicious_urls')
    .values({ tenant_id: tenantId, url, source: 'review', created_at: at })
    .onConflict((oc) => oc.columns(['tenant_id', 'url']).doNothing())
    .execute();
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

export async function knownMaliciousUrls(
  db: Db,
  tenantId: string,
  urls: readonly string[],
): Promise<Set<string>> {
  const known = new Set<string>();
  // Chunked: SQLite limits bound parameters per statement.
  for (let i = 0; i < urls.length; i += 500) {
    const rows = await db
      .selectFrom('malicious_urls')
      .select('url')
      .where('tenant_id', '=', tenantId)
      .where('url', 'in', urls.slice(i, i + 500))
      .execute();
    for (const row of rows) known.add(row.url);
  }
  return known;
}

/** Every decision of a tenant, oldest first; the caller keeps the last one per URL. */
export function reviewsOldestFirst(db: Db, tenantId: string) {
  return db
    .selectFrom('url_reviews')
    .select(['url', 'decision', 'reviewer', 'created_at'])
    .where('tenant_id', '=', tenantId)
    .orderBy('created_at', 'asc')
    .orderBy('url', 'asc')
    .execute();
}
