/**
 * useTranslation() for the results namespace (dashboard, reports, trends, reviewers' queue), with
 * t() checked against the English file's keys; the cast as in use-t.ts.
 */
import type { TOptions } from 'i18next';
import { useTranslation } from 'react-i18next';
import type en from '@locales/en.console-results.json';

export type ResultsKey = keyof typeof en;
export type ResultsT = (key: ResultsKey, options?: TOptions) => string;

export function useResultsT() {
  const { t, i18n } = useTranslation('console-results' as never);
  return { t: t as unknown as ResultsT, i18n };
}
