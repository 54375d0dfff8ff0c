/** Mint a reviewer link for the selected URLs or every pending one; the link is shown once, to copy. */
import { useState } from 'react';
import { ErrorAlert } from '@console/components/error-alert';
import { ShownOnce } from '@console/components/shown-once';
import { useResultsT } from '@console/hooks/use-results-t';
import { useMintReviewerLink } from '../api/reviewer-links';

export function MintLinkForm({ selected, pendingCount }: { selected: string[]; pendingCount: number }) {
  const { t } = useResultsT();
  const mint = useMintReviewerLink();
  const [reviewer, setReviewer] = useState('');
  const [hours, setHours] = useState(72);
  const [which, setWhich] = useState<'selected' | 'pending'>('pending');
  const submit = () => {
    mint.mutate({
      reviewer,
      expires_in_hours: hours,
      ...(which === 'pending' ? { pending: true } : { urls: selected }),
    });
  };
  const disabled = !reviewer.trim() || (which === 'selected' ? selected.length === 0 : pendingCount === 0);
  return (
    <form
      className="mint-form"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <fieldset>
        <legend>{t('mint.which')}</legend>
        <label>
          <input
            type="radio"
            name="which"
            checked={which === 'pending'}
            onChange={() => setWhich('pending')}
          />{' '}
          {t('mint.pending', { count: pendingCount })}
        </label>
        <label>
          <input
            type="radio"
            name="which"
            checked={which === 'selected'}
            onChange={() => setWhich('selected')}
          />{' '}
          {t('mint.selected', { count: selected.length })}
        </label>
      </fieldset>
      <label className="field">
        <span>{t('mint.reviewer')}</span>
        <input
          name="reviewer"
          value={reviewer}
          required
          maxLength={200}
          onChange={(e) => setReviewer(e.target.value)}
        />
      </label>
      <label className="field">
        <span>{t('mint.hours')}</span>
        <input
          name="hours"
          type="number"
          min={1}
          max={2160}
          value={hours}
          onChange={(e) => setHours(Math.max(1, Math.min(2160, Number(e.target.value) || 1)))}
        />
      </label>
      <button type="submit" className="button button--primary" disabled={disabled || mint.isPending}>
        {t('mint.submit')}
      </button>
      <ErrorAlert error={mint.error} />
      {mint.data && (
        <ShownOnce
          key={mint.data.url}
          label={t('mint.done', { count: mint.data.urls.length })}
          value={mint.data.url}
          copyLabel={t('mint.copy')}
          copiedLabel={t('mint.copied')}
          note={t('mint.once')}
        />
      )}
    </form>
  );
}
