/**
 * useTranslation() for the editor's namespace, with t() checked against the English file's keys.
 * The cast is needed because i18next's type augmentation is global and belongs to the recipient
 * pages (src/web/lib/i18n-resources.d.ts types `translation` only).
 */
import type { TOptions } from 'i18next';
import { useTranslation } from 'react-i18next';
import type en from '@locales/en.console-editor.json';

export type EditorKey = keyof typeof en;
export type EditorT = (key: EditorKey, options?: TOptions) => string;

export function useEditorT() {
  const { t, i18n } = useTranslation('console-editor' as never);
  return { t: t as unknown as EditorT, i18n };
}
