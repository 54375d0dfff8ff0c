/** The training's e-mails speak every language, each text present with exactly its placeholders. */
import { describe, expect, it } from 'vitest';
import { LANGUAGE_CODES } from '@shared/languages';
import { renderTrainingEmail } from './training-email';
import { TRAINING_TEXTS, type TrainingTexts } from './training-texts';

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*([^{}]*?)\s*\}\}/g)].map((m) => m[1]);
const WANTED: Record<keyof TrainingTexts, string[]> = {
  hello_name: ['first_name'],
  hello: [],
  invitation_subject: [],
  invitation_body: ['link'],
  reminder_subject: [],
  reminder_body: ['link'],
  praise_subject: [],
  praise_body: [],
  signature: [],
};

describe('training e-mail texts', () => {
  it.each(LANGUAGE_CODES)(
    '%s has every text, with exactly its placeholders, in its own words',
    (language) => {
      const texts = TRAINING_TEXTS[language];
      expect(Object.keys(texts).sort()).toEqual(Object.keys(WANTED).sort());
      for (const [key, wanted] of Object.entries(WANTED) as [keyof TrainingTexts, string[]][]) {
        expect(texts[key].trim(), `${language}.${key}`).not.toBe('');
        expect(placeholders(texts[key]), `${language}.${key}`).toEqual(wanted);
        if (language !== 'en' && key !== 'hello')
          expect(texts[key], `${language}.${key}`).not.toBe(TRAINING_TEXTS.en[key]);
      }
    },
  );

  it('fills the name and link, and greets without a name when none is known', () => {
    const named = renderTrainingEmail('invitation', 'de', {
      first_name: 'Jana',
      link: 'https://x.test/phish/awareness?rid=r',
    });
    expect(named.subject).toBe('Ihr kurzes Sicherheitstraining');
    expect(named.text).toMatch(/^Hallo Jana,\n/);
    expect(named.text).toContain('https://x.test/phish/awareness?rid=r');
    const anonymous = renderTrainingEmail('reminder', 'ar', { first_name: ' ', link: 'https://x.test/l' });
    expect(anonymous.text).toMatch(/^مرحبًا،\n/);
    const unknown = renderTrainingEmail('praise', 'xx', { first_name: null, link: null });
    expect(unknown.subject).toBe('Thank you for reporting');
    for (const email of [named, anonymous, unknown]) expect(email.text).not.toMatch(/\{\{|\}\}/);
  });
});
