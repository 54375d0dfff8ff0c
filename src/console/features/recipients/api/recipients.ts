/** Recipient calls of the operator API: paged search, CSV import, removal and links. */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { importReportSchema, recipientLinksSchema, recipientPageSchema } from '@shared/admin-api';
import { api, apiText } from '@console/lib/api';
import { campaignKeys } from '@console/features/campaigns/api/campaigns';

export const PAGE_SIZE = 50;

export type { ImportReport } from '@shared/admin-api';

const base = (campaignId: string) => `/api/admin/campaigns/${encodeURIComponent(campaignId)}`;
const recipientsKey = (campaignId: string) => ['campaigns', campaignId, 'recipients'] as const;
const linksKey = (campaignId: string) => ['campaigns', campaignId, 'links'] as const;

export function useRecipients(campaignId: string, q: string, offset: number) {
  return useQuery({
    queryKey: [...recipientsKey(campaignId), { q, offset }],
    queryFn: ({ signal }) => {
      const params = new URLSearchParams({ q, offset: String(offset), limit: String(PAGE_SIZE) });
      return api(`${base(campaignId)}/recipients?${params}`, { schema: recipientPageSchema, signal });
    },
    // The current page stays on screen while the next one loads.
    placeholderData: keepPreviousData,
  });
}

function useRefreshRecipients(campaignId: string) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: recipientsKey(campaignId) }),
      queryClient.invalidateQueries({ queryKey: linksKey(campaignId) }),
      queryClient.invalidateQueries({ queryKey: campaignKeys.all }),
    ]);
}

export function useImportRecipients(campaignId: string) {
  const refresh = useRefreshRecipients(campaignId);
  return useMutation({
    mutationFn: (csv: string) =>
      api(`${base(campaignId)}/recipients`, {
        method: 'POST',
        body: csv,
        contentType: 'text/csv',
        schema: importReportSchema,
      }),
    onSuccess: refresh,
  });
}

export function useRemoveRecipient(campaignId: string) {
  const refresh = useRefreshRecipients(campaignId);
  return useMutation({
    mutationFn: (recipientId: string) =>
      api(`${base(campaignId)}/recipients/${encodeURIComponent(recipientId)}`, { method: 'DELETE' }),
    onSuccess: refresh,
  });
}

/** All links at once (the server has no per-recipient link call); kept while the page is open. */
export function useLinksLoader(campaignId: string) {
  const queryClient = useQueryClient();
  return () =>
    queryClient.fetchQuery({
      queryKey: linksKey(campaignId),
      queryFn: () => api(`${base(campaignId)}/links`, { schema: recipientLinksSchema }),
      staleTime: 60_000,
    });
}

export function fetchLinksCsv(campaignId: string): Promise<string> {
  return apiText(`${base(campaignId)}/links.csv`);
}
