/** A neutral landing page: it says nothing about the product or simulations. */
import { useT } from '@web/hooks/use-t';
import { Page } from '@web/components/page';
import { useDocumentTitle } from '@web/hooks/use-document-title';

export function DefaultRoute() {
  const { t } = useT();
  useDocumentTitle(t('default.title'));
  return (
    <Page title={t('default.title')} next={t('default.next')}>
      <p>{t('default.body')}</p>
    </Page>
  );
}
