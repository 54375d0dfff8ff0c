/** The UI languages Hookwise ships, with their writing direction. English is the source and fallback. */
export const LANGUAGES = {
  ar: { dir: 'rtl', name: 'العربية' },
  cs: { dir: 'ltr', name: 'Čeština' },
  de: { dir: 'ltr', name: 'Deutsch' },
  en: { dir: 'ltr', name: 'English' },
  es: { dir: 'ltr', name: 'Español' },
  fr: { dir: 'ltr', name: 'Français' },
  hi: { dir: 'ltr', name: 'हिन्दी' },
  hr: { dir: 'ltr', name: 'Hrvatski' },
  hu: { dir: 'ltr', name: 'Magyar' },
  it: { dir: 'ltr', name: 'Italiano' },
  ja: { dir: 'ltr', name: '日本語' },
  ko: { dir: 'ltr', name: '한국어' },
  pt: { dir: 'ltr', name: 'Português' },
  ro: { dir: 'ltr', name: 'Română' },
  ru: { dir: 'ltr', name: 'Русский' },
  sk: { dir: 'ltr', name: 'Slovenčina' },
  sr: { dir: 'ltr', name: 'Srpski' },
  tr: { dir: 'ltr', name: 'Türkçe' },
  zh: { dir: 'ltr', name: '中文' },
} as const satisfies Record<string, { dir: 'ltr' | 'rtl'; name: string }>;

export type LanguageCode = keyof typeof LANGUAGES;

export const LANGUAGE_CODES = Object.keys(LANGUAGES) as LanguageCode[];

export const DEFAULT_LANGUAGE: LanguageCode = 'en';

/** Version query parameter of the translation files (seed default). */
export const TRANSLATION_VERSION = '1.1.0';

/** How often a failed translation load is retried (seed constant). */
export const TRANSLATION_RETRIES = 2;

export function isLanguageCode(value: unknown): value is LanguageCode {
  return typeof value === 'string' && Object.hasOwn(LANGUAGES, value);
}

/** Maps a tag such as `pt-BR` or `zh-Hans` to a supported code, or undefined. */
export function matchLanguage(tag: string | null | undefined): LanguageCode | undefined {
  if (!tag) return undefined;
  const base = tag.trim().toLowerCase().split(/[-_]/)[0];
  return isLanguageCode(base) ? base : undefined;
}

/** Picks the first supported language from an ordered list of tags, else English. */
export function pickLanguage(tags: ReadonlyArray<string | null | undefined>): LanguageCode {
  for (const tag of tags) {
    const match = matchLanguage(tag);
    if (match) return match;
  }
  return DEFAULT_LANGUAGE;
}

/** Each language's name in English, for files written by people rather than programs. */
export const ENGLISH_LANGUAGE_NAMES = {
  ar: 'Arabic',
  cs: 'Czech',
  de: 'German',
  en: 'English',
  es: 'Spanish',
  fr: 'French',
  hi: 'Hindi',
  hr: 'Croatian',
  hu: 'Hungarian',
  it: 'Italian',
  ja: 'Japanese',
  ko: 'Korean',
  pt: 'Portuguese',
  ro: 'Romanian',
  ru: 'Russian',
  sk: 'Slovak',
  sr: 'Serbian',
  tr: 'Turkish',
  zh: 'Chinese',
} as const satisfies Record<LanguageCode, string>;

/** Serbian is written in two scripts; its own name in Cyrillic is as much its name as "Srpski". */
const OTHER_LANGUAGE_NAMES: ReadonlyArray<readonly [string, LanguageCode]> = [['Српски', 'sr']];

/** Case and accents do not tell two of our languages apart, so "deutsch" and "Cestina" are read too. */
function nameKey(name: string): string {
  return name.normalize('NFKD').replace(/\p{M}/gu, '').trim().toLowerCase();
}

let languagesByName: Map<string, LanguageCode> | undefined;

/**
 * Reads a language as a person writes it: its code in any case ("DE") or a tag ("pt-BR"), its
 * English name ("German") or its own name ("Deutsch", "日本語", "العربية"). Undefined when none.
 */
export function languageFromName(text: string): LanguageCode | undefined {
  const tag = text.trim();
  if (/^[a-z]{2,3}([-_][a-z0-9]+)*$/i.test(tag)) return matchLanguage(tag);
  languagesByName ??= new Map([
    ...LANGUAGE_CODES.flatMap((code) => [
      [nameKey(ENGLISH_LANGUAGE_NAMES[code]), code] as const,
      [nameKey(LANGUAGES[code].name), code] as const,
    ]),
    ...OTHER_LANGUAGE_NAMES.map(([name, code]) => [nameKey(name), code] as const),
  ]);
  return languagesByName.get(nameKey(tag));
}

export function directionOf(code: LanguageCode): 'ltr' | 'rtl' {
  return LANGUAGES[code].dir;
}

/**
 * The translation files: the recipient and reviewer pages' (the seed's name), the operator
 * console's shell and pages, the console's campaign editor, its results, reports and
 * reviewers' queue, its home page and audit log, the signed-in user's account, its integrations,
 * its people (the People page, directory sync, audiences from people), each person's history
 * and risk with the lists and smart groups (console-person), its reported mail, the scenario
 * library, the programme report, importing a site as a campaign's landing page, and the
 * automations (recurring simulations and their plans).
 */
export const TRANSLATION_NAMESPACES = [
  'upi-public',
  'console',
  'console-editor',
  'console-results',
  'console-home',
  'console-account',
  'console-identity',
  'console-integrations',
  'console-people',
  'console-person',
  'console-reports',
  'console-scenarios',
  'console-programme',
  'console-site-import',
  'console-training',
  'console-automations',
] as const;
export type TranslationNamespace = (typeof TRANSLATION_NAMESPACES)[number];

export function translationPath(code: LanguageCode, namespace: TranslationNamespace = 'upi-public'): string {
  return `/assets/i18n/${code}.${namespace}.json`;
}
