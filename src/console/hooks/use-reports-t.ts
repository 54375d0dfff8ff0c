/**
 * The reported-mail namespace (the triage of reported messages, the intake settings), with t()
 * checked against the English file's keys.
 */
import { createTranslationHook, type TranslationKey, type TypedT } from '@shared/i18n/typed-translation';
import type en from '@locales/en.console-reports.json';

export type ReportsKey = TranslationKey<typeof en>;
export type ReportsT = TypedT<ReportsKey>;

export const useReportsT = createTranslationHook<typeof en>('console-reports');
