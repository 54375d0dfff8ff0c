/**
 * The home namespace (the home page, the audit log, the roles' explanation, the withheld personal
 * links), with t() checked against the English file's keys.
 */
import { createTranslationHook, type TranslationKey, type TypedT } from '@shared/i18n/typed-translation';
import type en from '@locales/en.console-home.json';

export type HomeKey = TranslationKey<typeof en>;
export type HomeT = TypedT<HomeKey>;

export const useHomeT = createTranslationHook<typeof en>('console-home');
