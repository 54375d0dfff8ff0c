/** Results calls of the operator API: the live dashboard, the recipients table, drill-down, trends. */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  dashboardSchema,
  recipientActivitySchema,
  recipientTableSchema,
  trendsSchema,
  type RecipientTableQuery,
} from '@shared/dashboard';
import { api } from '@console/lib/api';

/** The dashboard is live: new events show within this long, without a reload. */
export const LIVE_INTERVAL_MS = 3000;

const base = (campaignId: string) => `/api/admin/campaigns/${encodeURIComponent(campaignId)}`;

export function useDashboard(campaignId: string) {
  return useQuery({
    queryKey: ['campaigns', campaignId, 'dashboard'],
    queryFn: ({ signal }) => api(`${base(campaignId)}/dashboard`, { schema: dashboardSchema, signal }),
    refetchInterval: LIVE_INTERVAL_MS,
    refetchIntervalInBackground: false,
  });
}

export type RecipientFilters = Partial<Omit<RecipientTableQuery, 'offset' | 'limit' | 'sort' | 'order'>> &
  Pick<RecipientTableQuery, 'sort' | 'order' | 'offset' | 'limit'>;

export function recipientTablePath(campaignId: string, filters: RecipientFilters): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  return `${base(campaignId)}/results/recipients?${params}`;
}

export function useRecipientTable(campaignId: string, filters: RecipientFilters) {
  return useQuery({
    queryKey: ['campaigns', campaignId, 'results-recipients', filters],
    queryFn: ({ signal }) =>
      api(recipientTablePath(campaignId, filters), { schema: recipientTableSchema, signal }),
    placeholderData: keepPreviousData,
    refetchInterval: LIVE_INTERVAL_MS,
  });
}

/** Every recipient the filters match, page by page, for the CSV export. */
export async function fetchAllRecipients(campaignId: string, filters: RecipientFilters) {
  const items = [];
  for (let offset = 0; ; offset += 500) {
    const page = await api(recipientTablePath(campaignId, { ...filters, offset, limit: 500 }), {
      schema: recipientTableSchema,
    });
    items.push(...page.items);
    if (offset + 500 >= page.total) return items;
  }
}

export function useRecipientActivity(campaignId: string, recipientId: string | undefined) {
  return useQuery({
    queryKey: ['campaigns', campaignId, 'activity', recipientId],
    queryFn: ({ signal }) =>
      api(`${base(campaignId)}/results/recipients/${encodeURIComponent(recipientId ?? '')}`, {
        schema: recipientActivitySchema,
        signal,
      }),
    enabled: recipientId !== undefined,
  });
}

export function useTrends() {
  return useQuery({
    queryKey: ['trends'],
    queryFn: ({ signal }) => api('/api/admin/trends', { schema: trendsSchema, signal }),
  });
}
