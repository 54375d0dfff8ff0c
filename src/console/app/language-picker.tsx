/** The console's language, each named in itself; Arabic turns the page right-to-left. */
import { useId } from 'react';
import { useT } from '../lib/use-t';
import { LANGUAGE_CODES, LANGUAGES, isLanguageCode } from '../../shared/languages';
import { changeLanguage } from '../lib/i18n';

export function LanguagePicker() {
  const { t, i18n } = useT();
  const id = useId();
  return (
    <span className="language-picker">
      <label htmlFor={id} className="visually-hidden">
        {t('layout.language')}
      </label>
      <select
        id={id}
        value={i18n.resolvedLanguage ?? i18n.language}
        onChange={(e) => {
          if (isLanguageCode(e.target.value)) void changeLanguage(e.target.value);
        }}
      >
        {LANGUAGE_CODES.map((code) => (
          <option key={code} value={code} lang={code}>
            {LANGUAGES[code].name}
          </option>
        ))}
      </select>
    </span>
  );
}
