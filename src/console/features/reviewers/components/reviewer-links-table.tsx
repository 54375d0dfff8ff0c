/** Reviewer links minted, newest first, with their state; an operator may revoke an active one. */
import { ConfirmDialog } from '@console/components/confirm-dialog';
import { useState } from 'react';
import type { ReviewerLink } from '@shared/dashboard';
import { ErrorAlert } from '@console/components/error-alert';
import { formatDateTime } from '@console/lib/format';
import { useResultsT } from '@console/hooks/use-results-t';
import { useReviewerLinks, useRevokeReviewerLink } from '../api/reviewer-links';

export function ReviewerLinksTable({ canChange }: { canChange: boolean }) {
  const { t } = useResultsT();
  const links = useReviewerLinks();
  const revoke = useRevokeReviewerLink();
  const [confirm, setConfirm] = useState<ReviewerLink>();
  const list = links.data?.links ?? [];
  return (
    <>
      <ErrorAlert error={links.error} />
      {links.data && list.length === 0 && <p>{t('links.empty')}</p>}
      {list.length > 0 && (
        <div className="table-wrap">
          <table className="table" data-table="reviewer-links">
            <caption>{t('links.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('mint.reviewer')}</th>
                <th scope="col">{t('links.urls')}</th>
                <th scope="col">{t('links.created')}</th>
                <th scope="col">{t('links.expires')}</th>
                <th scope="col">{t('reviewers.status')}</th>
                {canChange && <th scope="col">{t('links.actions')}</th>}
              </tr>
            </thead>
            <tbody>
              {list.map((link) => (
                <tr key={link.id} data-link={link.id} data-state={link.state}>
                  <th scope="row">{link.reviewer ?? '—'}</th>
                  <td>{link.urls.length}</td>
                  <td>
                    {formatDateTime(link.created_at)}
                    {link.created_by && <span className="muted"> · {link.created_by}</span>}
                  </td>
                  <td>{formatDateTime(link.expires_at)}</td>
                  <td>{t(`links.state.${link.state}`)}</td>
                  {canChange && (
                    <td>
                      {link.state === 'active' && (
                        <button
                          type="button"
                          className="button button--small button--danger"
                          aria-label={t('links.revokeFor', { reviewer: link.reviewer ?? link.id })}
                          onClick={() => setConfirm(link)}
                        >
                          {t('links.revoke')}
                        </button>
                      )}
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {confirm && (
        <ConfirmDialog
          title={t('links.confirmTitle')}
          message={t('links.confirm', { reviewer: confirm.reviewer ?? confirm.id })}
          confirmLabel={t('links.revoke')}
          pending={revoke.isPending}
          error={revoke.error}
          onClose={() => setConfirm(undefined)}
          onConfirm={() => revoke.mutate(confirm.id, { onSuccess: () => setConfirm(undefined) })}
        />
      )}
    </>
  );
}
