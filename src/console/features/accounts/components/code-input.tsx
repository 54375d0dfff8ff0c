/** A field for the 6-digit code of an authenticator app: numeric keypad, one-time-code autofill. */
import { useAccountT } from '@console/hooks/use-account-t';

interface CodeInputProps {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
}

export function CodeInput({ id, label, value, onChange }: CodeInputProps) {
  const { t } = useAccountT();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        required
        dir="ltr"
        autoComplete="one-time-code"
        inputMode="numeric"
        pattern="[0-9 ]{6,7}"
        maxLength={7}
        spellCheck={false}
        aria-describedby={`${id}-hint`}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
      <span id={`${id}-hint`} className="field__hint">
        {t('mfa.codeHint')}
      </span>
    </div>
  );
}
