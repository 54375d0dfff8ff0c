/** The console's language, each named in itself; Arabic turns the page right-to-left. */
import { useId } from 'react';
import { LanguageSelect } from '../components/language-select';
import { useT } from '@console/hooks/use-t';
import { changeLanguage } from '../lib/i18n';

export function LanguagePicker() {
  const { t, i18n } = useT();
  const id = useId();
  return (
    <span className="language-picker">
      <label htmlFor={id} className="visually-hidden">
        {t('layout.language')}
      </label>
      <LanguageSelect
        id={id}
        value={i18n.resolvedLanguage ?? i18n.language}
        onChange={(code) => void changeLanguage(code)}
      />
    </span>
  );
}
