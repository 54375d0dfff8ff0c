/**
 * The identity namespace (single sign-on: the sign-in page's way in through the organisation's
 * provider and its refusals, the settings an owner sets), with t() checked against English's keys.
 */
import { createTranslationHook, type TranslationKey, type TypedT } from '@shared/i18n/typed-translation';
import type en from '@locales/en.console-identity.json';

export type IdentityKey = TranslationKey<typeof en>;
export type IdentityT = TypedT<IdentityKey>;

export const useIdentityT = createTranslationHook<typeof en>('console-identity');
