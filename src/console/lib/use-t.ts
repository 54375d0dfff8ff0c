/**
 * useTranslation() for the console's own namespace, with t() checked against the English file's
 * keys. The cast is needed because i18next's type augmentation is global and belongs to the
 * recipient pages (src/web/lib/i18n-resources.d.ts types `translation` only); at run time the
 * console's default namespace is `console`.
 */
import type { TOptions } from 'i18next';
import { useTranslation } from 'react-i18next';
import type en from '@locales/en.console.json';

export type ConsoleKey = keyof typeof en;
export type ConsoleT = (key: ConsoleKey, options?: TOptions) => string;

export function useT() {
  const { t, i18n } = useTranslation('console' as never);
  return { t: t as unknown as ConsoleT, i18n };
}
