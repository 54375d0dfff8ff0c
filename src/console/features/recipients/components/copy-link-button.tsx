/** Copies one recipient's personal link, e.g. to send it by hand; says so visibly when done. */
import { useState } from 'react';
import { useT } from '@console/hooks/use-t';
import { errorMessage } from '@console/components/error-alert';
import { useLinksLoader } from '../api/recipients';

export function CopyLinkButton({
  campaignId,
  rid,
  label,
}: {
  campaignId: string;
  rid: string;
  label: string;
}) {
  const { t } = useT();
  const loadLinks = useLinksLoader(campaignId);
  const [state, setState] = useState<{ copied: boolean; error?: string }>({ copied: false });

  const copy = async () => {
    try {
      const { links } = await loadLinks();
      const link = links.find((l) => l.rid === rid)?.link;
      if (!link) throw new Error(t('recipients.copy.missing'));
      await navigator.clipboard.writeText(link);
      setState({ copied: true });
    } catch (error) {
      const fallback = error instanceof Error && error.message ? error.message : t('error.generic');
      setState({ copied: false, error: errorMessage(error, fallback) });
    }
  };

  return (
    <>
      <button
        type="button"
        className="button button--small"
        aria-label={t('recipients.copy.named', { name: label })}
        onClick={() => void copy()}
      >
        {t('recipients.copy.button')}
      </button>
      <span role="status" className="inline-status">
        {state.copied ? t('recipients.copy.done') : ''}
      </span>
      {state.error && (
        <span role="alert" className="inline-error">
          {state.error}
        </span>
      )}
    </>
  );
}
