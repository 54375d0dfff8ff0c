/** /campaign/campaign-completed: the end of the recipient journey. */
import { useTranslation } from 'react-i18next';
import { Page } from '../../../components/ui/page';

export function CampaignCompletedRoute() {
  const { t } = useTranslation();
  return <Page title={t('completed.title')} />;
}
