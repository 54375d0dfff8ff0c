/**
 * A campaign's operator texts in each language: which language a recipient gets, the campaign
 * as seen in that language, and how complete each translation is. Zod-free (types only), so
 * the console and the server use it without loading schema code.
 */
import type { CampaignFile, ContentTranslation } from './campaign';
import type { LanguageCode } from './languages';

/**
 * The language of the content a recipient sees: their own when the campaign has content in it
 * (its default language, or a translation), else the campaign's default.
 */
export function contentLanguage(
  file: CampaignFile,
  recipient: LanguageCode | null | undefined,
): LanguageCode {
  if (recipient && (recipient === file.language_code || file.translations[recipient])) return recipient;
  return file.language_code;
}

/** The campaign as seen in `language`: each translated text over the default, the rest as is. */
export function localiseCampaign(file: CampaignFile, language: LanguageCode): CampaignFile {
  const t = language === file.language_code ? undefined : file.translations[language];
  if (!t) return file;
  return {
    ...file,
    phishing: { ...file.phishing, ...defined({ brand: t.phishing?.brand }) },
    email: file.email && { ...file.email, ...defined({ ...t.email }) },
    awareness: { ...file.awareness, ...defined({ ...t.awareness }) },
    pdf: file.pdf && { ...file.pdf, ...defined({ ...t.pdf }) },
    sei: file.sei.map((flag) => {
      const own = t.sei?.[flag.id];
      if (!own) return flag;
      const { label, match, ...texts } = own;
      return { ...flag, ...defined(texts), target: { ...flag.target, ...defined({ label, match }) } };
    }),
    sei_general_info: t.sei_general_info ?? file.sei_general_info,
    entry_text: t.entry_text ?? file.entry_text,
    questionnaire: {
      ...file.questionnaire,
      questions: file.questionnaire.questions.map((question) => {
        const own = t.questions?.[question.id];
        if (!own) return question;
        return {
          ...question,
          ...defined({ text: own.text, explanation: own.explanation }),
          options: question.options.map((o) => ({ ...o, text: own.options?.[o.id] ?? o.text })),
        };
      }),
    },
    gamification: {
      ...file.gamification,
      badges: file.gamification.badges.map((b) => ({ ...b, name: t.badges?.[b.id] ?? b.name })),
    },
  };
}

/** One operator text: where it is (a path into ContentTranslation) and its default-language value. */
export interface TranslatableText {
  path: string[];
  text: string;
}

/** Every non-empty operator text of the campaign, in the order the journey shows them. */
export function translatableTexts(file: CampaignFile): TranslatableText[] {
  const texts: TranslatableText[] = [];
  const add = (path: string[], text: string | undefined) => {
    if (text?.trim()) texts.push({ path, text });
  };
  add(['phishing', 'brand'], file.phishing.brand);
  add(['email', 'from'], file.email?.from);
  add(['email', 'subject'], file.email?.subject);
  add(['email', 'body'], file.email?.body);
  add(['email', 'html'], file.email?.html);
  add(['awareness', 'title'], file.awareness.title);
  add(['awareness', 'content'], file.awareness.content);
  add(['pdf', 'title'], file.pdf?.title);
  for (const flag of file.sei) {
    add(['sei', flag.id, 'title'], flag.title);
    add(['sei', flag.id, 'explanation'], flag.explanation);
    add(['sei', flag.id, 'label'], flag.target.label);
    add(['sei', flag.id, 'match'], flag.target.match);
  }
  add(['sei_general_info'], file.sei_general_info);
  add(['entry_text'], file.entry_text);
  for (const question of file.questionnaire.questions) {
    add(['questions', question.id, 'text'], question.text);
    for (const option of question.options) add(['questions', question.id, 'options', option.id], option.text);
    add(['questions', question.id, 'explanation'], question.explanation);
  }
  for (const badge of file.gamification.badges) add(['badges', badge.id], badge.name);
  return texts;
}

/** The value at `path` in a translation, if it has one. */
export function translatedText(translation: ContentTranslation | undefined, path: readonly string[]) {
  let node: unknown = translation;
  for (const key of path) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return typeof node === 'string' && node.trim() ? node : undefined;
}

export interface Completeness {
  language: LanguageCode;
  total: number;
  translated: number;
  /** Paths of the texts still shown in the default language. */
  missing: string[][];
}

/** How much of the campaign's text `language` has; the default language is complete by definition. */
export function translationCompleteness(file: CampaignFile, language: LanguageCode): Completeness {
  const texts = translatableTexts(file);
  if (language === file.language_code) {
    return { language, total: texts.length, translated: texts.length, missing: [] };
  }
  const t = file.translations[language];
  const missing = texts.filter((text) => translatedText(t, text.path) === undefined).map((text) => text.path);
  return { language, total: texts.length, translated: texts.length - missing.length, missing };
}

/** Drops the keys whose value is undefined, so a spread keeps the default's value. */
function defined<T extends Record<string, unknown>>(values: T): Partial<T> {
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined)) as Partial<T>;
}
