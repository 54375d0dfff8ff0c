/**
 * useTranslation() for the editor namespace (the preview panel is part of the editor), with t() checked against the English file's keys.
 * The cast is needed because i18next's type augmentation is global and belongs to the recipient
 * pages (src/web/lib/i18n-resources.d.ts types `translation` only).
 */
import type { TOptions } from 'i18next';
import { useTranslation } from 'react-i18next';
import type en from '@locales/en.console-editor.json';

export type PreviewKey = keyof typeof en;
export type PreviewT = (key: PreviewKey, options?: TOptions) => string;

export function usePreviewT() {
  const { t, i18n } = useTranslation('console-editor' as never);
  return { t: t as unknown as PreviewT, i18n };
}
