/**
 * The editor's server state: the campaign and its file, saving the file, and the recipients'
 * languages. Answers are checked with the shared schemas.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { campaignDetailSchema, campaignLanguagesSchema, campaignSummarySchema } from '@shared/admin-api';
import type { CampaignFile } from '@shared/campaign';
import { api } from '@console/lib/api';

const base = (id: string) => `/api/admin/campaigns/${encodeURIComponent(id)}`;
/**
 * Not the shell's ['campaigns', id], which every campaign change invalidates: the editor seeds
 * its draft from this entry once. The languages answer is the same for both, so its entry is shared.
 */
export const campaignKey = (id: string) => ['campaign-editor', id] as const;
export const languagesKey = (id: string) => ['campaigns', id, 'languages'] as const;

export function useCampaign(id: string) {
  return useQuery({
    queryKey: campaignKey(id),
    queryFn: ({ signal }) => api(base(id), { schema: campaignDetailSchema, signal }),
    // The draft is seeded once; a background refetch must not look like someone else's edit.
    refetchOnWindowFocus: false,
  });
}

export function useSaveCampaign(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (file: CampaignFile) =>
      api(`${base(id)}/content`, { method: 'PUT', body: file, schema: campaignSummarySchema }),
    onSuccess: (campaign, file) => {
      client.setQueryData(campaignKey(id), { campaign, file });
      // The list, the overview and the languages coverage all read what was just saved.
      void client.invalidateQueries({ queryKey: ['campaigns'] });
    },
  });
}

export function useCampaignLanguages(id: string) {
  return useQuery({
    queryKey: languagesKey(id),
    queryFn: ({ signal }) => api(`${base(id)}/languages`, { schema: campaignLanguagesSchema, signal }),
  });
}
