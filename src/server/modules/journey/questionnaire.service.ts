/**
 * The questionnaire: attempts scored and kept, a retake where the campaign allows one, and the
 * completed page held back until a required questionnaire was answered.
 */
import type { CampaignFile } from '@shared/campaign';
import { storedAnswersSchema, type QuestionnaireResult } from '@shared/journey';
import type { Db } from '@server/db/schema';
import { inTransaction } from '@server/db/transaction';
import { conflict } from '@server/lib/errors';
import {
  findEventDetails,
  findLatestAttempt,
  insertAttempt,
  setRecipientScore,
  type RecipientRow,
} from './journey.repository';
import type { Journey } from './journey.service';
import { newAttempt, newEvent, stepIn, type ClientMeta } from './journey-steps.service';
import { scoreAnswers } from './scoring';

/**
 * A questionnaire attempt. The first is the step's one event; a repeat without `retake` is a
 * replay (reload, retry) and gets the latest attempt's result back. A retake — allowed by the
 * campaign and only after a failed attempt — is kept as a further attempt, and its score
 * becomes the recipient's; the event keeps the first attempt as it was.
 */
export function recordQuestionnaire(
  db: Db,
  { row, content }: Journey,
  details: { answers: Record<string, string[]>; retake?: boolean | undefined },
  meta: ClientMeta,
): Promise<{ recorded: boolean; result: QuestionnaireResult }> {
  const passMark = content.gamification.pass_mark;
  return inTransaction(db, async (trx) => {
    const previous = await latestAnswers(trx, row.recipient_id);
    if (previous) {
      const last = scoreAnswers(content.questionnaire, passMark, previous);
      if (!details.retake) return { recorded: false, result: last };
      if (!content.questionnaire.allow_retake || last.passed) {
        throw conflict('This questionnaire cannot be taken again');
      }
    }
    const result = scoreAnswers(content.questionnaire, passMark, details.answers);
    const stored = { answers: details.answers, score: result.score, passed: result.passed };
    await insertAttempt(trx, newAttempt(row, 'questionnaire', { ...stored, retake: Boolean(previous) }));
    const event = newEvent(row, 'questionnaire_completed', stored, meta);
    if (!(await stepIn(trx, event, result.score)))
      await setRecipientScore(trx, row.recipient_id, result.score);
    return { recorded: true, result };
  });
}

/** The answers of the latest questionnaire attempt; before attempts were kept, the event's. */
async function latestAnswers(db: Db, recipientId: string) {
  const latest = await findLatestAttempt(db, recipientId, 'questionnaire');
  const stored = latest?.details ?? (await findEventDetails(db, recipientId, 'questionnaire_completed'));
  if (stored === undefined) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(stored);
  } catch {
    parsed = {};
  }
  return storedAnswersSchema.safeParse(parsed).data?.answers ?? {};
}

/** A required questionnaire cannot be skipped by jumping to the completed page. */
export async function requireQuestionnaire(db: Db, row: RecipientRow, content: CampaignFile) {
  const needed =
    content.navigation.includes('questionnaire') &&
    content.questionnaire.required &&
    content.questionnaire.questions.length > 0;
  if (!needed) return;
  if ((await findEventDetails(db, row.recipient_id, 'questionnaire_completed')) === undefined) {
    throw conflict('Complete the questionnaire first', 'questionnaire_required');
  }
}
