/** Campaign calls of the operator API, as react-query hooks; changes refresh the lists they touch. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  campaignDetailSchema,
  campaignLanguagesSchema,
  campaignListSchema,
  campaignSummarySchema,
  importedCampaignSchema,
} from '@shared/admin-api';
import { launchAnswerSchema, type LaunchRequest } from '@shared/sending';
import type { LanguageCode } from '@shared/languages';
import { api } from '@console/lib/api';

export const campaignKeys = {
  all: ['campaigns'] as const,
  detail: (id: string) => ['campaigns', id] as const,
  languages: (id: string) => ['campaigns', id, 'languages'] as const,
};

const path = (id: string) => `/api/admin/campaigns/${encodeURIComponent(id)}`;

export function useCampaigns() {
  return useQuery({
    queryKey: campaignKeys.all,
    queryFn: ({ signal }) => api('/api/admin/campaigns', { schema: campaignListSchema, signal }),
    select: (data) => data.campaigns,
  });
}

export function useCampaign(id: string) {
  return useQuery({
    queryKey: campaignKeys.detail(id),
    queryFn: ({ signal }) => api(path(id), { schema: campaignDetailSchema, signal }),
  });
}

/** The campaign file, for export: fetched when asked for, not kept. */
export function fetchCampaignFile(id: string) {
  return api(path(id), { schema: campaignDetailSchema });
}

export function useCampaignLanguages(id: string, enabled = true) {
  return useQuery({
    queryKey: campaignKeys.languages(id),
    queryFn: ({ signal }) => api(`${path(id)}/languages`, { schema: campaignLanguagesSchema, signal }),
    enabled,
  });
}

function useRefreshing<V, R>(mutationFn: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: campaignKeys.all }),
  });
}

export interface NewCampaign {
  name: string;
  language_code: LanguageCode;
  awareness: string;
}

/** A draft with the least a campaign file needs; the editor fills in the rest. */
export function useCreateCampaign() {
  return useRefreshing((draft: NewCampaign) =>
    api('/api/admin/campaigns?draft=true', {
      method: 'POST',
      body: {
        name: draft.name,
        language_code: draft.language_code,
        phishing: {},
        awareness: { content: draft.awareness },
        // Only the steps every campaign has content for; the editor adds the others as they are written.
        navigation: ['awareness', 'sei'],
      },
      schema: importedCampaignSchema,
    }),
  );
}

/** The file's text goes as is, so the server's errors can name its lines. */
export function useImportCampaign() {
  return useRefreshing((fileText: string) =>
    api('/api/admin/campaigns?draft=true', {
      method: 'POST',
      body: fileText,
      contentType: 'application/json',
      schema: importedCampaignSchema,
    }),
  );
}

export function useDuplicateCampaign() {
  return useRefreshing((id: string) =>
    api(`${path(id)}/duplicate`, { method: 'POST', schema: campaignSummarySchema }),
  );
}

export function useEndCampaign() {
  return useRefreshing((id: string) =>
    api(`${path(id)}/end`, { method: 'POST', schema: campaignSummarySchema }),
  );
}

/** Launches, and starts sending in the same step when the body has a plan. */
export function useLaunchCampaign(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: LaunchRequest) =>
      api(`${path(id)}/launch`, { method: 'POST', body, schema: launchAnswerSchema }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: campaignKeys.all });
      await queryClient.invalidateQueries({ queryKey: ['sending-health'] });
    },
  });
}
