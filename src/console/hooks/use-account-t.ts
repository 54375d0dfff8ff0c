/**
 * The account namespace (two-step sign-in: the account page, the sign-in code step, the
 * tenant's policy, an owner's reset), with t() checked against the English file's keys.
 */
import { createTranslationHook, type TranslationKey, type TypedT } from '@shared/i18n/typed-translation';
import type en from '@locales/en.console-account.json';

export type AccountKey = TranslationKey<typeof en>;
export type AccountT = TypedT<AccountKey>;

export const useAccountT = createTranslationHook<typeof en>('console-account');
