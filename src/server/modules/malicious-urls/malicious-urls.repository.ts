/** SQL for a tenant's malicious-URL database (what reviewers' links mark as already known). */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

export function listMaliciousUrls(db: Kysely<Database>, tenantId: string) {
  return db
    .selectFrom('malicious_urls')
    .select(['url', 'source', 'created_at'])
    .where('tenant_id', '=', tenantId)
    .orderBy('url')
    .execute();
}

/** Adds the URLs not yet present; returns how many were new. Existing rows keep their source. */
export async function addMaliciousUrls(db: Kysely<Database>, tenantId: string, urls: string[], at: string) {
  let added = 0;
  for (let i = 0; i < urls.length; i += 500) {
    const rows = await db
      .insertInto('malicious_urls')
      .values(
        urls.slice(i, i + 500).map((url) => ({ tenant_id: tenantId, url, source: 'import', created_at: at })),
      )
      .onConflict((oc) => oc.columns(['tenant_id', 'url']).doNothing())
      .returning('url')
      .execute();
    added += rows.length;
  }
  return added;
}

export async function deleteMaliciousUrl(db: Kysely<Database>, tenantId: string, url: string) {
  const result = await db
    .deleteFrom('malicious_urls')
    .where('tenant_id', '=', tenantId)
    .where('url', '=', url)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
