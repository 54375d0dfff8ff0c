/**
 * The reviewer page (/poll): lists the URLs of the poll token, keeps each row's decision and
 * sends it through the decision queue. A failed call shows nothing (seed) but is retried, not lost.
 * Beside each row: the decision already stored (loaded with the same token). A link that cannot
 * be read, or no link at all, gets a message in the reviewer's language instead of a table.
 */
import { useMemo, useState } from 'react';
import { useT } from '@web/hooks/use-t';
import { useDecisionQueue } from '../hooks/use-decision-queue';
import { useStoredDecisions } from '../api/use-stored-decisions';
import { choose, decisionOf, markSubmitted, rowsFromUrls, type Choice, type PollRow } from '../lib/poll-row';
import { readPollToken } from '../lib/read-poll-token';
import { LinkProblem } from './link-problem';
import { ReviewRow } from './review-row';
import './review.css';

export function ReviewPage({ token }: { token: string | null }) {
  const { t } = useT();
  const state = useMemo(() => readPollToken(token), [token]);
  const [rows, setRows] = useState<PollRow[]>(() =>
    state.status === 'valid' ? rowsFromUrls(state.urls) : [],
  );
  const decisionQueue = useDecisionQueue();
  const [stored, refreshStored] = useStoredDecisions(state.status === 'valid' ? state.token : null);

  const update = (index: number, change: (row: PollRow) => PollRow) =>
    setRows((current) => current.map((row, i) => (i === index ? change(row) : row)));
  const submit = (row: PollRow, index: number) => {
    if (state.status !== 'valid') return;
    update(index, markSubmitted);
    void decisionQueue
      .enqueue({ token: state.token, url: row.url, decision: decisionOf(row) })
      .then(refreshStored);
  };

  return (
    <main className="page">
      <div className="card card--wide">
        <h1>{t('poll.title')}</h1>
        {state.status === 'invalid' && <LinkProblem kind="invalid" reason={state.reason} />}
        {state.status === 'none' && <LinkProblem kind="none" />}
        {stored.status === 'refused' && (
          <LinkProblem kind={stored.code === 'token_expired' ? 'expired' : 'refused'} />
        )}
        {state.status === 'valid' && rows.length === 0 && (
          <p className="muted review-empty">{t('poll.empty')}</p>
        )}
        {rows.length > 0 && (
          <table className="review-table">
            <thead>
              <tr>
                <th scope="col">{t('poll.urls')}</th>
                <th scope="col">{t('poll.truePositive')}</th>
                <th scope="col">{t('poll.falsePositive')}</th>
                <th scope="col">
                  <span className="visually-hidden">{t('poll.action')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row, index) => (
                <ReviewRow
                  key={row.url}
                  row={row}
                  onChoose={(choice: Choice) => update(index, (r) => choose(r, choice))}
                  onSubmit={() => submit(row, index)}
                  stored={stored.status === 'loaded' ? stored.byUrl.get(row.url) : undefined}
                  storedKnown={stored.status === 'loaded'}
                />
              ))}
            </tbody>
          </table>
        )}
      </div>
    </main>
  );
}
