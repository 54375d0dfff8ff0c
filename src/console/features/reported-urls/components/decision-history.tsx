/** Every decision on one URL, oldest first, with its reviewer and the link it came through. */
import { ErrorAlert } from '@console/components/error-alert';
import { formatDateTime } from '@console/lib/format';
import { useResultsT } from '@console/hooks/use-results-t';
import { useDecisionHistory } from '../api/reported-urls';

export function DecisionHistory({ url }: { url: string }) {
  const { t } = useResultsT();
  const history = useDecisionHistory(url);
  return (
    <div className="reviewers__history" aria-live="polite">
      <h3>{t('reviewers.historyFor', { url })}</h3>
      <ErrorAlert error={history.error} />
      {history.data &&
        (history.data.decisions.length === 0 ? (
          <p>{t('reviewers.noDecisions')}</p>
        ) : (
          <ol>
            {history.data.decisions.map((d, i) => (
              <li key={i}>
                {formatDateTime(d.at)} —{' '}
                {d.decision === ''
                  ? t('decision.none')
                  : t(d.decision === 'TP' ? 'decision.TP' : 'decision.FP')}
                {d.reviewer && <> · {d.reviewer}</>}
              </li>
            ))}
          </ol>
        ))}
    </div>
  );
}
