/**
 * i18next set-up: translations preloaded into the page are used first; anything else is
 * fetched from translationPath(lang) (/assets/i18n/{lang}.upi-public.json) ?v=1.1.0 with two
 * retries.
 */
import i18next, { type Resource } from 'i18next';
import type { HttpBackendOptions } from 'i18next-http-backend';
import { LazyHttpBackend } from './lazy-http-backend';
import { initReactI18next } from 'react-i18next';
import {
  DEFAULT_LANGUAGE,
  LANGUAGE_CODES,
  TRANSLATION_RETRIES,
  TRANSLATION_VERSION,
  directionOf,
  isLanguageCode,
  matchLanguage,
  pickLanguage,
  translationPath,
  type LanguageCode,
} from '@shared/languages';
import { isRecord } from './guards';

type Translations = Record<string, string>;

interface Preloaded {
  language?: string;
  /** True when the language is the recipient's campaign language: it beats `lang` and the browser. */
  fixed?: boolean;
  resources?: Partial<Record<LanguageCode, Translations>>;
}

export function readPreloaded(doc: Document = document): Preloaded {
  const element = doc.getElementById('hookwise-i18n');
  if (!element?.textContent) return {};
  try {
    return parsePreloaded(JSON.parse(element.textContent));
  } catch {
    return {};
  }
}

/** The server writes this element; anything of another shape is left out, not trusted. */
function parsePreloaded(value: unknown): Preloaded {
  if (!isRecord(value)) return {};
  const resources: Preloaded['resources'] = {};
  for (const [code, bundle] of Object.entries(isRecord(value.resources) ? value.resources : {})) {
    if (isLanguageCode(code) && isTranslations(bundle)) resources[code] = bundle;
  }
  return {
    ...(typeof value.language === 'string' && { language: value.language }),
    ...(typeof value.fixed === 'boolean' && { fixed: value.fixed }),
    resources,
  };
}

function isTranslations(value: unknown): value is Translations {
  return isRecord(value) && Object.values(value).every((text) => typeof text === 'string');
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
    resources[code] = { translation: bundle };
  }
  await i18next
    .use(LazyHttpBackend)
    .use(initReactI18next)
    .init<HttpBackendOptions>({
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
        loadPath: ([requested]) => translationPath(matchLanguage(requested) ?? DEFAULT_LANGUAGE),
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
