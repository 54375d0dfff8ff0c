/** SQL for sending profiles' allow-listing checks and the visits to their links, scoped by tenant. */
import type { Insertable } from 'kysely';
import type { AllowlistCheckTable, AllowlistCheckVisitTable, Db } from '@server/db/schema';

export async function insertCheck(db: Db, row: Insertable<AllowlistCheckTable>): Promise<void> {
  await db.insertInto('allowlist_checks').values(row).execute();
}

export async function markCheckSent(db: Db, id: string, sentAt: string, windowEndsAt: string): Promise<void> {
  await db
    .updateTable('allowlist_checks')
    .set({ sent_at: sentAt, window_ends_at: windowEndsAt })
    .where('id', '=', id)
    .execute();
}

export async function deleteCheck(db: Db, id: string): Promise<void> {
  await db.deleteFrom('allowlist_checks').where('id', '=', id).execute();
}

/** Checks of the profile made before `before`: kept a while for the history, not for ever. */
export async function deleteChecksBefore(db: Db, tenantId: string, profileId: string, before: string) {
  await db
    .deleteFrom('allowlist_checks')
    .where('tenant_id', '=', tenantId)
    .where('profile_id', '=', profileId)
    .where('created_at', '<', before)
    .execute();
}

/** The check a link's token names (any tenant: the public listener knows no tenant). */
export function findCheckByToken(db: Db, token: string) {
  return db
    .selectFrom('allowlist_checks')
    .select(['id', 'tenant_id', 'sent_at', 'window_ends_at'])
    .where('token', '=', token)
    .executeTakeFirst();
}

export function findCheck(db: Db, id: string) {
  return db.selectFrom('allowlist_checks').selectAll().where('id', '=', id).executeTakeFirst();
}

export function listChecks(db: Db, tenantId: string, profileId: string, limit: number) {
  return db
    .selectFrom('allowlist_checks')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('profile_id', '=', profileId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

export function listVisits(db: Db, checkIds: readonly string[]) {
  if (checkIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('allowlist_check_visits')
    .selectAll()
    .where('check_id', 'in', checkIds)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

export async function countVisits(db: Db, checkId: string): Promise<number> {
  const row = await db
    .selectFrom('allowlist_check_visits')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('check_id', '=', checkId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function insertVisit(db: Db, row: Insertable<AllowlistCheckVisitTable>): Promise<void> {
  await db.insertInto('allowlist_check_visits').values(row).execute();
}
