/**
 * The people namespace (the People page, directory sync in settings, adding a campaign's
 * recipients from people), with t() checked against the English file's keys.
 */
import { createTranslationHook, type TranslationKey, type TypedT } from '@shared/i18n/typed-translation';
import type en from '@locales/en.console-people.json';

export type PeopleKey = TranslationKey<typeof en>;
export type PeopleT = TypedT<PeopleKey>;

export const usePeopleT = createTranslationHook<typeof en>('console-people');
