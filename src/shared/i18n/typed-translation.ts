/**
 * The one way a React page of the recipient app or the console reads its translations: a hook
 * per namespace, made here, whose t() accepts only the keys of that namespace's English file
 * (English is the source of keys). React and react-i18next only, no schema library: the
 * recipient app's first load uses it too.
 *
 *   // src/console/hooks/use-t.ts
 *   import type en from '@locales/en.console.json';
 *   export const useT = createTranslationHook<typeof en>('console');
 */
import type { i18n as I18n, TOptions } from 'i18next';
import { useTranslation } from 'react-i18next';

/** The keys of a namespace, from its English file's type. */
export type TranslationKey<Strings> = Extract<keyof Strings, string>;

/** t() of one namespace: a known key (and interpolation values) in, the text out. */
export type TypedT<Key extends string> = (key: Key, options?: TOptions) => string;

export interface TypedTranslation<Key extends string> {
  t: TypedT<Key>;
  i18n: I18n;
}

/**
 * `namespace` is the i18next namespace the strings load under (the recipient app's
 * `upi-public` file loads as i18next's default, `translation`).
 */
export function createTranslationHook<Strings extends Record<string, string>>(namespace: string) {
  return function useTypedTranslation(): TypedTranslation<TranslationKey<Strings>> {
    const { t, i18n } = useTranslation(namespace);
    // i18next types t() for one global set of resources; several apps with several namespaces
    // share it, so the key type is given here, once, from the namespace's English file.
    return { t: t as TypedT<TranslationKey<Strings>>, i18n };
  };
}
