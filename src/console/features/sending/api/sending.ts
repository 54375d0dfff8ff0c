/** Sending calls of the operator API: profiles to pick from, a campaign's progress and its controls. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  emailTestResultSchema,
  sendingHealthListSchema,
  sendingProfilesSchema,
  sendingProgressSchema,
  sendingSummarySchema,
  type SendingPlan,
} from '@shared/sending';
import type { LanguageCode } from '@shared/languages';
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

/** Progress, refreshed every few seconds while messages wait to go out (so a failure shows at once). */
export function useSendingProgress(id: string) {
  return useQuery({
    queryKey: progressKey(id),
    queryFn: ({ signal }) => api(path(id), { schema: sendingProgressSchema, signal }),
    refetchInterval: (query) => {
      const data = query.state.data;
      return data?.state === 'running' && data.counts.queued + data.counts.sending > 0 ? 3000 : false;
    },
  });
}

/** Every sending campaign's health (ok, failing, paused for failures), for the campaign list. */
export function useSendingHealth() {
  return useQuery({
    queryKey: ['sending-health'],
    queryFn: ({ signal }) => api('/api/admin/sending-health', { schema: sendingHealthListSchema, signal }),
    select: (data) => new Map(data.campaigns.map((c) => [c.campaign_id, c])),
    refetchInterval: 15_000,
  });
}

export type SummaryPlan = Omit<SendingPlan, 'profile_id'> & { starts_at?: string };

/** What a plan would do (messages, first and last time, per hour), from the server. */
export function useSendingSummary(id: string, plan: SummaryPlan, enabled: boolean) {
  return useQuery({
    queryKey: ['campaigns', id, 'sending-summary', plan],
    queryFn: ({ signal }) =>
      api(`${path(id)}/summary`, { method: 'POST', body: plan, schema: sendingSummarySchema, signal }),
    enabled,
    placeholderData: (previous) => previous,
  });
}

/** "Send me this e-mail": the campaign's e-mail in one language through a profile. */
export function useEmailTest(id: string) {
  return useMutation({
    mutationFn: (body: { profile_id: string; to: string; language: LanguageCode }) =>
      api(`/api/admin/campaigns/${encodeURIComponent(id)}/email-test`, {
        method: 'POST',
        body,
        schema: emailTestResultSchema,
      }),
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
