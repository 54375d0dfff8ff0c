/** Search and server-side paging over a campaign's recipients ("1–50 of 1,234"). */
import { useState, type FormEvent } from 'react';
import { useT } from '@console/hooks/use-t';
import { ErrorAlert } from '@console/components/error-alert';
import { formatNumber } from '@console/lib/format';
import { PAGE_SIZE, useRecipients } from '../api/recipients';
import { RecipientsTable } from './recipients-table';

export function RecipientsList({ campaignId, canChange }: { campaignId: string; canChange: boolean }) {
  const { t } = useT();
  const [draft, setDraft] = useState('');
  const [q, setQ] = useState('');
  const [offset, setOffset] = useState(0);
  const recipients = useRecipients(campaignId, q, offset);
  const page = recipients.data;

  const search = (event: FormEvent) => {
    event.preventDefault();
    setQ(draft.trim());
    setOffset(0);
  };
  const range = page
    ? t('recipients.range', {
        from: formatNumber(page.total === 0 ? 0 : page.offset + 1),
        to: formatNumber(page.offset + page.items.length),
        total: formatNumber(page.total),
      })
    : '';

  return (
    <section className="panel" aria-labelledby="recipients-list-title">
      <h2 id="recipients-list-title">{t('recipients.listTitle')}</h2>
      <form role="search" className="recipients__search" onSubmit={search}>
        <label htmlFor="recipients-q">{t('recipients.search')}</label>
        <input id="recipients-q" type="search" value={draft} onChange={(e) => setDraft(e.target.value)} />
        <button type="submit" className="button">
          {t('recipients.searchButton')}
        </button>
      </form>
      <ErrorAlert error={recipients.error} />
      {recipients.isPending && <p role="status">{t('loading')}</p>}
      {page && page.items.length === 0 && <p className="muted">{t('recipients.empty')}</p>}
      {page && page.items.length > 0 && (
        <RecipientsTable campaignId={campaignId} page={page} canChange={canChange} caption={range} />
      )}
      {page && (
        <nav className="pager" aria-label={t('recipients.pages')}>
          <button
            type="button"
            className="button"
            disabled={offset === 0}
            onClick={() => setOffset(Math.max(0, offset - PAGE_SIZE))}
          >
            {t('recipients.previous')}
          </button>
          <span aria-live="polite">{range}</span>
          <button
            type="button"
            className="button"
            disabled={page.offset + page.items.length >= page.total}
            onClick={() => setOffset(offset + PAGE_SIZE)}
          >
            {t('recipients.next')}
          </button>
        </nav>
      )}
    </section>
  );
}
