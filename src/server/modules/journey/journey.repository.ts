/** SQL for the recipient journey: the recipient behind a rid, its events, its status. */
import { sql, type Kysely } from 'kysely';
import type { Database, NewEvent } from '../../db/schema';

export function findRecipientByRid(db: Kysely<Database>, rid: string) {
  return db
    .selectFrom('recipients as r')
    .innerJoin('campaigns as c', 'c.id', 'r.campaign_id')
    .select([
      'r.id as recipient_id',
      'r.rid',
      'r.tenant_id',
      'r.campaign_id',
      'r.person_id',
      'r.first_name',
      'r.language_code as recipient_language',
      'r.status',
      'r.created_at as recipient_created_at',
      'c.content',
      'c.language_code',
      'c.starts_at',
      'c.ends_at',
      'c.ended_at',
    ])
    .where('r.rid', '=', rid)
    .executeTakeFirst();
}

export type RecipientRow = NonNullable<Awaited<ReturnType<typeof findRecipientByRid>>>;

export function listRecipientEvents(db: Kysely<Database>, recipientId: string) {
  return db
    .selectFrom('events')
    .select(['type', 'details'])
    .where('recipient_id', '=', recipientId)
    .execute();
}

/**
 * Appends an event unless this recipient already has one of its type; on the recipient, marks
 * the step reached (its bit in `steps`, and the score of a questionnaire) and moves the status
 * forward (never back). Returns whether the event was new.
 */
export async function appendEvent(
  db: Kysely<Database>,
  event: NewEvent,
  step: { rank: number; bit: number; score?: number },
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const result = await trx
      .insertInto('events')
      .values(event)
      .onConflict((oc) => oc.columns(['recipient_id', 'type']).doNothing())
      .executeTakeFirst();
    const inserted = Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
    if (inserted) {
      const forward = sql<boolean>`status_rank < ${step.rank}`;
      await trx
        .updateTable('recipients')
        .set({
          steps: sql`steps | ${step.bit}`,
          status: sql`case when ${forward} then ${event.type} else status end`,
          status_rank: sql`case when ${forward} then ${step.rank} else status_rank end`,
          ...(step.score === undefined ? {} : { score: step.score }),
        })
        .where('id', '=', event.recipient_id)
        .execute();
    }
    return inserted;
  });
}

/** The recipient's status, the steps reached (bits) and the questionnaire score. */
export function findRecipientProgress(db: Kysely<Database>, recipientId: string) {
  return db
    .selectFrom('recipients')
    .select(['status', 'steps', 'score'])
    .where('id', '=', recipientId)
    .executeTakeFirst();
}
