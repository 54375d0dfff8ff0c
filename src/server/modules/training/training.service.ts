/**
 * Training for those who need it: each tenant's policy, the training assigned to a person after a
 * simulation (automatically, by the policy, or by an operator), and the tick that assigns, reminds
 * and thanks. A training is the simulation's own journey without its phishing page: a recipient
 * row in the simulation's training campaign (campaigns.service trainingCampaignFor), whose link
 * the invitation carries. The REST API and the CLI call these; the worker calls scheduleTraining.
 */
import {
  DEFAULT_REMINDER_DAYS,
  type TrainingAssignAnswer,
  type TrainingAssignInput,
  type TrainingAssignment,
  type TrainingList,
  type TrainingListQuery,
  type TrainingPolicy,
  type TrainingPolicyInput,
} from '@shared/training';
import { isLanguageCode, type LanguageCode } from '@shared/languages';
import type { Campaign, Db, PersonRow, TrainingMessageKind, TrainingReason } from '@server/db/schema';
import { conflict, notFound } from '@server/lib/errors';
import { newId } from '@server/lib/ids';
import { audited } from '../audit/audited';
import { requireCampaign, trainingCampaignFor } from '../campaigns/campaigns.service';
import { requirePerson } from '../people/people.service';
import { addTrainee } from '../recipients/recipients.service';
import { sendingProfileOf } from '../sending/sending.service';
import {
  activePolicies,
  clickedSince,
  assignmentPage,
  dueForReminder,
  dueForTraining,
  findAssignmentFor,
  findPolicy,
  insertAssignment,
  insertMessage,
  markReminded,
  recipientOfPerson,
  reportsToThank,
  upsertPolicy,
  type AssignmentRow,
} from './training.repository';

const DAY_MS = 86_400_000;
/** How many new assignments one tick makes per tenant: a big simulation is trained over a few ticks. */
const BATCH = 200;

const OFF: TrainingPolicy = {
  on_click: false,
  on_submit: false,
  reminder_days: DEFAULT_REMINDER_DAYS,
  praise_reporters: false,
  active_since: null,
  updated_at: null,
};

/**
 * Of `refs`, the people the policy trains for their clicks: it trains people who click, and
 * they clicked since it was turned on (a click before then is trained by hand).
 */
export async function trainedByPolicy(
  db: Db,
  tenantId: string,
  refs: readonly string[],
): Promise<Set<string>> {
  const policy = await trainingPolicy(db, tenantId);
  if (!policy.on_click || !policy.active_since || refs.length === 0) return new Set();
  const found = new Set<string>();
  for (let i = 0; i < refs.length; i += 500) {
    for (const ref of await clickedSince(db, tenantId, policy.active_since, refs.slice(i, i + 500)))
      found.add(ref);
  }
  return found;
}

export async function trainingPolicy(db: Db, tenantId: string): Promise<TrainingPolicy> {
  const row = await findPolicy(db, tenantId);
  if (!row) return OFF;
  return {
    on_click: Number(row.on_click) === 1,
    on_submit: Number(row.on_submit) === 1,
    reminder_days: Number(row.reminder_days),
    praise_reporters: Number(row.praise_reporters) === 1,
    active_since: row.active_since,
    updated_at: row.updated_at,
  };
}

const isActive = (p: Pick<TrainingPolicyInput, 'on_click' | 'on_submit' | 'praise_reporters'>) =>
  p.on_click || p.on_submit || p.praise_reporters;

/**
 * Saves the policy. Turning automatic training on starts from now: clicks and reports from
 * before are left alone (an operator assigns those by hand), so no backlog of e-mails goes out.
 */
export async function saveTrainingPolicy(
  db: Db,
  tenantId: string,
  input: TrainingPolicyInput,
  now: Date = new Date(),
): Promise<TrainingPolicy> {
  const at = now.toISOString();
  await audited(db, { tenantId, action: 'training.policy', details: { ...input } }, async (trx) => {
    const before = await trainingPolicy(trx, tenantId);
    const activeSince = !isActive(input) ? null : (before.active_since ?? at);
    await upsertPolicy(trx, {
      tenant_id: tenantId,
      on_click: input.on_click ? 1 : 0,
      on_submit: input.on_submit ? 1 : 0,
      reminder_days: input.reminder_days,
      praise_reporters: input.praise_reporters ? 1 : 0,
      active_since: activeSince,
      updated_at: at,
    });
  });
  return trainingPolicy(db, tenantId);
}

function statusOf(row: AssignmentRow): TrainingAssignment['status'] {
  if (Number(row.done) === 1) return 'completed';
  return row.reminded_at ? 'reminded' : 'assigned';
}

function nameOf(row: AssignmentRow): string | null {
  const full = [row.first_name, row.last_name].filter(Boolean).join(' ');
  return row.display_name ?? (full || null);
}

function assignmentView(row: AssignmentRow): TrainingAssignment {
  const status = statusOf(row);
  return {
    id: row.id,
    person: { id: row.person_id, email: row.email, display_name: nameOf(row), department: row.department },
    campaign_id: row.campaign_id,
    campaign_name: row.campaign_name,
    reason: row.reason,
    status,
    assigned_at: row.assigned_at,
    invited_at: row.invited_at,
    reminded_at: row.reminded_at,
    completed_at: status === 'completed' ? row.completed_at : null,
    score: status === 'completed' && row.score !== null ? Number(row.score) : null,
  };
}

export async function trainingAssignments(
  db: Db,
  tenantId: string,
  query: TrainingListQuery,
): Promise<TrainingList> {
  const personRef = query.person ? (await requirePerson(db, tenantId, query.person)).id : undefined;
  const page = await assignmentPage(db, tenantId, { ...query, personRef });
  return {
    total: page.total,
    items: page.rows.map(assignmentView),
    offset: query.offset,
    limit: query.limit,
  };
}

async function assignmentById(db: Db, tenantId: string, id: string): Promise<TrainingAssignment> {
  const page = await assignmentPage(db, tenantId, { id, offset: 0, limit: 1 });
  const row = page.rows[0];
  if (!row) throw notFound();
  return assignmentView(row);
}

/** Rolls back an assignment another writer made first: no second trainee row, no second audit entry. */
class AlreadyAssigned extends Error {}

interface NewAssignment {
  person: PersonRow;
  source: Campaign;
  sourceRecipient: { id: string; language_code: string | null } | undefined;
  reason: TrainingReason;
  at: string;
}

function languageOf(a: NewAssignment): LanguageCode {
  const language = a.person.language_code ?? a.sourceRecipient?.language_code ?? a.source.language_code;
  return isLanguageCode(language) ? language : 'en';
}

/** The assignment, its trainee row and its invitation, with their audit entry; undefined when it existed. */
async function createAssignment(db: Db, a: NewAssignment): Promise<string | undefined> {
  const tenantId = a.source.tenant_id;
  const audit = {
    tenantId,
    action: 'training.assign',
    target: (id: string) => id,
    details: { reason: a.reason, campaign_id: a.source.id, person: a.person.id },
  };
  try {
    return await audited<string>(db, audit, async (trx) => {
      const training = await trainingCampaignFor(trx, a.source);
      const id = newId();
      const traineeId = newId();
      // The assignment first: a second writer's waits for the first and stops here, before its trainee.
      const stored = await insertAssignment(trx, {
        id,
        tenant_id: tenantId,
        person_ref: a.person.id,
        source_campaign_id: a.source.id,
        source_recipient_id: a.sourceRecipient?.id ?? null,
        training_recipient_id: traineeId,
        reason: a.reason,
        assigned_at: a.at,
        reminded_at: null,
      });
      if (!stored) throw new AlreadyAssigned();
      await addTrainee(trx, training, {
        id: traineeId,
        email: a.person.email,
        person_id: a.person.person_id,
        first_name: a.person.first_name,
        last_name: a.person.last_name,
        language_code: languageOf(a),
        department: a.person.department,
      });
      await queueMessage(trx, {
        tenantId,
        kind: 'invitation',
        refId: id,
        personRef: a.person.id,
        campaignId: a.source.id,
        at: a.at,
      });
      return id;
    });
  } catch (error) {
    if (error instanceof AlreadyAssigned) return undefined;
    throw error;
  }
}

function queueMessage(
  db: Db,
  m: {
    tenantId: string;
    kind: TrainingMessageKind;
    refId: string;
    personRef: string;
    campaignId: string;
    at: string;
  },
) {
  const id = newId();
  return insertMessage(db, {
    id,
    tenant_id: m.tenantId,
    kind: m.kind,
    ref_id: m.refId,
    person_ref: m.personRef,
    campaign_id: m.campaignId,
    state: 'queued',
    due_at: m.at,
    claimed_by: null,
    lease_until: null,
    last_reply: null,
    message_id: `training-${id}`,
    sent_at: null,
    created_at: m.at,
  });
}

/**
 * An operator assigns a simulation's training to a person (by id or e-mail). The simulation must
 * have been sent by Hookwise: its sending profile sends the training's e-mails.
 */
export async function assignTraining(
  db: Db,
  tenantId: string,
  input: TrainingAssignInput,
  now: Date = new Date(),
): Promise<TrainingAssignAnswer> {
  const person = await requirePerson(db, tenantId, input.person);
  const source = await requireCampaign(db, tenantId, input.campaign_id);
  if (source.kind !== 'simulation') throw notFound();
  const existing = await findAssignmentFor(db, tenantId, person.id, source.id);
  if (existing) return { assignment: await assignmentById(db, tenantId, existing.id), created: false };
  if (Number(person.active) !== 1)
    throw conflict('The person is deactivated: nothing new is sent to them', 'person_inactive');
  if (!(await sendingProfileOf(db, source.id))) {
    throw conflict(
      'The campaign was not sent by Hookwise, so there is no sending profile to send the training with',
      'campaign_not_running',
    );
  }
  const sourceRecipient = await recipientOfPerson(db, tenantId, source.id, person.id);
  const id =
    (await createAssignment(db, {
      person,
      source,
      sourceRecipient,
      reason: 'manual',
      at: now.toISOString(),
    })) ?? (await findAssignmentFor(db, tenantId, person.id, source.id))?.id;
  if (!id) throw notFound();
  return { assignment: await assignmentById(db, tenantId, id), created: true };
}

export interface TrainingTick {
  assigned: number;
  reminded: number;
  thanked: number;
}

/**
 * One tick of every tenant's policy at `now`: training for new clicks (or submissions), the one
 * reminder once an invitation is `reminder_days` old and the training unfinished, and the note
 * of thanks for new reports. A click counts once `settleSeconds` (the clicks module's fan-out
 * window) have passed, so a scanner's burst found later never brings training. Each is stored once whatever runs it twice (unique indexes), so any
 * number of workers may tick at once. Run under an actor (the worker's: `system`).
 */
export async function scheduleTraining(
  db: Db,
  now: Date,
  options: { settleSeconds: number },
): Promise<TrainingTick> {
  const tick: TrainingTick = { assigned: 0, reminded: 0, thanked: 0 };
  const at = now.toISOString();
  const settledBefore = new Date(now.getTime() - options.settleSeconds * 1000).toISOString();
  for (const policy of await activePolicies(db)) {
    const since = policy.active_since ?? at;
    const tenantId = policy.tenant_id;
    if (Number(policy.on_click) === 1 || Number(policy.on_submit) === 1) {
      const submitOnly = Number(policy.on_click) !== 1;
      for (const due of await dueForTraining(db, tenantId, {
        since,
        settledBefore,
        submitOnly,
        limit: BATCH,
      })) {
        const person = await requirePerson(db, tenantId, due.personRef);
        const source = await requireCampaign(db, tenantId, due.campaignId);
        const sourceRecipient = { id: due.recipientId, language_code: due.languageCode };
        const reason = due.submitted ? 'submitted' : 'clicked';
        if (await createAssignment(db, { person, source, sourceRecipient, reason, at })) tick.assigned++;
      }
    }
    const sentBefore = new Date(now.getTime() - Number(policy.reminder_days) * DAY_MS).toISOString();
    for (const due of await dueForReminder(db, tenantId, sentBefore)) {
      const reminded = await audited(
        db,
        { tenantId, action: 'training.remind', target: due.id },
        async (trx) => {
          if (!(await markReminded(trx, due.id, at))) throw new AlreadyAssigned();
          const message = {
            tenantId,
            refId: due.id,
            personRef: due.person_ref,
            campaignId: due.source_campaign_id,
            at,
          };
          return queueMessage(trx, { ...message, kind: 'reminder' });
        },
      ).catch((error: unknown) => {
        if (error instanceof AlreadyAssigned) return false;
        throw error;
      });
      if (reminded) tick.reminded++;
    }
    if (Number(policy.praise_reporters) !== 1) continue;
    for (const report of await reportsToThank(db, tenantId, since)) {
      const message = {
        tenantId,
        kind: 'praise' as const,
        refId: report.recipient_id,
        personRef: report.person_ref ?? '',
        campaignId: report.campaign_id,
        at,
      };
      if (await queueMessage(db, message)) tick.thanked++;
    }
  }
  return tick;
}
