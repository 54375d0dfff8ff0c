/**
 * The scenarios namespace (the scenario library: list, filters, a scenario's page, starting a
 * campaign from one, copies), with t() checked against the English file's keys.
 */
import { createTranslationHook, type TranslationKey, type TypedT } from '@shared/i18n/typed-translation';
import type en from '@locales/en.console-scenarios.json';

export type ScenariosKey = TranslationKey<typeof en>;
export type ScenariosT = TypedT<ScenariosKey>;

export const useScenariosT = createTranslationHook<typeof en>('console-scenarios');
