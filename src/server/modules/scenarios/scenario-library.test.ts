/**
 * The library's promise: every scenario valid as a campaign file, complete in all 19 languages
 * (every text, every placeholder, every marked red flag found in its language's e-mail), and
 * together covering every lure and every difficulty level.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { translatableTexts, translatedText, translationCompleteness } from '@shared/campaign-content';
import { LANGUAGE_CODES } from '@shared/languages';
import { DIFFICULTY_LEVELS, SCENARIO_LURES } from '@shared/scenarios';
import { LIBRARY_ROOT, readScenario, scenarioLibrary } from './scenario-library';

const placeholders = (text: string | undefined) =>
  [...(text ?? '').matchAll(/\{\{\s*([^{}]*?)\s*\}\}/g)].map((m) => m[1]).sort();
const folders = readdirSync(LIBRARY_ROOT, { withFileTypes: true }).filter((e) => e.isDirectory());
const OTHER_LANGUAGES = LANGUAGE_CODES.filter((l) => l !== 'en');

describe('the scenario library', () => {
  it('has at least 12 scenarios covering every lure and every difficulty level', () => {
    const library = scenarioLibrary();
    expect(library.length).toBeGreaterThanOrEqual(12);
    expect(new Set(library.map((s) => s.lure))).toEqual(new Set(SCENARIO_LURES));
    expect(new Set(library.map((s) => s.difficulty))).toEqual(new Set(DIFFICULTY_LEVELS));
    expect(new Set(library.map((s) => s.id)).size).toBe(library.length);
  });
});

for (const folder of folders) {
  describe(`scenario ${folder.name}`, () => {
    const scenario = readScenario(path.join(LIBRARY_ROOT, folder.name));
    const file = scenario.campaign;
    const email = file.email!;

    it('is named after its folder and has an e-mail, red flags on e-mail and page, and 3–5 questions', () => {
      expect(scenario.id).toBe(folder.name);
      expect(file.email).toBeDefined();
      expect(file.sei.some((f) => f.target.on === 'email')).toBe(true);
      if (!scenario.reply_based) expect(file.sei.some((f) => f.target.on === 'page')).toBe(true);
      expect(file.questionnaire.questions.length).toBeGreaterThanOrEqual(3);
      expect(file.questionnaire.questions.length).toBeLessThanOrEqual(5);
      expect(file.awareness.content.trim()).not.toBe('');
    });

    it('carries its link as the lure says: none when reply-based, a QR code for the QR lure', () => {
      const all = `${email.body}\n${email.html ?? ''}`;
      if (scenario.reply_based) expect(all).not.toMatch(/\{\{\s*(link|qr_code)\s*\}\}/);
      else if (scenario.lure === 'qr_parking_fine') expect(email.html ?? '').toMatch(/\{\{\s*qr_code\s*\}\}/);
      else expect(email.body).toMatch(/\{\{\s*link\s*\}\}/);
    });

    it('has its library texts and every campaign text in all 19 languages', () => {
      for (const language of LANGUAGE_CODES) expect(scenario.texts[language], language).toBeDefined();
      for (const language of OTHER_LANGUAGES) {
        expect(translationCompleteness(file, language).missing, language).toEqual([]);
      }
    });

    it('keeps every placeholder of every text in every language', () => {
      for (const language of OTHER_LANGUAGES)
        for (const { path: at, text } of translatableTexts(file))
          expect(
            placeholders(translatedText(file.translations[language], at)),
            `${language} ${at.join('.')}`,
          ).toEqual(placeholders(text));
    });

    it('is translated, not copied: subject, body and awareness differ from the English', () => {
      for (const language of OTHER_LANGUAGES) {
        const t = file.translations[language]!;
        expect(t.email?.subject, `${language} subject`).not.toBe(email.subject);
        expect(t.email?.body, `${language} body`).not.toBe(email.body);
        expect(t.awareness?.content, `${language} awareness`).not.toBe(file.awareness.content);
      }
    });

    it('marks text its e-mail really contains, in every language', () => {
      for (const language of LANGUAGE_CODES) {
        const t = language === 'en' ? undefined : file.translations[language];
        const body = t?.email?.body ?? email.body;
        for (const flag of file.sei.filter((f) => f.target.on === 'email' && f.target.element === 'body')) {
          const match = t?.sei?.[flag.id]?.match ?? flag.target.match;
          expect(body, `${language} red flag ${flag.id}`).toContain(match);
        }
      }
    });
  });
}
