/** A neutral landing page: it says nothing about the product or simulations. */
import { useTranslation } from 'react-i18next';
import { Page } from '@web/components/ui/page';
import { useDocumentTitle } from '@web/lib/use-document-title';

export function DefaultRoute() {
  const { t } = useTranslation();
  useDocumentTitle(t('default.title'));
  return (
    <Page title={t('default.title')} next={t('default.next')}>
      <p>{t('default.body')}</p>
    </Page>
  );
}
