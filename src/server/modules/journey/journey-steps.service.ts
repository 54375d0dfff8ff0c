/**
 * A recipient's steps: each recorded once, as an event, with the recipient's step bit, forward-only
 * status and score in the same transaction; attempts (every submit press, every questionnaire
 * try) kept beside them; and the progress read back for the pages.
 */
import { EVENT_TYPES, eventRank, stepBit, type AttemptKind, type EventType } from '@shared/events';
import type { ClickVia } from '@shared/clicks';
import type { Progress } from '@shared/journey';
import type { Db, NewEvent, NewJourneyAttempt } from '@server/db/schema';
import { inTransaction } from '@server/db/transaction';
import { newRowId, nowIso } from '@server/lib/ids';
import type { RequestFacts } from '../clicks/click-evidence';
import {
  findRecipientProgress,
  insertEventOnce,
  markStepReached,
  type RecipientRow,
} from './journey.repository';

/** Who asked, as the events keep it. */
export interface ClientMeta {
  ip: string | null;
  userAgent: string | null;
  /** The request's shape, for the visit's evidence (see clicks/click-evidence.ts). */
  request?: RequestFacts;
  /** The landing's link came from the message's QR code (`via=qr`). */
  via?: ClickVia;
}

/** Read back after a step: the recipient row, which each recorded step updates in its transaction. */
export async function progressOf(db: Db, row: RecipientRow): Promise<Progress> {
  const found = await findRecipientProgress(db, row.recipient_id);
  return progressFrom({ status: found?.status ?? row.status, steps: found?.steps, score: found?.score });
}

export function progressFrom(
  found: Pick<RecipientRow, 'status'> & { steps?: unknown; score?: unknown },
): Progress {
  const steps = Number(found.steps ?? 0);
  return {
    status: found.status,
    // Steps recorded so far, in journey order.
    completed_steps: EVENT_TYPES.filter((type) => (steps & stepBit(type)) !== 0),
    score: found.score === null || found.score === undefined ? null : Number(found.score),
  };
}

export function newEvent(
  row: RecipientRow,
  type: EventType,
  details: Record<string, unknown>,
  meta: ClientMeta,
): NewEvent {
  return {
    id: newRowId(),
    tenant_id: row.tenant_id,
    campaign_id: row.campaign_id,
    recipient_id: row.recipient_id,
    type,
    details: JSON.stringify(details),
    ip: meta.ip,
    user_agent: meta.userAgent,
    created_at: nowIso(),
  };
}

/**
 * Records a step: the event, once per recipient and type, and with it (same transaction) the
 * recipient's step bit, forward-only status and (a questionnaire's) score. Returns whether the
 * event was new.
 */
export function appendStep(db: Db, event: NewEvent, score?: number): Promise<boolean> {
  return inTransaction(db, (trx) => stepIn(trx, event, score));
}

/** appendStep inside a transaction the caller owns. */
export async function stepIn(trx: Db, event: NewEvent, score?: number): Promise<boolean> {
  if (!(await insertEventOnce(trx, event))) return false;
  await markStepReached(trx, event.recipient_id, {
    type: event.type,
    rank: eventRank(event.type),
    bit: stepBit(event.type),
    ...(score === undefined ? {} : { score }),
  });
  return true;
}

export function newAttempt(
  row: RecipientRow,
  kind: AttemptKind,
  details: Record<string, unknown>,
): NewJourneyAttempt {
  return {
    id: newRowId(),
    tenant_id: row.tenant_id,
    campaign_id: row.campaign_id,
    recipient_id: row.recipient_id,
    kind,
    details: JSON.stringify(details),
    created_at: nowIso(),
  };
}

/** The `clicked` event as the clicks module records it: once, in the visit's transaction. */
export function clickedEventOf(event: NewEvent) {
  return { at: event.created_at, record: (trx: Db) => insertEventOnce(trx, event) };
}

/** A step another tool recorded (an imported campaign's click or submit), at its original time. */
export interface ImportedStep {
  tenant_id: string;
  campaign_id: string;
  recipient_id: string;
  type: Extract<EventType, 'visited' | 'submitted'>;
  at: string;
  /** A submit's field names only: what was typed is never given here. */
  fields?: string[];
}

/**
 * Imported steps as the recipient's events (no address, no agent: the other tool's are not
 * kept), inside the caller's transaction; the recipient row already carries their step bits.
 */
export async function recordImportedSteps(trx: Db, steps: readonly ImportedStep[]): Promise<void> {
  for (const step of steps) {
    await insertEventOnce(trx, {
      id: newRowId(),
      tenant_id: step.tenant_id,
      campaign_id: step.campaign_id,
      recipient_id: step.recipient_id,
      type: step.type,
      details: JSON.stringify(
        step.type === 'submitted' ? { fields: step.fields ?? [], imported: true } : { imported: true },
      ),
      ip: null,
      user_agent: null,
      created_at: step.at,
    });
  }
}
