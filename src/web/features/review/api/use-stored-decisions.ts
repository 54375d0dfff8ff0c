/**
 * The stored decisions of the page's token, loaded on open and again after each submit.
 * A failure leaves the rows as they are (the seed's page works without it); an answer that says
 * the link itself is refused (401) is kept so the page can say so.
 */
import { useCallback, useEffect, useState } from 'react';
import type { CurrentDecision } from '@shared/poll';
import type { ErrorCode } from '@shared/errors';
import { ApiError } from '@shared/api-client';
import { byUrl } from '../lib/stored-decisions';
import { fetchDecisions } from './fetch-decisions';

export type StoredDecisions =
  | { status: 'loading' }
  | { status: 'loaded'; byUrl: ReadonlyMap<string, CurrentDecision> }
  | { status: 'refused'; code: ErrorCode }
  | { status: 'unavailable' };

export function useStoredDecisions(token: string | null): [StoredDecisions, () => void] {
  const [state, setState] = useState<StoredDecisions>({ status: 'loading' });
  const [version, setVersion] = useState(0);
  useEffect(() => {
    if (token === null) return;
    let current = true;
    fetchDecisions(token).then(
      (decisions) => {
        if (current) setState({ status: 'loaded', byUrl: byUrl(decisions) });
      },
      (error: unknown) => {
        if (!current) return;
        if (error instanceof ApiError && error.status === 401)
          setState({ status: 'refused', code: error.code });
        // Keep what was shown: a later refresh failing says nothing new about the decisions.
        else setState((before) => (before.status === 'loaded' ? before : { status: 'unavailable' }));
      },
    );
    return () => {
      current = false;
    };
  }, [token, version]);
  const refresh = useCallback(() => setVersion((v) => v + 1), []);
  return [state, refresh];
}
