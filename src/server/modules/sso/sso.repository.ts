/** SQL for single sign-on: each tenant's provider settings, its domains, the sign-ins under way. */
import type { Insertable } from 'kysely';
import type { Db, SsoConfigTable, SsoLoginTable } from '@server/db/schema';

export function findSsoConfig(db: Db, tenantId: string) {
  return db.selectFrom('sso_configs').selectAll().where('tenant_id', '=', tenantId).executeTakeFirst();
}

export async function saveSsoConfig(db: Db, row: Insertable<SsoConfigTable>): Promise<void> {
  const change = { ...row, tenant_id: undefined };
  await db
    .insertInto('sso_configs')
    .values(row)
    .onConflict((oc) => oc.column('tenant_id').doUpdateSet(change))
    .execute();
}

export async function listSsoDomains(db: Db, tenantId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('sso_domains')
    .select('domain')
    .where('tenant_id', '=', tenantId)
    .orderBy('domain')
    .execute();
  return rows.map((row) => row.domain);
}

/** The tenant a domain signs in to, whoever's it is. */
export async function findDomainTenant(db: Db, domain: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('sso_domains')
    .select('tenant_id')
    .where('domain', '=', domain)
    .executeTakeFirst();
  return row?.tenant_id;
}

export async function replaceSsoDomains(db: Db, tenantId: string, domains: readonly string[]): Promise<void> {
  await db.deleteFrom('sso_domains').where('tenant_id', '=', tenantId).execute();
  if (domains.length === 0) return;
  await db
    .insertInto('sso_domains')
    .values(domains.map((domain) => ({ domain, tenant_id: tenantId })))
    .execute();
}

export async function insertSsoLogin(db: Db, row: Insertable<SsoLoginTable>): Promise<void> {
  await db.insertInto('sso_logins').values(row).execute();
}

/**
 * Takes the sign-in in one statement: of two callbacks with the same state (a replay, a double
 * click, two instances) exactly one gets the row; an expired one is nobody's.
 */
export function takeSsoLogin(db: Db, id: string, now: string) {
  return db
    .updateTable('sso_logins')
    .set({ used_at: now })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returningAll()
    .executeTakeFirst();
}

export function findSsoLogin(db: Db, id: string) {
  return db.selectFrom('sso_logins').select('tenant_id').where('id', '=', id).executeTakeFirst();
}

/** Sign-ins that ended before `before` (used ones are kept until then, to recognise a replay). */
export async function deleteExpiredSsoLogins(db: Db, before: string): Promise<void> {
  await db.deleteFrom('sso_logins').where('expires_at', '<=', before).execute();
}
