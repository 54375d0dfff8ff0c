/**
 * Copies a URL as text (never opened, never a link) and says whether it worked: the exact
 * original, or its defanged form for pasting into tickets and chats.
 */
import { useState } from 'react';
import { useT } from '@web/hooks/use-t';

interface CopyUrlButtonProps {
  text: string;
  label: string;
  describedBy: string;
}

export function CopyUrlButton({ text, label, describedBy }: CopyUrlButtonProps) {
  const { t } = useT();
  const [result, setResult] = useState<'idle' | 'copied' | 'failed'>('idle');
  const copy = async () => {
    try {
      // Absent outside secure contexts: the TypeError lands in the catch like a refusal.
      await navigator.clipboard.writeText(text);
      setResult('copied');
    } catch {
      setResult('failed');
    }
  };
  return (
    <span className="review-copy">
      <button
        type="button"
        className="button button--secondary button--small"
        aria-describedby={describedBy}
        onClick={() => void copy()}
      >
        {label}
      </button>
      <span role="status" className="review-copy-status">
        {result === 'copied' ? t('poll.copied') : result === 'failed' ? t('poll.copyFailed') : ''}
      </span>
    </span>
  );
}
