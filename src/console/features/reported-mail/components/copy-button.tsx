/** Copies a reported URL as text (never opens it), and says so. */
import { useState } from 'react';
import { useReportsT } from '@console/hooks/use-reports-t';

export function CopyButton({ value }: { value: string }) {
  const { t } = useReportsT();
  const [copied, setCopied] = useState<boolean>();
  // No clipboard outside a secure context: says so rather than failing silently.
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };
  return (
    <>
      <button
        type="button"
        className="button button--small"
        aria-label={t('copy.label', { url: value })}
        onClick={() => void copy()}
      >
        {t('copy.button')}
      </button>
      <span className="inline-status" role="status">
        {copied === true && t('copy.done')}
        {copied === false && t('copy.failed')}
      </span>
    </>
  );
}
