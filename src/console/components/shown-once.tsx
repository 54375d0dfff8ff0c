/**
 * A secret or link shown once (a reviewer link, a new API key): a read-only field that selects
 * itself, a copy button with its result, and the reminder that it will not be shown again.
 * Give it `key={value}` so a new value starts uncopied.
 */
import { useId, useState } from 'react';
import { Notice } from './notice';
import './shown-once.css';

interface ShownOnceProps {
  label: string;
  value: string;
  copyLabel: string;
  copiedLabel: string;
  note: string;
}

export function ShownOnce({ label, value, copyLabel, copiedLabel, note }: ShownOnceProps) {
  const id = useId();
  const [copied, setCopied] = useState(false);
  return (
    <Notice tone="success">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        className="shown-once__value"
        readOnly
        value={value}
        onFocus={(e) => e.target.select()}
      />
      <button
        type="button"
        className="button button--small"
        onClick={() =>
          void navigator.clipboard.writeText(value).then(
            () => setCopied(true),
            () => setCopied(false),
          )
        }
      >
        {copyLabel}
      </button>
      <span className="inline-status">{copied ? copiedLabel : ''}</span>
      <p className="muted">{note}</p>
    </Notice>
  );
}
