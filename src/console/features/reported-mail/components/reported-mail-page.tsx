/**
 * /reported-mail: what people reported. First the real messages, one per cluster however many
 * reported them, with the headers that matter; then the latest reports and what each became; for
 * owners, how reports come in and what follows one. Everything of a reported message is hostile: it is shown as text
 * only, its links never become links, nothing of it is fetched.
 */
import { Link } from 'react-router';
import { PageHeading } from '@console/components/page-heading';
import { useSession } from '@console/features/accounts/api/session';
import { useReportsT } from '@console/hooks/use-reports-t';
import { hasRole } from '@console/lib/roles';
import { ClusterList } from './cluster-list';
import { FollowupSettingsSection } from './followup-settings-section';
import { IntakeSettingsSection } from './intake-settings-section';
import { ReportList } from './report-list';
import './reported-mail.css';

export function ReportedMailPage() {
  const { t } = useReportsT();
  const { user } = useSession();
  return (
    <>
      <PageHeading>{t('title')}</PageHeading>
      <p className="muted">{t('intro')}</p>
      <p>
        <Link to="/reviewers">{t('toReviewers')}</Link>
      </p>
      <ClusterList canDecide={hasRole(user.role, 'operator')} />
      <ReportList />
      {hasRole(user.role, 'owner') && (
        <>
          <IntakeSettingsSection />
          <FollowupSettingsSection />
        </>
      )}
    </>
  );
}
