/** One labelled text field of the single sign-on settings, with its hint read out with it. */
import { useId } from 'react';

interface SsoFieldProps {
  label: string;
  hint?: string;
  /** A hint shared by several fields, by its element's id. */
  describedBy?: string;
  type?: 'text' | 'url' | 'password';
  autoComplete?: string;
  required?: boolean;
  value: string;
  onChange: (value: string) => void;
}

export function SsoField({
  label,
  hint,
  describedBy,
  type = 'text',
  autoComplete,
  required,
  value,
  onChange,
}: SsoFieldProps) {
  const id = useId();
  const described = [hint ? `${id}-hint` : undefined, describedBy].filter(Boolean).join(' ');
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type={type}
        dir="ltr"
        spellCheck={false}
        autoComplete={autoComplete}
        required={required}
        aria-describedby={described || undefined}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
      {hint && (
        <span id={`${id}-hint`} className="field__hint">
          {hint}
        </span>
      )}
    </div>
  );
}
