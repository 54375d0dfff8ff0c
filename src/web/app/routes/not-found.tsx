/** Any unknown path: a neutral not-found page. */
import { useTranslation } from 'react-i18next';
import { Page } from '@web/components/ui/page';
import { useDocumentTitle } from '@web/lib/use-document-title';

export function NotFoundRoute() {
  const { t } = useTranslation();
  useDocumentTitle(t('notFound.title'));
  return (
    <Page title={t('notFound.title')} next={t('notFound.next')}>
      <p>{t('notFound.body')}</p>
    </Page>
  );
}
