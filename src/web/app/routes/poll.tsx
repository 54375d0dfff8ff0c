/** /poll: the reviewer page. The token comes from query parameter `p`. */
import { useT } from '@web/hooks/use-t';
import { useSearchParams } from 'react-router';
import { ReviewPage } from '@web/features/review/components/review-page';
import { useDocumentTitle } from '@web/hooks/use-document-title';

export function PollRoute() {
  const { t } = useT();
  const [params] = useSearchParams();
  useDocumentTitle(t('poll.title'));
  const token = params.get('p');
  // Keyed by token: another link starts a fresh list instead of keeping the old rows.
  return <ReviewPage key={token ?? ''} token={token} />;
}
