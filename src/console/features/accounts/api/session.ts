/**
 * The signed-in operator: loaded once (GET /api/admin/session), set by sign-in, cleared by
 * sign-out or by any 401. The CSRF token travels with it into api().
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { sessionSchema, type Session, type SignIn } from '@shared/admin-api';
import { ApiError } from '@shared/api-client';
import { api, setCsrfToken } from '@console/lib/api';

export const SESSION_KEY = ['session'] as const;

async function fetchSession(): Promise<Session | null> {
  try {
    const session = await api('/api/admin/session', { schema: sessionSchema });
    setCsrfToken(session.csrf_token);
    return session;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) {
      setCsrfToken(undefined);
      return null;
    }
    throw error;
  }
}

export function useSessionQuery() {
  return useQuery({ queryKey: SESSION_KEY, queryFn: fetchSession, staleTime: Infinity, retry: false });
}

/** The session inside the signed-in area (the session gate renders nothing there without one). */
export function useSession(): Session {
  const { data } = useSessionQuery();
  if (!data) throw new Error('useSession() outside the signed-in area');
  return data;
}

export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SignIn) => api('/api/admin/session', { method: 'POST', body, schema: sessionSchema }),
    onSuccess: (session) => {
      setCsrfToken(session.csrf_token);
      queryClient.setQueryData(SESSION_KEY, session);
    },
  });
}

export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api('/api/admin/session', { method: 'DELETE' }),
    // Signed out locally even if the server call failed: the operator asked to leave.
    onSettled: () => {
      setCsrfToken(undefined);
      queryClient.clear();
      queryClient.setQueryData(SESSION_KEY, null);
    },
  });
}
