/**
 * The person namespace (a person's history and risk, the lists of people, smart groups), with
 * t() checked against the English file's keys.
 */
import { createTranslationHook, type TranslationKey, type TypedT } from '@shared/i18n/typed-translation';
import type en from '@locales/en.console-person.json';

export type PersonKey = TranslationKey<typeof en>;
export type PersonT = TypedT<PersonKey>;

export const usePersonT = createTranslationHook<typeof en>('console-person');
