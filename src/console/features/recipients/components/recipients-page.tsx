/**
 * /campaigns/:id/recipients: who takes part, adding more from CSV or from people, and their personal links. A
 * viewer sees the list and is told plainly why the links are not there: the server withholds
 * them, since opening one would add a visit to the results.
 */
import { useT } from '@console/hooks/use-t';
import { useHomeT } from '@console/hooks/use-home-t';
import { Notice } from '@console/components/notice';
import { Link, useParams } from 'react-router';
import { PageHeading } from '@console/components/page-heading';
import { slug } from '@console/lib/download';
import { hasRole } from '@console/lib/roles';
import { useSession } from '@console/features/accounts/api/session';
import { useCampaign } from '@console/features/campaigns/api/campaigns';
import { AddFromPeople } from '@console/features/people/components/add-from-people';
import { LinksExport } from './links-export';
import { RecipientsList } from './recipients-list';
import { RecipientsUpload } from './recipients-upload';
import './recipients.css';

export function RecipientsPage() {
  const { t } = useT();
  const { t: th } = useHomeT();
  const { id = '' } = useParams();
  const { user } = useSession();
  const campaign = useCampaign(id).data?.campaign;
  const canChange = hasRole(user.role, 'operator');
  const name = campaign?.name ?? '';
  return (
    <>
      <p className="muted">
        <Link to={`/campaigns/${id}`}>{name ? t('recipients.back', { name }) : t('overview.back')}</Link>
      </p>
      <PageHeading actions={canChange && <LinksExport campaignId={id} fileName={slug(name)} />}>
        {t('recipients.title')}
      </PageHeading>
      {!canChange && <Notice>{th('recipients.linksHidden')}</Notice>}
      {canChange && campaign?.status !== 'ended' && <RecipientsUpload campaignId={id} />}
      {canChange && campaign?.status !== 'ended' && <AddFromPeople campaignId={id} />}
      <RecipientsList campaignId={id} canChange={canChange} />
    </>
  );
}
