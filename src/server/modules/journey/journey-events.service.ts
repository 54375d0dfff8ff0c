/**
 * What the journey's pages record (POST /api/events): a step, a submit press, a questionnaire
 * attempt, or the running page's click report (journey-clicks.service.ts).
 */
import type { EventBody, EventResponse } from '@shared/journey';
import type { Config } from '@server/config';
import type { Db } from '@server/db/schema';
import { inTransaction } from '@server/db/transaction';
import { insertAttempt, type RecipientRow } from './journey.repository';
import { loadJourney } from './journey.service';
import { recordClick } from './journey-clicks.service';
import {
  appendStep,
  newAttempt,
  newEvent,
  progressOf,
  stepIn,
  type ClientMeta,
} from './journey-steps.service';
import { recordQuestionnaire, requireQuestionnaire } from './questionnaire.service';
import { validateAnswers } from './scoring';
import { emitEvent } from '../webhooks/webhooks.service';

export async function recordEvent(
  db: Db,
  config: Config,
  body: EventBody,
  meta: ClientMeta,
): Promise<EventResponse> {
  const { row, content } = await loadJourney(db, body.rid);
  const details: Record<string, unknown> = body.details ?? {};

  if (body.type === 'clicked') {
    const recorded = await recordClick(db, config, row, body.details, meta, 'event');
    return { type: body.type, recorded, progress: await progressOf(db, row) };
  } else if (body.type === 'submitted') {
    const recorded = await recordSubmit(db, row, body.details.fields, meta);
    return { type: body.type, recorded, progress: await progressOf(db, row) };
  } else if (body.type === 'questionnaire_completed') {
    validateAnswers(content.questionnaire, body.details.answers);
    const { recorded, result } = await recordQuestionnaire(db, { row, content }, body.details, meta);
    return { type: body.type, recorded, progress: await progressOf(db, row), result };
  } else if (body.type === 'completed') {
    await requireQuestionnaire(db, row, content);
  }

  const recorded = await appendStep(db, newEvent(row, body.type, details, meta));
  return { type: body.type, recorded, progress: await progressOf(db, row) };
}

/**
 * Every press of the phishing page's submit is kept as an attempt; the funnel's `submitted`
 * (the recipient entered data) only once at least one field was filled. An empty press first
 * does not stop a later real submission from counting.
 */
function recordSubmit(db: Db, row: RecipientRow, fields: string[], meta: ClientMeta) {
  return inTransaction(db, async (trx) => {
    await insertAttempt(trx, newAttempt(row, 'submit', { fields }));
    if (fields.length === 0) return false;
    const recorded = await stepIn(trx, newEvent(row, 'submitted', { fields }, meta));
    // Field names only, as the event keeps them: what was typed never reached the server.
    if (recorded) {
      await emitEvent(trx, {
        tenantId: row.tenant_id,
        type: 'form.submitted',
        recipientId: row.recipient_id,
        data: { fields },
      });
    }
    return recorded;
  });
}
