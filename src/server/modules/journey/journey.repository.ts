/** SQL for the recipient journey: the recipient behind a rid, its events, its status. */
import type { AttemptKind, EventType } from '@shared/events';
import { compiledOnce } from '@server/db/compiled-once';
import { stepReachedSet } from '@server/db/step-reached';
import type { NewEvent, NewJourneyAttempt, Db } from '@server/db/schema';

const recipientByRid = compiledOnce((db, rid: string) =>
  db
    .selectFrom('recipients as r')
    .innerJoin('campaigns as c', 'c.id', 'r.campaign_id')
    .select([
      'r.id as recipient_id',
      'r.rid',
      'r.tenant_id',
      'r.campaign_id',
      'r.person_id',
      'r.first_name',
      'r.last_name',
      'r.email',
      'r.department',
      'r.language_code as recipient_language',
      'r.status',
      'r.steps',
      'r.score',
      'r.created_at as recipient_created_at',
      'r.sent_at',
      'c.content_version',
      'c.language_code',
      'c.starts_at',
      'c.ends_at',
      'c.ended_at',
      'c.launched_at',
    ])
    .where('r.rid', '=', rid),
);

export async function findRecipientByRid(db: Db, rid: string) {
  return (await recipientByRid(db, rid)).rows[0];
}

export type RecipientRow = NonNullable<Awaited<ReturnType<typeof findRecipientByRid>>>;

const campaignContent = compiledOnce((db, campaignId: string) =>
  db.selectFrom('campaigns').select(['content', 'content_version as version']).where('id', '=', campaignId),
);

/** A campaign's stored file and its content version, read together. */
export async function findCampaignContent(db: Db, campaignId: string) {
  return (await campaignContent(db, campaignId)).rows[0];
}

/** The details of one of the recipient's events, if it has one of that type. */
export async function findEventDetails(db: Db, recipientId: string, type: EventType) {
  const row = await db
    .selectFrom('events')
    .select('details')
    .where('recipient_id', '=', recipientId)
    .where('type', '=', type)
    .executeTakeFirst();
  return row?.details;
}

const eventOnce = compiledOnce(
  (
    db,
    id: string,
    tenantId: string,
    campaignId: string,
    recipientId: string,
    type: EventType,
    details: string,
    ip: string | null,
    userAgent: string | null,
    createdAt: string,
  ) =>
    db
      .insertInto('events')
      .values({
        id,
        tenant_id: tenantId,
        campaign_id: campaignId,
        recipient_id: recipientId,
        type,
        details,
        ip,
        user_agent: userAgent,
        created_at: createdAt,
      })
      .onConflict((oc) => oc.columns(['recipient_id', 'type']).doNothing()),
);

/** Appends an event unless this recipient already has one of its type; returns whether it was new. */
export async function insertEventOnce(db: Db, event: NewEvent): Promise<boolean> {
  const result = await eventOnce(
    db,
    event.id,
    event.tenant_id,
    event.campaign_id,
    event.recipient_id,
    event.type,
    event.details,
    event.ip ?? null,
    event.user_agent ?? null,
    event.created_at,
  );
  return Number(result.numAffectedRows ?? 0) > 0;
}

const stepReached = compiledOnce((db, recipientId: string, type: EventType, rank: number, bit: number) =>
  db
    .updateTable('recipients')
    .set(stepReachedSet(type, rank, bit))
    .where('id', '=', recipientId),
);

/**
 * Marks a step reached on the recipient: its bit in `steps`, the score of a questionnaire, and
 * the status moved forward to it, never back (compared by rank in the same statement).
 */
export async function markStepReached(
  db: Db,
  recipientId: string,
  step: { type: EventType; rank: number; bit: number; score?: number },
): Promise<void> {
  if (step.score === undefined) {
    await stepReached(db, recipientId, step.type, step.rank, step.bit);
    return;
  }
  await db
    .updateTable('recipients')
    .set({ ...stepReachedSet(step.type, step.rank, step.bit), score: step.score })
    .where('id', '=', recipientId)
    .execute();
}

const recipientProgress = compiledOnce((db, recipientId: string) =>
  db.selectFrom('recipients').select(['status', 'steps', 'score']).where('id', '=', recipientId),
);

/** The recipient's status, the steps reached (bits) and the questionnaire score. */
export async function findRecipientProgress(db: Db, recipientId: string) {
  return (await recipientProgress(db, recipientId)).rows[0];
}

/** Appends one try at a repeatable action (journey_attempts is append-only). */
export async function insertAttempt(db: Db, attempt: NewJourneyAttempt): Promise<void> {
  await db.insertInto('journey_attempts').values(attempt).execute();
}

/** The details of the recipient's latest attempt of a kind, and how many there are. */
export async function findLatestAttempt(db: Db, recipientId: string, kind: AttemptKind) {
  const rows = await db
    .selectFrom('journey_attempts')
    .select(['details', 'created_at'])
    .where('recipient_id', '=', recipientId)
    .where('kind', '=', kind)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows.length === 0 ? undefined : { details: rows[0]!.details, count: rows.length };
}

/** A retake's score replaces the recipient's (the questionnaire's step was recorded before). */
export async function setRecipientScore(db: Db, recipientId: string, score: number) {
  await db.updateTable('recipients').set({ score }).where('id', '=', recipientId).execute();
}
