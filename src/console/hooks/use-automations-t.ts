/** The automations namespace (the Automations page and its plans), with t() checked against the English file's keys. */
import { createTranslationHook, type TranslationKey, type TypedT } from '@shared/i18n/typed-translation';
import type en from '@locales/en.console-automations.json';

export type AutomationsKey = TranslationKey<typeof en>;
export type AutomationsT = TypedT<AutomationsKey>;

export const useAutomationsT = createTranslationHook<typeof en>('console-automations');
