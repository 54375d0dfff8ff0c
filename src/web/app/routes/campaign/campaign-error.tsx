/** /campaign/campaign-error: a neutral error, in the recipient's language. */
import { useTranslation } from 'react-i18next';
import { Page } from '@web/components/ui/page';
import { useDocumentTitle } from '@web/lib/use-document-title';

export function CampaignErrorRoute() {
  const { t } = useTranslation();
  useDocumentTitle(t('campaignError.title'));
  return (
    <Page title={t('campaignError.title')} next={t('campaignError.next')}>
      <p>{t('campaignError.body')}</p>
    </Page>
  );
}
