/**
 * Hookwise's own words for what follows a report, in every language: each answer to a reporter
 * and the reviewers' mail exist in all 19, keep their placeholders, and are not the English
 * copied.
 */
import { describe, expect, it } from 'vitest';
import { LANGUAGE_CODES } from '@shared/languages';
import { ANSWER_KINDS } from '@shared/mail-reports';
import ANSWERS from './answer-texts.json';
import REVIEWERS from './reviewer-texts.json';

const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
type Texts = Record<string, { subject: string; text: string }>;
const sets: [string, Texts][] = [
  ['reviewers', REVIEWERS],
  ...ANSWER_KINDS.map(
    (kind) =>
      [
        `answer ${kind}`,
        Object.fromEntries(Object.entries(ANSWERS).map(([language, texts]) => [language, texts[kind]])),
      ] as [string, Texts],
  ),
];

describe.each(sets)('%s', (_name, texts) => {
  it('is written in all 19 languages, with the same placeholders as the English', () => {
    expect(Object.keys(texts).sort()).toEqual([...LANGUAGE_CODES].sort());
    const en = texts.en!;
    for (const language of LANGUAGE_CODES) {
      const own = texts[language]!;
      expect(placeholders(own.subject), `${language} subject`).toEqual(placeholders(en.subject));
      expect(placeholders(own.text), `${language} text`).toEqual(placeholders(en.text));
      if (language !== 'en') expect(own.text, language).not.toBe(en.text);
    }
  });
});
