/**
 * The campaign editor's namespace, read by the editor and by its preview panel, with t() checked
 * against the English file's keys.
 */
import { createTranslationHook, type TranslationKey, type TypedT } from '@shared/i18n/typed-translation';
import type en from '@locales/en.console-editor.json';

export type EditorKey = TranslationKey<typeof en>;
export type EditorT = TypedT<EditorKey>;

export const useEditorT = createTranslationHook<typeof en>('console-editor');
