/**
 * / : the console's home: the campaigns running, how their sending goes, the latest results and
 * the reviewers' queue, each linking to its page. Every role may read it; a viewer is told what
 * they may do.
 */
import { useSession } from '@console/features/accounts/api/session';
import { PageHeading } from '@console/components/page-heading';
import { Notice } from '@console/components/notice';
import { useHomeT } from '@console/hooks/use-home-t';
import { LatestResults, RunningCampaigns } from './campaign-panels';
import { ReviewerQueuePanel, SendingHealthPanel } from './sending-panels';
import './home-page.css';

export function HomePage() {
  const { t } = useHomeT();
  const { user } = useSession();
  return (
    <>
      <PageHeading>{t('home.title')}</PageHeading>
      {user.role === 'viewer' && <Notice>{t('home.viewer')}</Notice>}
      <div className="home">
        <RunningCampaigns />
        <SendingHealthPanel />
        <LatestResults />
        <ReviewerQueuePanel />
      </div>
    </>
  );
}
