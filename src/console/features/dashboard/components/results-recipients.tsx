/**
 * The recipients behind the numbers: filtered by status, verdict, language and department,
 * searched, sorted and paged on the server; each row opens that recipient's activity.
 */
import { useState } from 'react';
import { reasonKinds } from '@shared/click-reasons';
import { CLICK_VERDICTS } from '@shared/clicks';
import type { RecipientRow, RecipientSort } from '@shared/dashboard';
import { RECIPIENT_STATUSES } from '@shared/events';
import { LANGUAGE_CODES, LANGUAGES } from '@shared/languages';
import { ErrorAlert } from '@console/components/error-alert';
import { formatNumber } from '@console/lib/format';
import { REASON_KEYS } from '@console/lib/reason-keys';
import { useResultsT } from '@console/hooks/use-results-t';
import { useT } from '@console/hooks/use-t';
import { useRecipientTable, type RecipientFilters } from '../api/dashboard';
import { CLICK_VIA_LABEL } from '../lib/click-via';
import { RecipientActivityDialog } from './recipient-activity-dialog';
import { RecipientsExportButton } from './export-buttons';

const PAGE = 50;
const COLUMNS: {
  sort: RecipientSort;
  key: 'email' | 'status' | 'verdict' | 'language' | 'department' | 'score';
}[] = [
  { sort: 'email', key: 'email' },
  { sort: 'status', key: 'status' },
  { sort: 'verdict', key: 'verdict' },
  { sort: 'language', key: 'language' },
  { sort: 'department', key: 'department' },
  { sort: 'score', key: 'score' },
];

export function ResultsRecipients({
  campaignId,
  departments,
}: {
  campaignId: string;
  departments: (string | null)[];
}) {
  const { t } = useResultsT();
  const { t: tc } = useT();
  const [filters, setFilters] = useState<RecipientFilters>({
    sort: 'created_at',
    order: 'asc',
    offset: 0,
    limit: PAGE,
  });
  const [open, setOpen] = useState<RecipientRow>();
  const table = useRecipientTable(campaignId, filters);
  const set = (change: Partial<RecipientFilters>) => setFilters((f) => ({ ...f, offset: 0, ...change }));
  const sortBy = (sort: RecipientSort) =>
    setFilters((f) => ({ ...f, sort, order: f.sort === sort && f.order === 'asc' ? 'desc' : 'asc' }));
  const page = table.data;
  return (
    <section className="panel results-section results-recipients" aria-labelledby="results-recipients">
      <h2 id="results-recipients">{t('recipients.title')}</h2>
      <form className="results-filters" role="search" onSubmit={(e) => e.preventDefault()}>
        <label className="field">
          <span>{t('recipients.search')}</span>
          <input
            type="search"
            value={filters.q ?? ''}
            onChange={(e) => set({ q: e.target.value || undefined })}
          />
        </label>
        <label className="field">
          <span>{t('recipients.status')}</span>
          <select
            value={filters.status ?? ''}
            onChange={(e) => set({ status: (e.target.value || undefined) as RecipientFilters['status'] })}
          >
            <option value="">{t('recipients.any')}</option>
            {RECIPIENT_STATUSES.map((s) => (
              <option key={s} value={s}>
                {tc(`recipientStatus.${s}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span>{t('verdicts.verdict')}</span>
          <select
            name="verdict"
            value={filters.verdict ?? ''}
            onChange={(e) => set({ verdict: (e.target.value || undefined) as RecipientFilters['verdict'] })}
          >
            <option value="">{t('recipients.any')}</option>
            {[...CLICK_VERDICTS, 'not_visited' as const].map((v) => (
              <option key={v} value={v}>
                {t(`verdict.${v}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span>{t('breakdown.language')}</span>
          <select
            value={filters.language ?? ''}
            onChange={(e) => set({ language: (e.target.value || undefined) as RecipientFilters['language'] })}
          >
            <option value="">{t('recipients.any')}</option>
            {LANGUAGE_CODES.map((code) => (
              <option key={code} value={code}>
                {LANGUAGES[code].name}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span>{t('breakdown.department')}</span>
          <select
            value={filters.department ?? '*'}
            onChange={(e) => set({ department: e.target.value === '*' ? undefined : e.target.value })}
          >
            <option value="*">{t('recipients.any')}</option>
            {departments.map((d) => (
              <option key={d ?? ''} value={d ?? ''}>
                {d ?? t('breakdown.none')}
              </option>
            ))}
          </select>
        </label>
      </form>
      <ErrorAlert error={table.error} />
      {page && (
        <>
          <p role="status" className="muted" data-total={page.total}>
            {t('recipients.count', { count: page.total })}
          </p>
          <div className="table-wrap">
            <table className="table" data-table="recipients">
              <caption>{t('recipients.caption')}</caption>
              <thead>
                <tr>
                  {COLUMNS.map((c) => (
                    <th
                      key={c.key}
                      scope="col"
                      aria-sort={
                        filters.sort === c.sort
                          ? filters.order === 'asc'
                            ? 'ascending'
                            : 'descending'
                          : undefined
                      }
                    >
                      <button type="button" className="link-button" onClick={() => sortBy(c.sort)}>
                        {t(`recipients.col.${c.key}`)}
                      </button>
                    </th>
                  ))}
                  <th scope="col">{t('recipients.reasons')}</th>
                  <th scope="col">{t('recipients.via')}</th>
                  <th scope="col">{t('recipients.activity')}</th>
                </tr>
              </thead>
              <tbody>
                {page.items.map((r) => (
                  <tr key={r.id} data-recipient={r.id}>
                    <th scope="row">{r.email ?? r.first_name ?? r.id}</th>
                    <td>{tc(`recipientStatus.${r.status}`)}</td>
                    <td data-verdict={r.verdict ?? 'not_visited'}>
                      {t(`verdict.${r.verdict ?? 'not_visited'}`)}
                    </td>
                    <td>{r.language_code ? LANGUAGES[r.language_code].name : '—'}</td>
                    <td>{r.department ?? '—'}</td>
                    <td>{r.score ?? '—'}</td>
                    <td>
                      {reasonKinds(r.verdict_reasons)
                        .map((kind) => t(REASON_KEYS[kind]))
                        .join('; ') || '—'}
                    </td>
                    <td data-via={r.click_via ?? 'none'}>
                      {r.click_via ? t(CLICK_VIA_LABEL[r.click_via]) : '—'}
                    </td>
                    <td>
                      <button
                        type="button"
                        className="button button--small"
                        aria-label={
                          r.email || r.first_name
                            ? t('recipients.open', { name: r.email ?? r.first_name })
                            : t('activity.titleUnnamed')
                        }
                        onClick={() => setOpen(r)}
                      >
                        {t('recipients.details')}
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <div className="pager">
            <button
              type="button"
              className="button"
              disabled={filters.offset === 0}
              onClick={() => setFilters((f) => ({ ...f, offset: Math.max(0, f.offset - PAGE) }))}
            >
              {t('recipients.previous')}
            </button>
            <span>
              {t('recipients.range', {
                from: formatNumber(page.total === 0 ? 0 : filters.offset + 1),
                to: formatNumber(Math.min(page.total, filters.offset + PAGE)),
                total: formatNumber(page.total),
              })}
            </span>
            <button
              type="button"
              className="button"
              disabled={filters.offset + PAGE >= page.total}
              onClick={() => setFilters((f) => ({ ...f, offset: f.offset + PAGE }))}
            >
              {t('recipients.next')}
            </button>
            <RecipientsExportButton campaignId={campaignId} filters={filters} />
          </div>
        </>
      )}
      {open && (
        <RecipientActivityDialog
          campaignId={campaignId}
          recipient={open}
          onClose={() => setOpen(undefined)}
        />
      )}
    </section>
  );
}
