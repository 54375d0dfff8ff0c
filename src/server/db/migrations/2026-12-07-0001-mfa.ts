/**
 * Two-step sign-in (TOTP) for console users: the sealed secret (pending while enrolling, then
 * active), the last time step a code was accepted in (a code is not taken twice), the recovery
 * codes' SHA-256 hashes, and the tenant's "two-step sign-in required" policy.
 * Frozen: never edit after release.
 */
import type { Kysely } from 'kysely';

// Migrations are typed against Kysely<any> on purpose: they must not depend on today's schema.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  // Sealed with SECRETS_KEY (lib/secret-box), like SMTP passwords.
  await db.schema.alterTable('users').addColumn('mfa_secret_sealed', 'text').execute();
  await db.schema.alterTable('users').addColumn('mfa_pending_sealed', 'text').execute();
  await db.schema.alterTable('users').addColumn('mfa_enabled_at', 'text').execute();
  await db.schema.alterTable('users').addColumn('mfa_last_step', 'integer').execute();
  await db.schema
    .createTable('recovery_codes')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    // SHA-256 (hex) of the normalised code: the codes are 80 random bits, so no slow hash.
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .addPrimaryKeyConstraint('recovery_codes_pk', ['user_id', 'code_hash'])
    .execute();
  await db.schema
    .alterTable('tenants')
    .addColumn('mfa_required', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.alterTable('tenants').dropColumn('mfa_required').execute();
  await db.schema.dropTable('recovery_codes').execute();
  for (const column of ['mfa_last_step', 'mfa_enabled_at', 'mfa_pending_sealed', 'mfa_secret_sealed']) {
    await db.schema.alterTable('users').dropColumn(column).execute();
  }
}
