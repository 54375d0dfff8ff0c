/**
 * SQL for reviewer links: the ones operators minted (by jti; never the token) and the revoked
 * ones, which every use of a poll token checks, so a revocation holds at once on every instance.
 */
import { compiledOnce } from '@server/db/compiled-once';
import type { Db } from '@server/db/schema';

export async function insertReviewerLink(
  db: Db,
  row: {
    id: string;
    tenant_id: string;
    reviewer: string | null;
    urls: readonly string[];
    created_by: string | null;
    created_at: string;
    expires_at: string;
  },
): Promise<void> {
  await db
    .insertInto('reviewer_links')
    .values({ ...row, urls: JSON.stringify(row.urls), url_count: row.urls.length })
    .execute();
}

export function listReviewerLinks(db: Db, tenantId: string, limit: number) {
  return db
    .selectFrom('reviewer_links as l')
    .leftJoin('revoked_reviewer_links as x', 'x.jti', 'l.id')
    .select(['l.id', 'l.reviewer', 'l.urls', 'l.created_by', 'l.created_at', 'l.expires_at', 'x.revoked_at'])
    .where('l.tenant_id', '=', tenantId)
    .orderBy('l.created_at', 'desc')
    .orderBy('l.id')
    .limit(limit)
    .execute();
}

export function findReviewerLink(db: Db, tenantId: string, id: string) {
  return db
    .selectFrom('reviewer_links')
    .select(['id', 'expires_at'])
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Idempotent: revoking twice keeps the first revocation. */
export async function insertRevocation(
  db: Db,
  row: { jti: string; tenant_id: string; revoked_by: string | null; revoked_at: string },
): Promise<void> {
  await db
    .insertInto('revoked_reviewer_links')
    .values(row)
    .onConflict((oc) => oc.column('jti').doNothing())
    .execute();
}

// Read on every use of a poll token: compiled once (db/compiled-once.ts).
const revocation = compiledOnce((db, tenantId: string, jti: string) =>
  db
    .selectFrom('revoked_reviewer_links')
    .select('jti')
    .where('jti', '=', jti)
    .where('tenant_id', '=', tenantId),
);

export async function isRevoked(db: Db, tenantId: string, jti: string): Promise<boolean> {
  return (await revocation(db, tenantId, jti)).rows.length > 0;
}
