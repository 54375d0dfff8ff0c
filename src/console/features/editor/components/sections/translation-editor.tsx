/**
 * Side by side: each of the campaign's texts in the default language (read-only) and its
 * translation into one language. An emptied translation removes the key, so recipients see
 * the default text rather than nothing.
 */
import { useEditorT, type EditorKey } from '@console/hooks/use-editor-t';
import { translatableTexts } from '@shared/campaign-content';
import { LANGUAGES, type LanguageCode } from '@shared/languages';
import { setTranslation } from '@console/features/editor/lib/draft-updates';
import { errorId, fieldId, pathKey } from '@console/features/editor/lib/issues';
import { useEditor } from '../../hooks/editor-context';
import { FieldError } from '../fields';

const AREAS: Record<string, EditorKey> = {
  phishing: 'text.phishing',
  email: 'text.email',
  awareness: 'text.awareness',
  pdf: 'text.pdf',
  sei: 'text.sei',
  sei_general_info: 'text.sei_general_info',
  entry_text: 'text.entry_text',
  questions: 'text.questions',
  badges: 'text.badges',
  options: 'text.option',
};
const FIELDS: Record<string, EditorKey> = {
  brand: 'text.field.brand',
  from: 'text.field.from',
  subject: 'text.field.subject',
  body: 'text.field.body',
  title: 'text.field.title',
  content: 'text.field.content',
  explanation: 'text.field.explanation',
  label: 'text.field.label',
  match: 'text.field.match',
  text: 'text.field.text',
};

/** "Email › Subject", "Red flag › flag1 › Title": where the text is, in the operator's words. */
function useTextLabel() {
  const { t } = useEditorT();
  return (path: readonly string[]) =>
    path
      .map((part, i) => {
        const last = i === path.length - 1;
        const key =
          (i === 0 || part === 'options' ? AREAS[part] : undefined) ??
          (last && i > 0 ? FIELDS[part] : undefined);
        return key ? t(key) : part;
      })
      .join(' › ');
}

export function TranslationEditor({ language }: { language: LanguageCode }) {
  const { t } = useEditorT();
  const { draft, update, byPath, touch } = useEditor();
  const label = useTextLabel();
  const texts = translatableTexts(draft);
  const own = draft.translations[language];
  const source = draft.language_code;

  return (
    <div className="translation-editor">
      <div className="translation-editor__head" aria-hidden="true">
        <span lang={source}>{LANGUAGES[source].name}</span>
        <span lang={language}>{LANGUAGES[language].name}</span>
      </div>
      {texts.length === 0 && <p>{t('languages.nothingToTranslate')}</p>}
      {texts.map((text) => {
        const key = pathKey(['translations', language, ...text.path]);
        const id = fieldId(key);
        const long = text.text.length > 80 || text.text.includes('\n');
        const common = {
          id,
          className: 'field__control',
          lang: language,
          dir: LANGUAGES[language].dir,
          value: readRaw(own, text.path),
          'aria-describedby': [`${id}-source`, byPath.get(key)?.length ? errorId(key) : ''].join(' ').trim(),
          'aria-invalid': byPath.get(key)?.length ? true : undefined,
          onBlur: () => touch(key),
        };
        const set = (value: string) => update((f) => setTranslation(f, language, text.path, value));
        return (
          <div key={key} className="translation-editor__row">
            <div className="translation-editor__source">
              <span className="field__label">{label(text.path)}</span>
              <p id={`${id}-source`} lang={source} dir="auto" className="translation-editor__text">
                {text.text}
              </p>
            </div>
            <div className="translation-editor__target">
              <label htmlFor={id} className="field__label">
                {t('languages.translationOf', { text: label(text.path), language: LANGUAGES[language].name })}
              </label>
              {long ? (
                <textarea
                  {...common}
                  rows={Math.min(12, 2 + Math.ceil(text.text.length / 80))}
                  onChange={(e) => set(e.target.value)}
                />
              ) : (
                <input {...common} type="text" onChange={(e) => set(e.target.value)} />
              )}
              <FieldError path={key} />
            </div>
          </div>
        );
      })}
    </div>
  );
}

/** The translation's text at `path`, or '' where it has none. */
function readRaw(node: unknown, path: readonly string[]): string {
  for (const part of path)
    node = typeof node === 'object' && node ? (node as Record<string, unknown>)[part] : undefined;
  return typeof node === 'string' ? node : '';
}
