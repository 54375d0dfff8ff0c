/**
 * The recipient and reviewer pages' translations (`upi-public`, loaded as i18next's default
 * namespace), with t() checked against the English file's keys.
 */
import { createTranslationHook, type TranslationKey, type TypedT } from '@shared/i18n/typed-translation';
import type en from '@locales/en.upi-public.json';

export type UpiPublicKey = TranslationKey<typeof en>;
export type UpiPublicT = TypedT<UpiPublicKey>;

export const useT = createTranslationHook<typeof en>('translation');
