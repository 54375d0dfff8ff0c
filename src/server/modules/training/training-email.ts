/**
 * The training's e-mails as sent: the person's language (else English), their first name when
 * known, and the training link. Plain text only: nothing in them needs markup.
 */
import { isLanguageCode } from '@shared/languages';
import type { TrainingMessageKind } from '@server/db/schema';
import { TRAINING_TEXTS } from './training-texts';

export interface TrainingEmail {
  subject: string;
  text: string;
}

const fill = (text: string, values: Record<string, string>) =>
  text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? '');

export function renderTrainingEmail(
  kind: TrainingMessageKind,
  language: string | null,
  values: { first_name: string | null; link: string | null },
): TrainingEmail {
  const t = TRAINING_TEXTS[language && isLanguageCode(language) ? language : 'en'];
  const firstName = values.first_name?.trim() ?? '';
  const hello = firstName ? fill(t.hello_name, { first_name: firstName }) : t.hello;
  const [subject, body] =
    kind === 'invitation'
      ? [t.invitation_subject, t.invitation_body]
      : kind === 'reminder'
        ? [t.reminder_subject, t.reminder_body]
        : [t.praise_subject, t.praise_body];
  return { subject, text: `${hello}\n\n${fill(body, { link: values.link ?? '' })}\n\n${t.signature}\n` };
}
