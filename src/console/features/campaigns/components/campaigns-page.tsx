/** /campaigns: the list, and for operators the ways to start a new one. */
import { useT } from '@console/hooks/use-t';
import { isLanguageCode } from '@shared/languages';
import { ErrorAlert } from '@console/components/error-alert';
import { PageHeading } from '@console/components/page-heading';
import { hasRole } from '@console/lib/roles';
import { useSession } from '@console/features/accounts/api/session';
import { useCampaigns } from '../api/campaigns';
import { CampaignsTable } from './campaigns-table';
import { ImportCampaignForm } from './import-campaign-form';
import { NewCampaignForm } from './new-campaign-form';
import './campaigns.css';

export function CampaignsPage() {
  const { t, i18n } = useT();
  const { user } = useSession();
  const campaigns = useCampaigns();
  const canChange = hasRole(user.role, 'operator');
  const language = i18n.resolvedLanguage;
  return (
    <>
      <PageHeading>{t('campaigns.title')}</PageHeading>
      <ErrorAlert error={campaigns.error} />
      {campaigns.isPending && <p role="status">{t('loading')}</p>}
      {campaigns.data && <CampaignsTable campaigns={campaigns.data} canChange={canChange} />}
      {canChange && (
        <div className="campaigns__create">
          <NewCampaignForm initialLanguage={isLanguageCode(language) ? language : 'en'} />
          <ImportCampaignForm />
        </div>
      )}
    </>
  );
}
