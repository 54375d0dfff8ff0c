/**
 * A sending profile's allow-listing assistant: the values for each vendor (with the relay's
 * outbound addresses once given) and the checks, read again every few seconds while one watches.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { allowlistCheckSchema, allowlistChecksSchema, allowlistSchema } from '@shared/sending';
import { api } from '@console/lib/api';

const path = (id: string) => `/api/admin/sending-profiles/${encodeURIComponent(id)}`;
const checksKey = (id: string) => ['sending-profiles', id, 'allowlist-checks'] as const;

function allowlistQuery(id: string, sendingIps: string) {
  const query = sendingIps ? `?${new URLSearchParams({ sending_ips: sendingIps }).toString()}` : '';
  return queryOptions({
    queryKey: ['sending-profiles', id, 'allowlist', sendingIps],
    queryFn: ({ signal }) => api(`${path(id)}/allowlist${query}`, { schema: allowlistSchema, signal }),
  });
}

export function useAllowlist(id: string, sendingIps: string) {
  return useQuery(allowlistQuery(id, sendingIps));
}

/** Asks for the values with these addresses; resolves once they are known (a 400 when one is not an address). */
export function useFillSendingIps(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (sendingIps: string) => {
      await queryClient.fetchQuery(allowlistQuery(id, sendingIps));
      return sendingIps;
    },
  });
}

/** The latest checks; read every 3 s while one still watches its link. */
export function useAllowlistChecks(id: string) {
  return useQuery({
    queryKey: checksKey(id),
    queryFn: ({ signal }) => api(`${path(id)}/allowlist-checks`, { schema: allowlistChecksSchema, signal }),
    select: (data) => data.checks,
    refetchInterval: (query) => {
      const now = Date.now();
      const watching = query.state.data?.checks.some(
        (check) => check.window_ends_at !== null && Date.parse(check.window_ends_at) > now,
      );
      return watching ? 3000 : false;
    },
  });
}

export function useStartAllowlistCheck(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (to: string) =>
      api(`${path(id)}/allowlist-checks`, { method: 'POST', body: { to }, schema: allowlistCheckSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: checksKey(id) }),
  });
}
