/**
 * /reviewers: reported URLs waiting for a reviewer (and adding some by hand), reviewer links (mint
 * for the selected URLs or every pending one, copy, revoke), and each URL's decision history.
 * Viewers see it all and change nothing.
 */
import { useState } from 'react';
import { ErrorAlert } from '@console/components/error-alert';
import { PageHeading } from '@console/components/page-heading';
import { hasRole } from '@console/lib/roles';
import { useResultsT } from '@console/hooks/use-results-t';
import { useSession } from '@console/features/accounts/api/session';
import { useReportedUrls } from '@console/features/reported-urls/api/reported-urls';
import { MintLinkForm } from './mint-link-form';
import { ReportedUrlsTable } from '@console/features/reported-urls/components/reported-urls-table';
import { ReportUrlsForm } from '@console/features/reported-urls/components/report-urls-form';
import { useT } from '@console/hooks/use-t';
import { ReviewerLinksTable } from './reviewer-links-table';
import './reviewers.css';

export function ReviewersPage() {
  const { t } = useResultsT();
  const { t: tc } = useT();
  const { user } = useSession();
  const canChange = hasRole(user.role, 'operator');
  const reports = useReportedUrls();
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const list = reports.data?.reports ?? [];
  return (
    <>
      <PageHeading>{t('reviewers.title')}</PageHeading>
      <section className="panel" aria-labelledby="reviewers-queue">
        <h2 id="reviewers-queue">{t('reviewers.queue')}</h2>
        <ErrorAlert error={reports.error} />
        {reports.isPending && <p role="status">{t('common.loading')}</p>}
        {reports.data && (
          <ReportedUrlsTable
            reports={list}
            selectable={canChange}
            selected={selected}
            onSelect={(url, on) =>
              setSelected((s) => {
                const next = new Set(s);
                if (on) next.add(url);
                else next.delete(url);
                return next;
              })
            }
          />
        )}
      </section>
      {canChange && (
        <section className="panel" aria-labelledby="reviewers-add">
          <h2 id="reviewers-add">{tc('reports.add.title')}</h2>
          <ReportUrlsForm />
        </section>
      )}
      {canChange && (
        <section className="panel" aria-labelledby="reviewers-mint">
          <h2 id="reviewers-mint">{t('mint.title')}</h2>
          <MintLinkForm
            selected={[...selected]}
            pendingCount={list.filter((r) => r.decision === null).length}
          />
        </section>
      )}
      <section className="panel" aria-labelledby="reviewers-links">
        <h2 id="reviewers-links">{t('links.title')}</h2>
        <ReviewerLinksTable canChange={canChange} />
      </section>
    </>
  );
}
