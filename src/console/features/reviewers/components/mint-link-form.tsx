/** Mint a reviewer link for the selected URLs or every pending one; the link is shown once, to copy. */
import { useId, useState } from 'react';
import { ErrorAlert } from '../../../components/error-alert';
import { useResultsT } from '../../../lib/use-results-t';
import { useMintReviewerLink } from '../api/reviewers';

export function MintLinkForm({ selected, pendingCount }: { selected: string[]; pendingCount: number }) {
  const { t } = useResultsT();
  const mint = useMintReviewerLink();
  const [reviewer, setReviewer] = useState('');
  const [hours, setHours] = useState(72);
  const [which, setWhich] = useState<'selected' | 'pending'>('pending');
  const [copied, setCopied] = useState(false);
  const linkId = useId();
  const submit = () => {
    setCopied(false);
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
        <div className="notice notice--success" role="status">
          <label htmlFor={linkId}>{t('mint.done', { count: mint.data.urls.length })}</label>
          <input
            id={linkId}
            className="mint-form__link"
            readOnly
            value={mint.data.url}
            onFocus={(e) => e.target.select()}
          />
          <button
            type="button"
            className="button button--small"
            onClick={() =>
              void navigator.clipboard.writeText(mint.data.url).then(
                () => setCopied(true),
                () => setCopied(false),
              )
            }
          >
            {t('mint.copy')}
          </button>
          <span className="inline-status">{copied ? t('mint.copied') : ''}</span>
          <p className="muted">{t('mint.once')}</p>
        </div>
      )}
    </form>
  );
}
