/** /campaigns/:id/recipients: who takes part, adding more from CSV, and their personal links. */
import { useT } from '@console/hooks/use-t';
import { Link, useParams } from 'react-router';
import { PageHeading } from '@console/components/page-heading';
import { slug } from '@console/lib/download';
import { hasRole } from '@console/lib/roles';
import { useSession } from '@console/features/accounts/api/session';
import { useCampaign } from '@console/features/campaigns/api/campaigns';
import { LinksExport } from './links-export';
import { RecipientsList } from './recipients-list';
import { RecipientsUpload } from './recipients-upload';
import './recipients.css';

export function RecipientsPage() {
  const { t } = useT();
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
      <PageHeading actions={<LinksExport campaignId={id} fileName={slug(name)} />}>
        {t('recipients.title')}
      </PageHeading>
      {canChange && campaign?.status !== 'ended' && <RecipientsUpload campaignId={id} />}
      <RecipientsList campaignId={id} canChange={canChange} />
    </>
  );
}
