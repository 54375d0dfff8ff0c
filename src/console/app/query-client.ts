/**
 * One QueryClient for the console. A 401 from any call means the session ended (expired or
 * signed out elsewhere): the session is cleared, and the session gate shows the sign-in page.
 */
import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { SESSION_KEY } from '../features/accounts/api/session';
import { ApiError } from '@shared/api-client';
import { setCsrfToken } from '../lib/api';

export function createQueryClient(): QueryClient {
  const onError = (error: Error) => {
    if (!(error instanceof ApiError) || error.status !== 401) return;
    // The sign-in call itself answers 401 for a wrong password: that is not a lost session.
    if (client.getQueryData(SESSION_KEY) == null) return;
    setCsrfToken(undefined);
    client.setQueryData(SESSION_KEY, null);
  };
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError }),
    mutationCache: new MutationCache({ onError }),
    defaultOptions: {
      queries: {
        // Client errors (403, 404) will not change on retry; a flaky network might.
        retry: (count, error) =>
          !(error instanceof ApiError && error.answered && error.status < 500) && count < 2,
        refetchOnWindowFocus: false,
      },
    },
  });
  return client;
}
