/** SQL for console users, their sessions and the per-account sign-in failures. */
import type { Insertable } from 'kysely';
import type { Role } from '@shared/admin-api';
import type { NewUser, SessionTable, Db } from '@server/db/schema';

const USER_COLUMNS = [
  'id',
  'tenant_id',
  'email',
  'name',
  'role',
  'disabled_at',
  'last_sign_in_at',
  'created_at',
  'mfa_enabled_at',
] as const;

export async function insertUser(db: Db, row: NewUser): Promise<void> {
  await db.insertInto('users').values(row).execute();
}

export function findUserByEmail(db: Db, email: string) {
  return db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
}

/** `tenantId` undefined is the CLI (whole database). */
export function findUser(db: Db, tenantId: string | undefined, id: string) {
  let query = db.selectFrom('users').select(USER_COLUMNS).where('id', '=', id);
  if (tenantId !== undefined) query = query.where('tenant_id', '=', tenantId);
  return query.executeTakeFirst();
}

export function listUsers(db: Db, tenantId: string | undefined) {
  let query = db.selectFrom('users').select(USER_COLUMNS).orderBy('email');
  if (tenantId !== undefined) query = query.where('tenant_id', '=', tenantId);
  return query.execute();
}

export function countActiveOwners(db: Db, tenantId: string) {
  return db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('tenant_id', '=', tenantId)
    .where('role', '=', 'owner')
    .where('disabled_at', 'is', null)
    .executeTakeFirstOrThrow();
}

export async function updateUser(
  db: Db,
  id: string,
  change: { name?: string; role?: Role; disabled_at?: string | null; password_hash?: string },
): Promise<void> {
  await db.updateTable('users').set(change).where('id', '=', id).execute();
}

export async function markSignedIn(db: Db, id: string, at: string): Promise<void> {
  await db.updateTable('users').set({ last_sign_in_at: at }).where('id', '=', id).execute();
}

export async function insertSession(db: Db, row: Insertable<SessionTable>): Promise<void> {
  await db.insertInto('sessions').values(row).execute();
}

/** The session with its user, for the auth hook: one query per console request. */
export function findSession(db: Db, id: string) {
  return db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .innerJoin('tenants', 'tenants.id', 'sessions.tenant_id')
    .select([
      'sessions.id as session_id',
      'sessions.last_seen_at',
      'sessions.expires_at',
      'users.id',
      'users.tenant_id',
      'users.email',
      'users.name',
      'users.role',
      'users.disabled_at',
      'users.last_sign_in_at',
      'users.created_at',
      'users.mfa_enabled_at',
      'tenants.name as tenant_name',
      'tenants.mfa_required',
    ])
    .where('sessions.id', '=', id)
    .executeTakeFirst();
}

export async function touchSession(db: Db, id: string, at: string): Promise<void> {
  await db.updateTable('sessions').set({ last_seen_at: at }).where('id', '=', id).execute();
}

export async function deleteSession(db: Db, id: string): Promise<void> {
  await db.deleteFrom('sessions').where('id', '=', id).execute();
}

/** Every session of a user: on disabling them and on a password reset. */
export async function deleteUserSessions(db: Db, userId: string): Promise<void> {
  await db.deleteFrom('sessions').where('user_id', '=', userId).execute();
}

export async function deleteExpiredSessions(db: Db, now: string): Promise<void> {
  await db.deleteFrom('sessions').where('expires_at', '<=', now).execute();
}

export function findSignInFailures(db: Db, email: string) {
  return db.selectFrom('sign_in_failures').selectAll().where('email', '=', email).executeTakeFirst();
}

export async function saveSignInFailures(
  db: Db,
  row: { email: string; failures: number; first_failed_at: string; locked_until: string | null },
): Promise<void> {
  await db
    .insertInto('sign_in_failures')
    .values(row)
    .onConflict((oc) =>
      oc.column('email').doUpdateSet({
        failures: row.failures,
        first_failed_at: row.first_failed_at,
        locked_until: row.locked_until,
      }),
    )
    .execute();
}

export async function clearSignInFailures(db: Db, email: string): Promise<void> {
  await db.deleteFrom('sign_in_failures').where('email', '=', email).execute();
}
