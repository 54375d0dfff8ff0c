/** /poll: the reviewer page. The token comes from query parameter `p`. */
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ReviewPage } from '@web/features/review/components/review-page';
import { useDocumentTitle } from '@web/lib/use-document-title';

export function PollRoute() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  useDocumentTitle(t('poll.title'));
  const token = params.get('p');
  // Keyed by token: another link starts a fresh list instead of keeping the old rows.
  return <ReviewPage key={token ?? ''} token={token} />;
}
