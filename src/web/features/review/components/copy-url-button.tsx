/** Copies the exact original URL (never opened, never a link) and says whether it worked. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

export function CopyUrlButton({ url, describedBy }: { url: string; describedBy: string }) {
  const { t } = useTranslation();
  const [result, setResult] = useState<'idle' | 'copied' | 'failed'>('idle');
  const copy = async () => {
    try {
      // Absent outside secure contexts: the TypeError lands in the catch like a refusal.
      await navigator.clipboard.writeText(url);
      setResult('copied');
    } catch {
      setResult('failed');
    }
  };
  return (
    <div className="review-copy">
      <button
        type="button"
        className="button button--secondary button--small"
        aria-describedby={describedBy}
        onClick={() => void copy()}
      >
        {t('poll.copy')}
      </button>
      <span role="status" className="review-copy-status">
        {result === 'copied' ? t('poll.copied') : result === 'failed' ? t('poll.copyFailed') : ''}
      </span>
    </div>
  );
}
