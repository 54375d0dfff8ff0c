/**
 * SQL for the outbox: one row per message. Workers claim due rows by moving them to `sending`
 * with a lease; on PostgreSQL the claim's `FOR UPDATE SKIP LOCKED` lets any number of workers
 * claim at once without two taking the same row (or claiming for the same campaign at once);
 * SQLite has one writer at a time anyway.
 */
import { sql, type Insertable } from 'kysely';
import type { SendFailureCause } from '@shared/sending';
import type { OutboxTable, Db } from '@server/db/schema';
import { inChunks } from '@server/db/chunks';

export async function insertOutboxRows(db: Db, rows: readonly Insertable<OutboxTable>[]) {
  await inChunks(rows, (chunk) =>
    db
      .insertInto('outbox')
      .values(chunk)
      .onConflict((oc) => oc.column('recipient_id').doNothing())
      .execute(),
  );
}

/**
 * The campaign's recipients that have no message yet, in the campaign's recipient order; a
 * deactivated person gets none (their recipient row, and its history, stay).
 */
export function recipientsWithoutMessage(db: Db, campaignId: string) {
  return db
    .selectFrom('recipients as r')
    .leftJoin('outbox as o', 'o.recipient_id', 'r.id')
    .leftJoin('people as p', 'p.id', 'r.person_ref')
    .select(['r.id', 'r.email'])
    .where('r.campaign_id', '=', campaignId)
    .where('o.id', 'is', null)
    .where((eb) => eb.or([eb('p.id', 'is', null), eb('p.active', '=', 1)]))
    .orderBy('r.created_at')
    .orderBy('r.email')
    .orderBy('r.id')
    .execute();
}

/** Queued messages, in due order (for planning them again on resume). */
export function queuedMessages(db: Db, campaignId: string) {
  return db
    .selectFrom('outbox')
    .select(['id', 'due_at'])
    .where('campaign_id', '=', campaignId)
    .where('state', '=', 'queued')
    .orderBy('due_at')
    .orderBy('id')
    .execute();
}

export async function setDueTimes(db: Db, due: readonly { id: string; due_at: string }[]) {
  for (const row of due) {
    await db.updateTable('outbox').set({ due_at: row.due_at }).where('id', '=', row.id).execute();
  }
}

export async function cancelQueued(db: Db, campaignId: string, at: string) {
  await db
    .updateTable('outbox')
    .set({ state: 'cancelled', updated_at: at })
    .where('campaign_id', '=', campaignId)
    .where('state', '=', 'queued')
    .execute();
}

/** Cancelled messages queued again (sending after a cancel). */
export async function requeueCancelled(db: Db, campaignId: string, at: string) {
  await db
    .updateTable('outbox')
    .set({ state: 'queued', updated_at: at, due_at: at })
    .where('campaign_id', '=', campaignId)
    .where('state', '=', 'cancelled')
    .execute();
}

export interface Claim {
  workerId: string;
  now: string;
  leaseUntil: string;
  limit: number;
  /** PostgreSQL: lock the chosen rows, skipping those another worker is claiming. */
  skipLocked: boolean;
}

/**
 * The running sendings of campaigns not over that have due work, with their rate. On PostgreSQL
 * each sending's row is locked until the claim's transaction ends, skipping those another worker
 * holds: one claim at a time per campaign, so the rate counted below cannot be overrun by two.
 */
export function sendingsWithDueWork(trx: Db, now: string, skipLocked: boolean) {
  let query = trx
    .selectFrom('sendings as s')
    .innerJoin('campaigns as c', 'c.id', 's.campaign_id')
    .select(['s.campaign_id', 's.rate_per_minute'])
    .where('s.state', '=', 'running')
    // An ended campaign's links show "not available": its queued messages stay unsent.
    .where('c.ended_at', 'is', null)
    .where((eb) => eb.or([eb('c.ends_at', 'is', null), eb('c.ends_at', '>', now)]))
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('outbox as o')
          .select('o.id')
          .whereRef('o.campaign_id', '=', 's.campaign_id')
          .where((due) =>
            due.or([
              due.and([due('o.state', '=', 'queued'), due('o.due_at', '<=', now)]),
              due.and([due('o.state', '=', 'sending'), due('o.lease_until', '<', now)]),
            ]),
          ),
      ),
    )
    .orderBy('s.starts_at');
  if (skipLocked) query = query.forUpdate('s').skipLocked();
  return query.execute();
}

/**
 * A campaign's messages that count against its rate at `now`: those the relay accepted since
 * `windowStart`, and those being sent (a live claim). Returns how many, and when the oldest
 * accepted one leaves the window.
 */
export async function messagesInWindow(
  trx: Db,
  campaignId: string,
  windowStart: string,
  now: string,
): Promise<{ count: number; oldestSentAt: string | null }> {
  const row = await trx
    .selectFrom('outbox')
    .select((eb) => [eb.fn.countAll<number | string>().as('n'), eb.fn.min('sent_at').as('oldest')])
    .where('campaign_id', '=', campaignId)
    .where((eb) =>
      eb.or([
        eb.and([eb('state', '=', 'sent'), eb('sent_at', '>', windowStart)]),
        eb.and([eb('state', '=', 'sending'), eb('lease_until', '>=', now)]),
      ]),
    )
    .executeTakeFirst();
  return { count: Number(row?.n ?? 0), oldestSentAt: row?.oldest ?? null };
}

/**
 * Claims up to `limit` due messages of one campaign (see sendingsWithDueWork): queued ones whose
 * time has come, and ones whose claim lapsed. Returns the claimed rows.
 */
export function claimDue(trx: Db, campaignId: string, claim: Claim) {
  let due = trx
    .selectFrom('outbox as o')
    .select('o.id')
    .where('o.campaign_id', '=', campaignId)
    .where((eb) =>
      eb.or([
        eb.and([eb('o.state', '=', 'queued'), eb('o.due_at', '<=', claim.now)]),
        eb.and([eb('o.state', '=', 'sending'), eb('o.lease_until', '<', claim.now)]),
      ]),
    )
    .orderBy('o.due_at')
    .limit(claim.limit);
  if (claim.skipLocked) due = due.forUpdate('o').skipLocked();
  return trx
    .updateTable('outbox')
    .set({
      state: 'sending',
      claimed_by: claim.workerId,
      lease_until: claim.leaseUntil,
      attempts: sql`attempts + 1`,
      updated_at: claim.now,
    })
    .where('id', 'in', due)
    .returningAll()
    .execute();
}

/** What a claimed message needs: its recipient, campaign file and sending profile. */
export function messageContexts(db: Db, ids: readonly string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('outbox as o')
    .innerJoin('recipients as r', 'r.id', 'o.recipient_id')
    .innerJoin('campaigns as c', 'c.id', 'o.campaign_id')
    .innerJoin('sendings as s', 's.campaign_id', 'o.campaign_id')
    .leftJoin('people as p', 'p.id', 'r.person_ref')
    .select([
      'p.active as person_active',
      'o.id',
      'o.message_id',
      'o.attempts',
      'o.campaign_id',
      'r.id as recipient_id',
      'r.rid',
      'r.email',
      'r.first_name',
      'r.last_name',
      'r.department',
      'r.language_code',
      'c.content',
      's.profile_id',
    ])
    .where('o.id', 'in', ids)
    .execute();
}

/** Settles a claimed message as sent, and records when on its recipient (click timing uses it). */
export async function markSent(
  db: Db,
  message: { id: string; recipientId: string; workerId: string },
  reply: string,
  at: string,
): Promise<boolean> {
  const result = await db
    .updateTable('outbox')
    .set({ state: 'sent', sent_at: at, last_reply: reply, lease_until: null, updated_at: at })
    .where('id', '=', message.id)
    .where('state', '=', 'sending')
    .where('claimed_by', '=', message.workerId)
    .executeTakeFirst();
  await db.updateTable('recipients').set({ sent_at: at }).where('id', '=', message.recipientId).execute();
  return Number(result.numUpdatedRows) > 0;
}

/** Settles a claimed message: `queued` again at `dueAt` (a temporary failure) or `failed`. */
export async function markUnsent(
  db: Db,
  message: { id: string; workerId: string },
  outcome: { state: 'queued' | 'failed'; reply: string; cause: SendFailureCause; dueAt?: string },
  at: string,
) {
  await db
    .updateTable('outbox')
    .set({
      state: outcome.state,
      last_reply: outcome.reply.slice(0, 2000),
      last_cause: outcome.cause,
      lease_until: null,
      updated_at: at,
      ...(outcome.dueAt ? { due_at: outcome.dueAt } : {}),
    })
    .where('id', '=', message.id)
    .where('state', '=', 'sending')
    .where('claimed_by', '=', message.workerId)
    .execute();
}

/**
 * A claimed message not sent because its person was deactivated after it was queued: settled as
 * cancelled, with why. Sending after a cancel queues it again, and it is checked again then.
 */
export async function markSkipped(
  db: Db,
  message: { id: string; workerId: string },
  reason: string,
  at: string,
) {
  await db
    .updateTable('outbox')
    .set({ state: 'cancelled', last_reply: reason, lease_until: null, updated_at: at })
    .where('id', '=', message.id)
    .where('state', '=', 'sending')
    .where('claimed_by', '=', message.workerId)
    .execute();
}

/** A claimed message handed back untried (its campaign was paused meanwhile): queued as before. */
/**
 * Renews a claim just before its message goes to the relay: true while this worker still holds
 * it. A batch claimed together is sent one at a time; a message whose lease lapsed while the
 * others went out, and which another worker has taken over since, is left to that worker.
 */
export async function holdClaim(
  db: Db,
  message: { id: string; workerId: string },
  leaseUntil: string,
  at: string,
): Promise<boolean> {
  const result = await db
    .updateTable('outbox')
    .set({ lease_until: leaseUntil, updated_at: at })
    .where('id', '=', message.id)
    .where('state', '=', 'sending')
    .where('claimed_by', '=', message.workerId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function releaseClaim(db: Db, message: { id: string; workerId: string }, at: string) {
  await db
    .updateTable('outbox')
    .set({ state: 'queued', lease_until: null, attempts: sql`attempts - 1`, updated_at: at })
    .where('id', '=', message.id)
    .where('state', '=', 'sending')
    .where('claimed_by', '=', message.workerId)
    .execute();
}

export function stateCounts(db: Db, campaignId: string) {
  return db
    .selectFrom('outbox')
    .select(['state', (eb) => eb.fn.countAll<number | string>().as('n')])
    .where('campaign_id', '=', campaignId)
    .groupBy('state')
    .execute();
}

export function failedMessages(db: Db, campaignId: string, limit: number) {
  return db
    .selectFrom('outbox as o')
    .innerJoin('recipients as r', 'r.id', 'o.recipient_id')
    .select(['o.recipient_id', 'r.email', 'o.attempts', 'o.last_reply as reply', 'o.last_cause as cause'])
    .where('o.campaign_id', '=', campaignId)
    .where('o.state', '=', 'failed')
    .orderBy('o.updated_at')
    .limit(limit)
    .execute();
}

/**
 * The earliest due time of queued messages: of one campaign, or of every running sending but
 * those in `except` (campaigns at their rate, which wait for their window instead).
 */
export async function nextDue(
  db: Db,
  campaignId?: string,
  except: readonly string[] = [],
): Promise<string | null> {
  let query = db
    .selectFrom('outbox as o')
    .innerJoin('sendings as s', 's.campaign_id', 'o.campaign_id')
    .select((eb) => eb.fn.min('o.due_at').as('due'))
    .where('o.state', '=', 'queued');
  query = campaignId ? query.where('o.campaign_id', '=', campaignId) : query.where('s.state', '=', 'running');
  if (except.length > 0) query = query.where('o.campaign_id', 'not in', except);
  const row = await query.executeTakeFirst();
  return (row?.due as string | null | undefined) ?? null;
}
