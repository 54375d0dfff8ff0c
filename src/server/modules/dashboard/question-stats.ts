/**
 * Per question: how many first attempts answered it, the share answered correctly (exactly the
 * correct options, as scoring counts it) and the wrong option chosen most. First attempts: what
 * people knew after the lesson, before a retake showed them the answers.
 */
import type { CampaignFile } from '@shared/campaign';
import type { Dashboard } from '@shared/dashboard';
import { storedAnswersSchema } from '@shared/journey';

/** `answers`: each distinct stored first attempt with how many recipients made it. */
export function questionStats(
  file: CampaignFile,
  answers: readonly { details: string; recipients: number }[],
): Dashboard['questions'] {
  const stats = file.questionnaire.questions.map((question) => ({
    question,
    answered: 0,
    correct: 0,
    wrong: new Map<string, number>(),
  }));
  for (const { details, recipients: n } of answers) {
    const given = parse(details);
    if (!given) continue;
    for (const stat of stats) {
      const selected = [...new Set(given[stat.question.id] ?? [])];
      if (selected.length === 0) continue;
      stat.answered += n;
      const { correct } = stat.question;
      if (selected.length === correct.length && selected.every((id) => correct.includes(id))) {
        stat.correct += n;
        continue;
      }
      for (const id of selected.filter((o) => !correct.includes(o))) {
        stat.wrong.set(id, (stat.wrong.get(id) ?? 0) + n);
      }
    }
  }
  return stats.map(({ question, answered, correct, wrong }) => {
    const [top] = [...wrong.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
    return {
      id: question.id,
      text: question.text,
      answered,
      correct,
      share_correct: answered === 0 ? null : correct / answered,
      top_wrong: top
        ? {
            option_id: top[0],
            text: question.options.find((o) => o.id === top[0])?.text ?? top[0],
            count: top[1],
          }
        : null,
    };
  });
}

function parse(text: string): Record<string, string[]> | undefined {
  try {
    return storedAnswersSchema.safeParse(JSON.parse(text)).data?.answers;
  } catch {
    return undefined;
  }
}
