/** Questionnaire scoring, on the server only: the browser never sees correct answers before. */
import type { CampaignFile } from '@shared/campaign';
import type { QuestionnaireResult } from '@shared/journey';
import { badRequest } from '@server/lib/errors';

type Answers = Record<string, string[]>;

/** Rejects answers that name unknown questions or options, or skip a required question. */
export function validateAnswers(questionnaire: CampaignFile['questionnaire'], answers: Answers): void {
  const byId = new Map(questionnaire.questions.map((q) => [q.id, q]));
  for (const [questionId, selected] of Object.entries(answers)) {
    const question = byId.get(questionId);
    if (!question) throw badRequest(`Invalid details.answers: unknown question ${questionId}`);
    const unknown = selected.find((id) => !question.options.some((o) => o.id === id));
    if (unknown) throw badRequest(`Invalid details.answers.${questionId}: unknown option ${unknown}`);
    if (question.type === 'single' && selected.length > 1) {
      throw badRequest(`Invalid details.answers.${questionId}: choose one option`);
    }
  }
  if (questionnaire.required) {
    const missing = questionnaire.questions.find((q) => !(answers[q.id]?.length ?? 0));
    if (missing) throw badRequest(`Invalid details.answers: question ${missing.id} is required`);
  }
}

/** A question counts as correct when exactly its correct options were chosen. */
export function scoreAnswers(
  questionnaire: CampaignFile['questionnaire'],
  passMark: number,
  answers: Answers,
): QuestionnaireResult {
  const questions = questionnaire.questions.map((question) => {
    const selected = [...new Set(answers[question.id] ?? [])];
    const correct =
      selected.length === question.correct.length && selected.every((id) => question.correct.includes(id));
    return {
      id: question.id,
      correct,
      selected,
      correct_options: question.correct,
      explanation: question.explanation ?? '',
    };
  });
  const total = questions.length;
  const correctCount = questions.filter((q) => q.correct).length;
  const score = total === 0 ? 100 : Math.round((correctCount / total) * 100);
  return { score, correct_count: correctCount, total, passed: score >= passMark, questions };
}
