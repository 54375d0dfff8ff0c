/**
 * The results namespace (dashboard, reports, trends, reviewers' queue), with t() checked against
 * the English file's keys.
 */
import { createTranslationHook, type TranslationKey, type TypedT } from '@shared/i18n/typed-translation';
import type en from '@locales/en.console-results.json';

export type ResultsKey = TranslationKey<typeof en>;
export type ResultsT = TypedT<ResultsKey>;

export const useResultsT = createTranslationHook<typeof en>('console-results');
