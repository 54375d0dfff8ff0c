/**
 * SQL for training: each tenant's policy, the assignments (one per person and simulation, by the
 * unique index), who is due training, a reminder or a note of thanks, and the training's own
 * e-mails with their claims. A click counts as the results page counts it: the recipient's
 * clicked step, which stands only while the clicks module judges the visit a person's.
 */
import { sql, type SqlBool } from 'kysely';
import { stepBit } from '@shared/events';
import type { TrainingListQuery } from '@shared/training';
import type {
  Db,
  TrainingAssignmentTable,
  TrainingMessageTable,
  TrainingPolicyTable,
} from '@server/db/schema';
import type { Insertable } from 'kysely';

const CLICKED = stepBit('clicked');
const SUBMITTED = stepBit('submitted');
const TRAINED = stepBit('questionnaire_completed') | stepBit('completed');

export function findPolicy(db: Db, tenantId: string) {
  return db.selectFrom('training_policies').selectAll().where('tenant_id', '=', tenantId).executeTakeFirst();
}

export async function upsertPolicy(db: Db, row: TrainingPolicyTable) {
  const { on_click, on_submit, reminder_days, praise_reporters, active_since, updated_at } = row;
  const changes = { on_click, on_submit, reminder_days, praise_reporters, active_since, updated_at };
  await db
    .insertInto('training_policies')
    .values(row)
    .onConflict((oc) => oc.column('tenant_id').doUpdateSet(changes))
    .execute();
}

/** Policies with something automatic turned on. */
export function activePolicies(db: Db) {
  return db.selectFrom('training_policies').selectAll().where('active_since', 'is not', null).execute();
}

const clicked = sql<SqlBool>`(r.steps & ${CLICKED}) <> 0`;
/** A press of the form's submit (kept as an attempt even when empty), or data entered, after a person's click. */
const submitted = sql<SqlBool>`(${clicked} and ((r.steps & ${SUBMITTED}) <> 0 or exists (
  select 1 from journey_attempts a where a.recipient_id = r.id and a.kind = 'submit')))`;

/** Of `refs`, the people who clicked a simulation at or after `since` (the policy trains them). */
export async function clickedSince(db: Db, tenantId: string, since: string, refs: readonly string[]) {
  const rows = await db
    .selectFrom('recipients as r')
    .innerJoin('campaigns as c', 'c.id', 'r.campaign_id')
    .select('r.person_ref')
    .distinct()
    .where('r.tenant_id', '=', tenantId)
    .where('c.kind', '=', 'simulation')
    .where(clicked)
    .where('r.clicked_at', '>=', since)
    .where('r.person_ref', 'in', refs)
    .execute();
  return rows.flatMap((r) => (r.person_ref ? [r.person_ref] : []));
}

/**
 * Active people of the tenant who clicked (or, with `submitOnly`, submitted) in a simulation
 * since `since`, and have no training for it yet. Only clicks made by `settledBefore`: a click
 * still inside the fan-out window may yet be found a scanner's and taken off.
 */
export async function dueForTraining(
  db: Db,
  tenantId: string,
  options: { since: string; settledBefore: string; submitOnly: boolean; limit: number },
) {
  const rows = await db
    .selectFrom('recipients as r')
    .innerJoin('campaigns as c', 'c.id', 'r.campaign_id')
    .innerJoin('people as p', 'p.id', 'r.person_ref')
    .select(['r.id as recipient_id', 'r.person_ref', 'r.campaign_id', 'r.language_code'])
    .select(sql<number | string>`case when ${submitted} then 1 else 0 end`.as('submitted'))
    .where('r.tenant_id', '=', tenantId)
    .where('c.kind', '=', 'simulation')
    .where('p.active', '=', 1)
    .where(options.submitOnly ? submitted : clicked)
    .where('r.clicked_at', '>=', options.since)
    .where('r.clicked_at', '<=', options.settledBefore)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('training_assignments as ta')
            .select('ta.id')
            .where('ta.tenant_id', '=', tenantId)
            .whereRef('ta.person_ref', '=', 'r.person_ref')
            .whereRef('ta.source_campaign_id', '=', 'r.campaign_id'),
        ),
      ),
    )
    .orderBy('r.clicked_at')
    .limit(options.limit)
    .execute();
  return rows.map((row) => ({
    recipientId: row.recipient_id,
    personRef: row.person_ref ?? '',
    campaignId: row.campaign_id,
    languageCode: row.language_code,
    submitted: Number(row.submitted) === 1,
  }));
}

/** The person's recipient row in a simulation, if they received it. */
export function recipientOfPerson(db: Db, tenantId: string, campaignId: string, personRef: string) {
  return db
    .selectFrom('recipients')
    .select(['id', 'language_code'])
    .where('tenant_id', '=', tenantId)
    .where('campaign_id', '=', campaignId)
    .where('person_ref', '=', personRef)
    .orderBy('created_at')
    .executeTakeFirst();
}

export function findAssignmentFor(db: Db, tenantId: string, personRef: string, campaignId: string) {
  return db
    .selectFrom('training_assignments')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('person_ref', '=', personRef)
    .where('source_campaign_id', '=', campaignId)
    .executeTakeFirst();
}

/** True when stored; false when the person already has this simulation's training (another writer's). */
export async function insertAssignment(db: Db, row: TrainingAssignmentTable): Promise<boolean> {
  const result = await db
    .insertInto('training_assignments')
    .values(row)
    .onConflict((oc) => oc.columns(['tenant_id', 'person_ref', 'source_campaign_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return result !== undefined;
}

/** True when stored; false when that e-mail already exists (one per kind and subject). */
export async function insertMessage(db: Db, row: Insertable<TrainingMessageTable>): Promise<boolean> {
  const result = await db
    .insertInto('training_messages')
    .values(row)
    .onConflict((oc) => oc.columns(['kind', 'ref_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return result !== undefined;
}

/** Assignments whose invitation was sent by `sentBefore`, not finished, never reminded. */
export function dueForReminder(db: Db, tenantId: string, sentBefore: string) {
  return db
    .selectFrom('training_assignments as ta')
    .innerJoin('training_messages as m', (join) =>
      join.onRef('m.ref_id', '=', 'ta.id').on('m.kind', '=', 'invitation'),
    )
    .innerJoin('recipients as tr', 'tr.id', 'ta.training_recipient_id')
    .innerJoin('people as p', 'p.id', 'ta.person_ref')
    .select(['ta.id', 'ta.person_ref', 'ta.source_campaign_id'])
    .where('ta.tenant_id', '=', tenantId)
    .where('ta.reminded_at', 'is', null)
    .where('m.state', '=', 'sent')
    .where('m.sent_at', '<=', sentBefore)
    .where('p.active', '=', 1)
    .where(sql<SqlBool>`(tr.steps & ${TRAINED}) = 0`)
    .execute();
}

/** Notes the reminder; false when another worker noted it first. */
export async function markReminded(db: Db, id: string, at: string): Promise<boolean> {
  const result = await db
    .updateTable('training_assignments')
    .set({ reminded_at: at })
    .where('id', '=', id)
    .where('reminded_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Reports of simulations since `since` by active people, not yet thanked. */
export function reportsToThank(db: Db, tenantId: string, since: string) {
  return db
    .selectFrom('recipients as r')
    .innerJoin('campaigns as c', 'c.id', 'r.campaign_id')
    .innerJoin('people as p', 'p.id', 'r.person_ref')
    .select(['r.id as recipient_id', 'r.person_ref', 'r.campaign_id'])
    .where('r.tenant_id', '=', tenantId)
    .where('c.kind', '=', 'simulation')
    .where('p.active', '=', 1)
    .where('r.reported_at', '>=', since)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('training_messages as m')
            .select('m.id')
            .where('m.kind', '=', 'praise')
            .whereRef('m.ref_id', '=', 'r.id'),
        ),
      ),
    )
    .execute();
}

/** Due messages: queued ones whose time has come, and claims that lapsed (their worker died). */
export async function dueMessageIds(db: Db, now: string, limit: number) {
  const rows = await db
    .selectFrom('training_messages')
    .select('id')
    .where((eb) =>
      eb.or([
        eb.and([eb('state', '=', 'queued'), eb('due_at', '<=', now)]),
        eb.and([eb('state', '=', 'sending'), eb('lease_until', '<', now)]),
      ]),
    )
    .orderBy('due_at')
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}

/**
 * Claims one message if it is still due: the condition is checked again by the update itself, so
 * of two workers that chose the same message only one gets it (PostgreSQL re-reads the row once
 * the first commits; SQLite has one writer).
 */
export async function claimMessage(
  db: Db,
  claim: { id: string; workerId: string; now: string; leaseUntil: string },
): Promise<boolean> {
  const result = await db
    .updateTable('training_messages')
    .set({
      state: 'sending',
      claimed_by: claim.workerId,
      lease_until: claim.leaseUntil,
      attempts: sql`attempts + 1`,
    })
    .where('id', '=', claim.id)
    .where((eb) =>
      eb.or([
        eb.and([eb('state', '=', 'queued'), eb('due_at', '<=', claim.now)]),
        eb.and([eb('state', '=', 'sending'), eb('lease_until', '<', claim.now)]),
      ]),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** What a claimed message needs: its person, their language, and the training link's rid. */
export function messageContext(db: Db, id: string) {
  return db
    .selectFrom('training_messages as m')
    .innerJoin('people as p', 'p.id', 'm.person_ref')
    .innerJoin('campaigns as sc', 'sc.id', 'm.campaign_id')
    .leftJoin('training_assignments as ta', (join) =>
      join.onRef('ta.id', '=', 'm.ref_id').on('m.kind', 'in', ['invitation', 'reminder']),
    )
    .leftJoin('recipients as tr', 'tr.id', 'ta.training_recipient_id')
    .leftJoin('campaigns as tc', 'tc.id', 'tr.campaign_id')
    .select([
      'm.id',
      'm.tenant_id',
      'm.kind',
      'm.campaign_id',
      'm.attempts',
      'm.message_id',
      'p.email',
      'p.first_name',
      'p.active',
      sql<string>`coalesce(tr.language_code, p.language_code, sc.language_code)`.as('language_code'),
      'tr.rid',
      'tc.content as training_content',
    ])
    .where('m.id', '=', id)
    .executeTakeFirst();
}

export async function settleMessage(
  db: Db,
  id: string,
  workerId: string,
  outcome:
    | { state: 'sent'; reply: string; at: string }
    | { state: 'failed'; reply: string }
    | { state: 'queued'; reply: string; dueAt: string },
) {
  await db
    .updateTable('training_messages')
    .set({
      state: outcome.state,
      last_reply: outcome.reply.slice(0, 500),
      lease_until: null,
      ...(outcome.state === 'sent' ? { sent_at: outcome.at } : {}),
      ...(outcome.state === 'queued' ? { due_at: outcome.dueAt } : {}),
    })
    .where('id', '=', id)
    .where('claimed_by', '=', workerId)
    .execute();
}

/** The earliest time a queued message is due, for an idle worker's sleep. */
export async function nextDueAt(db: Db) {
  const row = await db
    .selectFrom('training_messages')
    .select((eb) => eb.fn.min('due_at').as('due'))
    .where('state', '=', 'queued')
    .executeTakeFirst();
  return row?.due ?? null;
}

const completedAt = sql<string | null>`(select min(e.created_at) from events e
  where e.recipient_id = tr.id and e.type in ('questionnaire_completed', 'completed'))`;
const invitedAt = sql<string | null>`(select m.sent_at from training_messages m
  where m.kind = 'invitation' and m.ref_id = ta.id)`;
const done = sql<SqlBool>`(tr.steps & ${TRAINED}) <> 0`;

function assignments(db: Db, tenantId: string) {
  return db
    .selectFrom('training_assignments as ta')
    .innerJoin('people as p', 'p.id', 'ta.person_ref')
    .innerJoin('campaigns as c', 'c.id', 'ta.source_campaign_id')
    .innerJoin('recipients as tr', 'tr.id', 'ta.training_recipient_id')
    .where('ta.tenant_id', '=', tenantId);
}

export async function assignmentPage(
  db: Db,
  tenantId: string,
  query: TrainingListQuery & { personRef?: string | undefined; id?: string },
) {
  let base = assignments(db, tenantId);
  if (query.personRef) base = base.where('ta.person_ref', '=', query.personRef);
  if (query.id) base = base.where('ta.id', '=', query.id);
  if (query.status === 'completed') base = base.where(done);
  else if (query.status === 'reminded')
    base = base.where(sql<SqlBool>`not ${done}`).where('ta.reminded_at', 'is not', null);
  else if (query.status === 'assigned')
    base = base.where(sql<SqlBool>`not ${done}`).where('ta.reminded_at', 'is', null);
  const total = await base
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  const rows = await base
    .select([
      'ta.id',
      'ta.reason',
      'ta.assigned_at',
      'ta.reminded_at',
      'ta.source_campaign_id as campaign_id',
      'c.name as campaign_name',
      'p.id as person_id',
      'p.email',
      'p.display_name',
      'p.first_name',
      'p.last_name',
      'p.department',
      'tr.score',
      sql<number | string>`case when ${done} then 1 else 0 end`.as('done'),
      completedAt.as('completed_at'),
      invitedAt.as('invited_at'),
    ])
    .orderBy('ta.assigned_at', 'desc')
    .orderBy('ta.id')
    .limit(query.limit)
    .offset(query.offset)
    .execute();
  return { total: Number(total.n), rows };
}

export type AssignmentRow = Awaited<ReturnType<typeof assignmentPage>>['rows'][number];
