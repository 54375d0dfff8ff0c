/**
 * The site-import namespace (importing a page and its files as a campaign's landing page, and
 * what the editor says of a page's files), with t() checked against the English file's keys.
 */
import { createTranslationHook, type TranslationKey, type TypedT } from '@shared/i18n/typed-translation';
import type en from '@locales/en.console-site-import.json';

export type SiteImportKey = TranslationKey<typeof en>;
export type SiteImportT = TypedT<SiteImportKey>;

export const useSiteImportT = createTranslationHook<typeof en>('console-site-import');
