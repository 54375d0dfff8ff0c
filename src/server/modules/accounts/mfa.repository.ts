/** SQL for two-step sign-in: a user's sealed TOTP secret, its last accepted time step, recovery codes. */
import type { Db } from '@server/db/schema';

export function findMfa(db: Db, userId: string) {
  return db
    .selectFrom('users')
    .innerJoin('tenants', 'tenants.id', 'users.tenant_id')
    .select([
      'users.id',
      'users.email',
      'users.tenant_id',
      'users.mfa_secret_sealed',
      'users.mfa_pending_sealed',
      'users.mfa_enabled_at',
      'users.mfa_last_step',
      'tenants.mfa_required',
    ])
    .where('users.id', '=', userId)
    .executeTakeFirst();
}

export async function savePendingSecret(db: Db, userId: string, sealed: string): Promise<void> {
  await db.updateTable('users').set({ mfa_pending_sealed: sealed }).where('id', '=', userId).execute();
}

export async function enableMfa(db: Db, userId: string, sealed: string, at: string, step: number) {
  await db
    .updateTable('users')
    .set({ mfa_secret_sealed: sealed, mfa_pending_sealed: null, mfa_enabled_at: at, mfa_last_step: step })
    .where('id', '=', userId)
    .execute();
}

export async function clearMfa(db: Db, userId: string): Promise<void> {
  await db
    .updateTable('users')
    .set({ mfa_secret_sealed: null, mfa_pending_sealed: null, mfa_enabled_at: null, mfa_last_step: null })
    .where('id', '=', userId)
    .execute();
  await db.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
}

/**
 * Records that a code of `step` was accepted, unless one of that step or a later one already was
 * (on any instance): false then, and the code is refused as a replay.
 */
export async function advanceLastStep(db: Db, userId: string, step: number): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ mfa_last_step: step })
    .where('id', '=', userId)
    .where((eb) => eb.or([eb('mfa_last_step', 'is', null), eb('mfa_last_step', '<', step)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function replaceRecoveryCodes(db: Db, userId: string, hashes: readonly string[]) {
  await db.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
  await db
    .insertInto('recovery_codes')
    .values(hashes.map((code_hash) => ({ user_id: userId, code_hash, used_at: null })))
    .execute();
}

/** Marks an unused code used; false when there is no such unused code. */
export async function spendRecoveryCode(db: Db, userId: string, hash: string, at: string): Promise<boolean> {
  const result = await db
    .updateTable('recovery_codes')
    .set({ used_at: at })
    .where('user_id', '=', userId)
    .where('code_hash', '=', hash)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function countRecoveryCodesLeft(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('recovery_codes')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
