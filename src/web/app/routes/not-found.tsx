/** Any unknown path: a neutral not-found page. */
import { useT } from '@web/hooks/use-t';
import { Page } from '@web/components/page';
import { useDocumentTitle } from '@web/hooks/use-document-title';

export function NotFoundRoute() {
  const { t } = useT();
  useDocumentTitle(t('notFound.title'));
  return (
    <Page title={t('notFound.title')} next={t('notFound.next')}>
      <p>{t('notFound.body')}</p>
    </Page>
  );
}
