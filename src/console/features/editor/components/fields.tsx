/**
 * Labelled form controls keyed by the field's path in the campaign file: the path gives the
 * control's id (which the issue summary links to) and the schema issues shown under it, linked
 * with aria-describedby. Leaving a field (or changing a choice) marks it touched: only then are
 * its issues shown.
 */
import type { ReactNode } from 'react';
import { errorId, fieldId } from '../lib/issues';
import { useEditor } from '../hooks/editor-context';
import './fields.css';

export function FieldError({ path }: { path: string }) {
  const { byPath } = useEditor();
  const issues = byPath.get(path);
  if (!issues?.length) return null;
  return (
    <p className="field__error" id={errorId(path)}>
      {issues.map((issue) => issue.message).join(' · ')}
    </p>
  );
}

function useDescribedBy(path: string, hint: string | undefined) {
  const { byPath, touch } = useEditor();
  const ids = [hint ? `${fieldId(path)}-hint` : '', byPath.get(path)?.length ? errorId(path) : ''];
  const describedBy = ids.filter(Boolean).join(' ');
  return {
    describedBy: describedBy || undefined,
    invalid: Boolean(byPath.get(path)?.length),
    touch: () => touch(path),
  };
}

interface FieldProps {
  path: string;
  label: string;
  hint?: string;
}

function Frame({ path, label, hint, children }: FieldProps & { children: ReactNode }) {
  return (
    <div className="field">
      <label className="field__label" htmlFor={fieldId(path)}>
        {label}
      </label>
      {hint && (
        <p className="field__hint" id={`${fieldId(path)}-hint`}>
          {hint}
        </p>
      )}
      {children}
      <FieldError path={path} />
    </div>
  );
}

interface TextFieldProps extends FieldProps {
  value: string | undefined;
  onChange: (value: string) => void;
  multiline?: boolean;
  rows?: number;
  type?: 'text' | 'url';
  dir?: 'auto' | 'ltr';
}

export function TextField({
  value,
  onChange,
  multiline,
  rows = 4,
  type = 'text',
  dir,
  ...frame
}: TextFieldProps) {
  const { describedBy, invalid, touch } = useDescribedBy(frame.path, frame.hint);
  const common = {
    onBlur: touch,
    id: fieldId(frame.path),
    className: 'field__control',
    value: value ?? '',
    'aria-describedby': describedBy,
    'aria-invalid': invalid || undefined,
    dir: dir ?? 'auto',
  };
  return (
    <Frame {...frame}>
      {multiline ? (
        <textarea {...common} rows={rows} onChange={(e) => onChange(e.target.value)} />
      ) : (
        <input {...common} type={type} onChange={(e) => onChange(e.target.value)} />
      )}
    </Frame>
  );
}

interface NumberFieldProps extends FieldProps {
  value: number | undefined;
  onChange: (value: number | undefined) => void;
  min?: number;
  max?: number;
  step?: number;
}

export function NumberField({ value, onChange, min, max, step, ...frame }: NumberFieldProps) {
  const { describedBy, invalid, touch } = useDescribedBy(frame.path, frame.hint);
  return (
    <Frame {...frame}>
      <input
        id={fieldId(frame.path)}
        className="field__control field__control--number"
        onBlur={touch}
        type="number"
        inputMode="decimal"
        min={min}
        max={max}
        step={step}
        value={value ?? ''}
        aria-describedby={describedBy}
        aria-invalid={invalid || undefined}
        onChange={(e) => onChange(e.target.value === '' ? undefined : Number(e.target.value))}
      />
    </Frame>
  );
}

interface SelectFieldProps extends FieldProps {
  value: string;
  onChange: (value: string) => void;
  options: ReadonlyArray<{ value: string; label: string; lang?: string }>;
}

export function SelectField({ value, onChange, options, ...frame }: SelectFieldProps) {
  const { describedBy, invalid, touch } = useDescribedBy(frame.path, frame.hint);
  return (
    <Frame {...frame}>
      <select
        onBlur={touch}
        id={fieldId(frame.path)}
        className="field__control"
        value={value}
        aria-describedby={describedBy}
        aria-invalid={invalid || undefined}
        onChange={(e) => {
          touch();
          onChange(e.target.value);
        }}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value} lang={option.lang}>
            {option.label}
          </option>
        ))}
      </select>
    </Frame>
  );
}

interface CheckboxFieldProps extends FieldProps {
  checked: boolean;
  onChange: (checked: boolean) => void;
}

export function CheckboxField({ checked, onChange, path, label, hint }: CheckboxFieldProps) {
  const { describedBy, touch } = useDescribedBy(path, hint);
  return (
    <div className="field field--checkbox">
      <input
        id={fieldId(path)}
        type="checkbox"
        checked={checked}
        aria-describedby={describedBy}
        onChange={(e) => {
          touch();
          onChange(e.target.checked);
        }}
      />
      <label htmlFor={fieldId(path)}>{label}</label>
      {hint && (
        <p className="field__hint" id={`${fieldId(path)}-hint`}>
          {hint}
        </p>
      )}
      <FieldError path={path} />
    </div>
  );
}
