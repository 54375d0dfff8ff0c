/** /poll when its page failed to render: a neutral message rather than an empty page. */
import { useT } from '@web/hooks/use-t';
import { Page } from '@web/components/page';
import { useDocumentTitle } from '@web/hooks/use-document-title';

export function PollErrorRoute() {
  const { t } = useT();
  useDocumentTitle(t('poll.title'));
  return (
    <Page title={t('poll.title')}>
      <p role="alert">{t('campaignError.body')}</p>
    </Page>
  );
}
