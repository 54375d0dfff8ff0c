/**
 * i18next set-up: translations preloaded into the page are used first; anything else is
 * fetched from /assets/i18n/{lang}.upi-public.json?v=1.1.0 with two retries.
 */
import i18next, { type Resource } from 'i18next';
import { LazyHttpBackend } from './lazy-http-backend';
import { initReactI18next } from 'react-i18next';
import {
  DEFAULT_LANGUAGE,
  LANGUAGE_CODES,
  TRANSLATION_RETRIES,
  TRANSLATION_VERSION,
  directionOf,
  isLanguageCode,
  pickLanguage,
  type LanguageCode,
} from '../../shared/languages';

interface Preloaded {
  language?: string;
  /** True when the language is the recipient's campaign language: it beats `lang` and the browser. */
  fixed?: boolean;
  resources?: Record<string, Record<string, unknown>>;
}

export function readPreloaded(doc: Document = document): Preloaded {
  const element = doc.getElementById('hookwise-i18n');
  if (!element?.textContent) return {};
  try {
    return JSON.parse(element.textContent) as Preloaded;
  } catch {
    return {};
  }
}

/**
 * A recipient's campaign language first; then query parameter `lang`, the language the server
 * chose, and the browser's languages; else en.
 */
export function initialLanguage(preloaded: Preloaded, search: string, browser: readonly string[]) {
  const fromQuery = new URLSearchParams(search).get('lang');
  if (preloaded.fixed) return pickLanguage([preloaded.language]);
  return pickLanguage([fromQuery, preloaded.language, ...browser]);
}

export async function initI18n(options: { preloaded?: Preloaded; language?: LanguageCode } = {}) {
  const preloaded = options.preloaded ?? readPreloaded();
  const language =
    options.language ?? initialLanguage(preloaded, window.location.search, navigator.languages ?? []);
  const resources: Resource = {};
  for (const [code, bundle] of Object.entries(preloaded.resources ?? {})) {
    if (isLanguageCode(code)) resources[code] = { translation: bundle as Record<string, string> };
  }
  await i18next
    .use(LazyHttpBackend)
    .use(initReactI18next)
    .init({
      lng: language,
      fallbackLng: DEFAULT_LANGUAGE,
      supportedLngs: LANGUAGE_CODES,
      load: 'languageOnly',
      keySeparator: false,
      nsSeparator: false,
      resources,
      partialBundledLanguages: true,
      interpolation: { escapeValue: false },
      maxRetries: TRANSLATION_RETRIES,
      retryTimeout: 300,
      backend: {
        loadPath: '/assets/i18n/{{lng}}.upi-public.json',
        queryStringParams: { v: TRANSLATION_VERSION },
        customHeaders: { 'Content-Type': 'application/json', Accept: 'application/json' },
      },
      react: { useSuspense: false },
    });
  applyDocumentLanguage(language);
  return i18next;
}

export async function changeLanguage(code: string): Promise<void> {
  const language = isLanguageCode(code) ? code : DEFAULT_LANGUAGE;
  if (i18next.language !== language) await i18next.changeLanguage(language);
  applyDocumentLanguage(language);
}

export function applyDocumentLanguage(language: LanguageCode): void {
  document.documentElement.lang = language;
  document.documentElement.dir = directionOf(language);
}
