/** The console's own namespace (shell and pages), with t() checked against the English file's keys. */
import { createTranslationHook, type TranslationKey, type TypedT } from '@shared/i18n/typed-translation';
import type en from '@locales/en.console.json';

export type ConsoleKey = TranslationKey<typeof en>;
export type ConsoleT = TypedT<ConsoleKey>;

export const useT = createTranslationHook<typeof en>('console');
