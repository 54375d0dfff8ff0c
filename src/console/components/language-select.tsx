/** A select of the 19 languages, each named in itself (and marked with its own `lang`). */
import { isLanguageCode, LANGUAGE_CODES, LANGUAGES, type LanguageCode } from '@shared/languages';

interface LanguageSelectProps {
  id: string;
  value: string;
  onChange: (code: LanguageCode) => void;
}

export function LanguageSelect({ id, value, onChange }: LanguageSelectProps) {
  return (
    <select
      id={id}
      value={value}
      onChange={(e) => isLanguageCode(e.target.value) && onChange(e.target.value)}
    >
      {LANGUAGE_CODES.map((code) => (
        <option key={code} value={code} lang={code}>
          {LANGUAGES[code].name}
        </option>
      ))}
    </select>
  );
}
