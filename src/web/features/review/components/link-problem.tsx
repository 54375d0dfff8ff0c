/**
 * What is wrong with the review link, and what to do, in the reviewer's language. The technical
 * reason (the seed's 'Invalid token specified: …') stays available in a details line.
 */
import { Notice } from '@web/components/notice';
import { useT } from '@web/hooks/use-t';

type Problem = 'invalid' | 'none' | 'expired' | 'refused';

export function LinkProblem({ kind, reason }: { kind: Problem; reason?: string }) {
  const { t } = useT();
  const message = {
    invalid: t('poll.invalidLink'),
    none: t('poll.noLink'),
    expired: t('poll.expiredLink'),
    refused: t('poll.refusedLink'),
  }[kind];
  // No link is no error: the page was simply opened without one.
  if (kind === 'none') {
    return (
      <Notice>
        <p>{message}</p>
      </Notice>
    );
  }
  return (
    <Notice tone="error">
      <p>{message}</p>
      {reason !== undefined && (
        <details className="review-reason">
          <summary>{t('poll.technicalDetails')}</summary>
          <p dir="ltr" translate="no">
            {reason}
          </p>
        </details>
      )}
    </Notice>
  );
}
