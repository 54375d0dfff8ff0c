/** SQL for a tenant's report intake settings, and the lease that keeps one reader per mailbox. */
import type { Insertable, Updateable } from 'kysely';
import type { Db, MailIntakeTable } from '@server/db/schema';

export function findMailIntake(db: Db, tenantId: string) {
  return db.selectFrom('mail_intakes').selectAll().where('tenant_id', '=', tenantId).executeTakeFirst();
}

export async function upsertMailIntake(db: Db, row: Insertable<MailIntakeTable>): Promise<void> {
  await db
    .insertInto('mail_intakes')
    .values(row)
    .onConflict((oc) => oc.column('tenant_id').doUpdateSet({ ...row, tenant_id: undefined }))
    .execute();
}

export async function updateMailIntake(
  db: Db,
  tenantId: string,
  changes: Updateable<MailIntakeTable>,
): Promise<void> {
  await db.updateTable('mail_intakes').set(changes).where('tenant_id', '=', tenantId).execute();
}

/** Every tenant's SMTP intake addresses and allowed domains, for the listener's lookups. */
export function listSmtpIntakes(db: Db) {
  return db
    .selectFrom('mail_intakes')
    .select(['tenant_id', 'smtp_addresses', 'smtp_allowed_domains'])
    .where('smtp_addresses', '!=', '[]')
    .execute();
}

export function listImapTenants(db: Db) {
  return db.selectFrom('mail_intakes').select('tenant_id').where('imap_enabled', '=', 1).execute();
}

/** Takes the mailbox for `until` unless another reader holds it: true when taken. */
export async function claimMailbox(db: Db, tenantId: string, now: string, until: string): Promise<boolean> {
  const result = await db
    .updateTable('mail_intakes')
    .set({ poll_lease_until: until })
    .where('tenant_id', '=', tenantId)
    .where('imap_enabled', '=', 1)
    .where((eb) => eb.or([eb('poll_lease_until', 'is', null), eb('poll_lease_until', '<', now)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export function listFollowups(db: Db) {
  return db
    .selectFrom('mail_intakes')
    .select([
      'tenant_id',
      'reviewers',
      'notify_profile_id',
      'reviewer_interval_minutes',
      'reviewers_mailed_at',
      'answers_enabled',
      'answers_since',
      'answer_domains',
      'answer_texts',
    ])
    .where('notify_profile_id', 'is not', null)
    .execute();
}

/** Sets the reviewers' mail time unless another instance just did: true when this one did. */
export async function markReviewersMailed(db: Db, tenantId: string, previous: string | null, at: string) {
  const result = await db
    .updateTable('mail_intakes')
    .set({ reviewers_mailed_at: at })
    .where('tenant_id', '=', tenantId)
    .where((eb) =>
      previous === null ? eb('reviewers_mailed_at', 'is', null) : eb('reviewers_mailed_at', '=', previous),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
