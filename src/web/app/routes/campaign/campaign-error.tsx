/** /campaign/campaign-error: a neutral error, in the recipient's language. */
import { useT } from '@web/hooks/use-t';
import { Page } from '@web/components/page';
import { useDocumentTitle } from '@web/hooks/use-document-title';

export function CampaignErrorRoute() {
  const { t } = useT();
  useDocumentTitle(t('campaignError.title'));
  return (
    <Page title={t('campaignError.title')} next={t('campaignError.next')}>
      <p>{t('campaignError.body')}</p>
    </Page>
  );
}
