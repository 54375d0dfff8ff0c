/**
 * The integrations namespace (webhook and syslog endpoints, the delivery log), with t() checked
 * against the English file's keys.
 */
import { createTranslationHook, type TranslationKey, type TypedT } from '@shared/i18n/typed-translation';
import type en from '@locales/en.console-integrations.json';

export type IntegrationsKey = TranslationKey<typeof en>;
export type IntegrationsT = TypedT<IntegrationsKey>;

export const useIntegrationsT = createTranslationHook<typeof en>('console-integrations');
