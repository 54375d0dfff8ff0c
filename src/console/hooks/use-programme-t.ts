/** The programme namespace (the Programme page and its printed report), with t() checked against the English file's keys. */
import { createTranslationHook, type TranslationKey, type TypedT } from '@shared/i18n/typed-translation';
import type en from '@locales/en.console-programme.json';

export type ProgrammeKey = TranslationKey<typeof en>;
export type ProgrammeT = TypedT<ProgrammeKey>;

export const useProgrammeT = createTranslationHook<typeof en>('console-programme');
