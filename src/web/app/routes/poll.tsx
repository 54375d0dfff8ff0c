/** /poll: the reviewer page. */
import { useTranslation } from 'react-i18next';
import { Page } from '../../components/ui/page';
import { useDocumentTitle } from '../../lib/use-document-title';

export function PollRoute() {
  const { t } = useTranslation();
  useDocumentTitle(t('poll.title'));
  return <Page title={t('poll.title')} />;
}
