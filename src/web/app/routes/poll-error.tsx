/** /poll when its page failed to render: a neutral message rather than an empty page. */
import { useTranslation } from 'react-i18next';
import { Page } from '@web/components/ui/page';
import { useDocumentTitle } from '@web/lib/use-document-title';

export function PollErrorRoute() {
  const { t } = useTranslation();
  useDocumentTitle(t('poll.title'));
  return (
    <Page title={t('poll.title')}>
      <p role="alert">{t('campaignError.body')}</p>
    </Page>
  );
}
