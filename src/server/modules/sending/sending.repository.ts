/** SQL for sending profiles and campaigns' sending plans, scoped by tenant. */
import type { Insertable } from 'kysely';
import type { SendingProfileTable, SendingTable, Db } from '@server/db/schema';
import { sql } from 'kysely';
import type { SendFailure, SendingState } from '@shared/sending';

export function listProfiles(db: Db, tenantId: string) {
  return db
    .selectFrom('sending_profiles')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .orderBy('name')
    .orderBy('id')
    .execute();
}

export function findProfile(db: Db, tenantId: string, id: string) {
  return db
    .selectFrom('sending_profiles')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Profiles by id alone: the worker sends for every tenant. */
export function findProfilesByIds(db: Db, ids: readonly string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('sending_profiles').selectAll().where('id', 'in', ids).execute();
}

export async function insertProfile(db: Db, row: Insertable<SendingProfileTable>) {
  await db.insertInto('sending_profiles').values(row).execute();
}

export async function updateProfile(
  db: Db,
  tenantId: string,
  id: string,
  values: Partial<Insertable<SendingProfileTable>>,
) {
  await db
    .updateTable('sending_profiles')
    .set(values)
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .execute();
}

/** False when a campaign's sending still uses the profile. */
export async function deleteProfile(db: Db, tenantId: string, id: string): Promise<boolean> {
  const used = await db
    .selectFrom('sendings')
    .select('campaign_id')
    .where('profile_id', '=', id)
    .executeTakeFirst();
  if (used) return false;
  const result = await db
    .deleteFrom('sending_profiles')
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export function findSending(db: Db, campaignId: string) {
  return db.selectFrom('sendings').selectAll().where('campaign_id', '=', campaignId).executeTakeFirst();
}

/** A new plan, or the campaign's plan replaced (sending again after a cancel, a new profile). */
export async function upsertSending(db: Db, row: Insertable<SendingTable>) {
  await db
    .insertInto('sendings')
    .values(row)
    .onConflict((oc) =>
      oc.column('campaign_id').doUpdateSet({
        profile_id: row.profile_id,
        state: row.state,
        starts_at: row.starts_at,
        rate_per_minute: row.rate_per_minute,
        spread_minutes: row.spread_minutes,
        window_start: row.window_start ?? null,
        window_end: row.window_end ?? null,
        time_zone: row.time_zone,
        paused_at: row.paused_at ?? null,
        // A new plan starts healthy: the failures counted were the old plan's.
        consecutive_failures: 0,
        failing_since: null,
        paused_reason: null,
      }),
    )
    .execute();
}

/** Moves a plan from one of `from` to `to`; false when it was in none of them. */
export async function setSendingState(
  db: Db,
  campaignId: string,
  from: readonly SendingState[],
  to: SendingState,
  pausedAt: string | null,
): Promise<boolean> {
  const result = await db
    .updateTable('sendings')
    // Any change by the operator (pause, resume, cancel) starts the count of failures again.
    .set({
      state: to,
      paused_at: pausedAt,
      paused_reason: null,
      consecutive_failures: 0,
      failing_since: null,
    })
    .where('campaign_id', '=', campaignId)
    .where('state', 'in', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** One more failure in a row for the campaign's sending; answers how many now. */
export async function recordSendingFailure(
  db: Db,
  campaignId: string,
  failure: SendFailure,
  at: string,
): Promise<number> {
  const row = await db
    .updateTable('sendings')
    .set({
      consecutive_failures: sql`consecutive_failures + 1`,
      failing_since: sql`coalesce(failing_since, ${at})`,
      last_cause: failure.cause,
      last_detail: failure.detail?.slice(0, 2000) ?? null,
    })
    .where('campaign_id', '=', campaignId)
    .returning('consecutive_failures')
    .executeTakeFirst();
  return Number(row?.consecutive_failures ?? 0);
}

/** A message went out: the run of failures is over. */
export async function clearSendingFailures(db: Db, campaignId: string) {
  await db
    .updateTable('sendings')
    .set({ consecutive_failures: 0, failing_since: null })
    .where('campaign_id', '=', campaignId)
    .where('consecutive_failures', '>', 0)
    .execute();
}

/** Pauses a running sending because its messages keep failing; false when it was not running. */
export async function pauseForFailures(db: Db, campaignId: string, at: string): Promise<boolean> {
  const result = await db
    .updateTable('sendings')
    .set({ state: 'paused', paused_at: at, paused_reason: 'failures' })
    .where('campaign_id', '=', campaignId)
    .where('state', '=', 'running')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The tenant's sendings with what their health is made of. */
export function tenantSendings(db: Db, tenantId: string) {
  return db.selectFrom('sendings').selectAll().where('tenant_id', '=', tenantId).execute();
}

/** A recipient of the campaign whose variables an email preview fills: the one asked for, or the first. */
export function previewRecipient(db: Db, campaignId: string, recipientId?: string) {
  let query = db
    .selectFrom('recipients')
    .select(['id', 'email', 'first_name', 'last_name', 'department'])
    .where('campaign_id', '=', campaignId);
  query = recipientId
    ? query.where('id', '=', recipientId)
    : query.orderBy('created_at').orderBy('email').orderBy('id').limit(1);
  return query.executeTakeFirst();
}
