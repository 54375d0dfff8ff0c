/** Sending calls of the operator API: profiles to pick from, a campaign's progress and its controls. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { sendingProfilesSchema, sendingProgressSchema, type SendingPlan } from '@shared/sending';
import { api } from '@console/lib/api';

const path = (id: string) => `/api/admin/campaigns/${encodeURIComponent(id)}/sending`;
const progressKey = (id: string) => ['campaigns', id, 'sending'] as const;

export function useSendingProfiles() {
  return useQuery({
    queryKey: ['sending-profiles'],
    queryFn: ({ signal }) => api('/api/admin/sending-profiles', { schema: sendingProfilesSchema, signal }),
    select: (data) => data.profiles,
  });
}

/** Progress, refreshed every few seconds while messages are queued or going out. */
export function useSendingProgress(id: string) {
  return useQuery({
    queryKey: progressKey(id),
    queryFn: ({ signal }) => api(path(id), { schema: sendingProgressSchema, signal }),
    refetchInterval: (query) => {
      const counts = query.state.data?.counts;
      return counts && counts.queued + counts.sending > 0 ? 3000 : false;
    },
  });
}

function useSendingChange<V>(id: string, call: (variables: V) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: progressKey(id) }),
  });
}

export function useStartSending(id: string) {
  return useSendingChange(id, (plan: Partial<SendingPlan> & { profile_id: string }) =>
    api(path(id), { method: 'POST', body: plan, schema: sendingProgressSchema }),
  );
}

export function useSendingAction(id: string) {
  return useSendingChange(id, (action: 'pause' | 'resume' | 'cancel') =>
    api(`${path(id)}/${action}`, { method: 'POST', schema: sendingProgressSchema }),
  );
}
