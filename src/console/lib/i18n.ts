/**
 * The console's translations: i18next with the `console` namespace (shell and pages) and
 * `console-editor` (the campaign editor) and `console-results` (dashboard, reports, trends,
 * reviewers' queue), `console-account` (the signed-in user's two-step sign-in),
 * `console-identity` (single sign-on), `console-integrations` (webhooks and the SIEM feed),
 * `console-people` (people, directory sync, audiences from people), `console-person` (a person's
 * history and risk, the lists, smart groups), `console-reports` (reported mail and its intake),
 * `console-scenarios` (the scenario library), `console-programme` (the programme report),
 * `console-site-import` (importing a site as the landing page), `console-training` (the
 * training policy and the training assigned) and `console-automations` (recurring simulations
 * and their plans), fetched from
 * /assets/i18n/<lang>.<namespace>.json. The
 * language is the operator's own choice (kept in localStorage), else the browser's, else English.
 */
import i18next, { type BackendModule, type ReadCallback, type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';
import {
  DEFAULT_LANGUAGE,
  LANGUAGE_CODES,
  TRANSLATION_NAMESPACES,
  TRANSLATION_RETRIES,
  TRANSLATION_VERSION,
  directionOf,
  isLanguageCode,
  pickLanguage,
  translationPath,
  type LanguageCode,
  type TranslationNamespace,
} from '@shared/languages';

export const CONSOLE_NAMESPACES = [
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
] as const satisfies TranslationNamespace[];

const STORAGE_KEY = 'hookwise.console.language';

const isNamespace = (value: string): value is TranslationNamespace =>
  (TRANSLATION_NAMESPACES as readonly string[]).includes(value);

/** A few lines of fetch instead of i18next-http-backend: the files are flat JSON on our origin. */
class ConsoleBackend implements BackendModule {
  static type = 'backend' as const;
  type = 'backend' as const;
  init(): void {}
  read(language: string, namespace: string, callback: ReadCallback): void {
    if (!isLanguageCode(language) || !isNamespace(namespace)) return callback(null, {});
    fetch(`${translationPath(language, namespace)}?v=${TRANSLATION_VERSION}`, {
      headers: { accept: 'application/json' },
    })
      .then(async (response) => {
        if (!response.ok) throw new Error(`${response.status} loading ${language}.${namespace}`);
        callback(null, (await response.json()) as Record<string, string>);
      })
      // `true`: let i18next retry (maxRetries) a failed load.
      .catch((error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), true));
  }
}

export function storedLanguage(): LanguageCode | undefined {
  try {
    const value = localStorage.getItem(STORAGE_KEY);
    return isLanguageCode(value) ? value : undefined;
  } catch {
    return undefined; // storage blocked: fall back to the browser's language
  }
}

export function initialLanguage(browser: readonly string[] = navigator.languages ?? []): LanguageCode {
  return storedLanguage() ?? pickLanguage([...browser]);
}

/** Tests pass `resources` (no network); the app fetches the files. */
export async function initI18n(options: { language?: LanguageCode; resources?: Resource } = {}) {
  const language = options.language ?? initialLanguage();
  if (!options.resources) i18next.use(ConsoleBackend);
  await i18next.use(initReactI18next).init({
    lng: language,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: LANGUAGE_CODES,
    load: 'languageOnly',
    ns: [...CONSOLE_NAMESPACES],
    defaultNS: 'console',
    keySeparator: false,
    nsSeparator: false,
    ...(options.resources && { resources: options.resources }),
    interpolation: { escapeValue: false },
    maxRetries: TRANSLATION_RETRIES,
    retryTimeout: 300,
    react: { useSuspense: false },
  });
  applyDocumentLanguage(language);
  return i18next;
}

/** The operator's choice from the language picker; remembered for the next visit. */
export async function changeLanguage(code: LanguageCode): Promise<void> {
  try {
    localStorage.setItem(STORAGE_KEY, code);
  } catch {
    // Not remembered, but still applied for this visit.
  }
  await i18next.changeLanguage(code);
  applyDocumentLanguage(code);
}

export function applyDocumentLanguage(language: LanguageCode): void {
  document.documentElement.lang = language;
  document.documentElement.dir = directionOf(language);
}
