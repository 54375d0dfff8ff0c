/**
 * The campaign's languages: its default, how complete each of the 19 languages is, adding a
 * translation, the side-by-side editor for one, and whether the recipients' languages are covered.
 */
import { useId, useState } from 'react';
import { useEditorT } from '@console/hooks/use-editor-t';
import { translationCompleteness } from '@shared/campaign-content';
import { LANGUAGE_CODES, LANGUAGES, isLanguageCode, type LanguageCode } from '@shared/languages';
import { addTranslation, removeTranslation } from '@console/features/editor/lib/draft-updates';
import { useEditor } from '../../hooks/editor-context';
import { RecipientCoverage } from './recipient-coverage';
import { Section } from './section';
import { TranslationEditor } from './translation-editor';
import './languages-section.css';

export function LanguagesSection() {
  const { t } = useEditorT();
  const id = useId();
  const { draft, update } = useEditor();
  const translated = LANGUAGE_CODES.filter(
    (code) => draft.translations[code] && code !== draft.language_code,
  );
  const addable = LANGUAGE_CODES.filter((code) => !draft.translations[code] && code !== draft.language_code);
  const [toAdd, setToAdd] = useState<LanguageCode | ''>('');
  const [chosen, setChosen] = useState<LanguageCode | undefined>(translated[0]);
  const editing = chosen && translated.includes(chosen) ? chosen : translated[0];

  const add = () => {
    if (!toAdd) return;
    update((f) => addTranslation(f, toAdd));
    setChosen(toAdd);
    setToAdd('');
  };

  return (
    <Section id="languages" title={t('section.languages')}>
      <p>{t('languages.default', { language: LANGUAGES[draft.language_code].name })}</p>
      <RecipientCoverage />
      <h3>{t('languages.completeness')}</h3>
      <ul className="language-list">
        {LANGUAGE_CODES.map((code) => {
          const c = translationCompleteness(draft, code);
          const has = code === draft.language_code || Boolean(draft.translations[code]);
          return (
            <li key={code} className={`language-list__row${has ? '' : ' language-list__row--none'}`}>
              <span id={`${id}-${code}`} lang={code} className="language-list__name">
                {LANGUAGES[code].name}
              </span>
              <progress aria-labelledby={`${id}-${code}`} value={c.translated} max={Math.max(c.total, 1)} />
              <span className="language-list__count">
                {t('languages.count', { translated: c.translated, total: c.total })}
              </span>
              <span className="language-list__state">
                {code === draft.language_code ? t('languages.isDefault') : has ? '' : t('languages.none')}
              </span>
            </li>
          );
        })}
      </ul>
      <div className="language-add">
        <label htmlFor={`${id}-add`}>{t('languages.add')}</label>
        <select
          id={`${id}-add`}
          value={toAdd}
          onChange={(e) => setToAdd(isLanguageCode(e.target.value) ? e.target.value : '')}
        >
          <option value="">{t('languages.choose')}</option>
          {addable.map((code) => (
            <option key={code} value={code} lang={code}>
              {LANGUAGES[code].name}
            </option>
          ))}
        </select>
        <button type="button" className="button" disabled={!toAdd} onClick={add}>
          {t('languages.addButton')}
        </button>
      </div>
      {editing ? (
        <>
          <div className="language-add">
            <label htmlFor={`${id}-edit`}>{t('languages.edit')}</label>
            <select
              id={`${id}-edit`}
              value={editing}
              onChange={(e) => isLanguageCode(e.target.value) && setChosen(e.target.value)}
            >
              {translated.map((code) => (
                <option key={code} value={code} lang={code}>
                  {LANGUAGES[code].name}
                </option>
              ))}
            </select>
            <button
              type="button"
              className="button button--danger"
              onClick={() => update((f) => removeTranslation(f, editing))}
            >
              {t('languages.remove', { language: LANGUAGES[editing].name })}
            </button>
          </div>
          <TranslationEditor language={editing} />
        </>
      ) : (
        <p>{t('languages.noTranslations')}</p>
      )}
    </Section>
  );
}
