/** SQL for console users, their sessions and the per-account sign-in failures. */
import type { Insertable, Kysely } from 'kysely';
import type { Role } from '../../../shared/admin-api';
import type { Database, NewUser, SessionTable } from '../../db/schema';

const USER_COLUMNS = [
  'id',
  'tenant_id',
  'email',
  'name',
  'role',
  'disabled_at',
  'last_sign_in_at',
  'created_at',
] as const;

export async function insertUser(db: Kysely<Database>, row: NewUser): Promise<void> {
  await db.insertInto('users').values(row).execute();
}

export function findUserByEmail(db: Kysely<Database>, email: string) {
  return db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
}

/** `tenantId` undefined is the CLI (whole database). */
export function findUser(db: Kysely<Database>, tenantId: string | undefined, id: string) {
  let query = db.selectFrom('users').select(USER_COLUMNS).where('id', '=', id);
  if (tenantId !== undefined) query = query.where('tenant_id', '=', tenantId);
  return query.executeTakeFirst();
}

export function listUsers(db: Kysely<Database>, tenantId: string | undefined) {
  let query = db.selectFrom('users').select(USER_COLUMNS).orderBy('email');
  if (tenantId !== undefined) query = query.where('tenant_id', '=', tenantId);
  return query.execute();
}

export function countActiveOwners(db: Kysely<Database>, tenantId: string) {
  return db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('tenant_id', '=', tenantId)
    .where('role', '=', 'owner')
    .where('disabled_at', 'is', null)
    .executeTakeFirstOrThrow();
}

export async function updateUser(
  db: Kysely<Database>,
  id: string,
  change: { name?: string; role?: Role; disabled_at?: string | null; password_hash?: string },
): Promise<void> {
  await db.updateTable('users').set(change).where('id', '=', id).execute();
}

export async function markSignedIn(db: Kysely<Database>, id: string, at: string): Promise<void> {
  await db.updateTable('users').set({ last_sign_in_at: at }).where('id', '=', id).execute();
}

export async function insertSession(db: Kysely<Database>, row: Insertable<SessionTable>): Promise<void> {
  await db.insertInto('sessions').values(row).execute();
}

/** The session with its user, for the auth hook: one query per console request. */
export function findSession(db: Kysely<Database>, id: string) {
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
      'tenants.name as tenant_name',
    ])
    .where('sessions.id', '=', id)
    .executeTakeFirst();
}

export async function touchSession(db: Kysely<Database>, id: string, at: string): Promise<void> {
  await db.updateTable('sessions').set({ last_seen_at: at }).where('id', '=', id).execute();
}

export async function deleteSession(db: Kysely<Database>, id: string): Promise<void> {
  await db.deleteFrom('sessions').where('id', '=', id).execute();
}

/** Every session of a user: on disabling them and on a password reset. */
export async function deleteUserSessions(db: Kysely<Database>, userId: string): Promise<void> {
  await db.deleteFrom('sessions').where('user_id', '=', userId).execute();
}

export async function deleteExpiredSessions(db: Kysely<Database>, now: string): Promise<void> {
  await db.deleteFrom('sessions').where('expires_at', '<=', now).execute();
}

export function findSignInFailures(db: Kysely<Database>, email: string) {
  return db.selectFrom('sign_in_failures').selectAll().where('email', '=', email).executeTakeFirst();
}

export async function saveSignInFailures(
  db: Kysely<Database>,
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

export async function clearSignInFailures(db: Kysely<Database>, email: string): Promise<void> {
  await db.deleteFrom('sign_in_failures').where('email', '=', email).execute();
}
