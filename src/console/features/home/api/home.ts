/**
 * What the home page reads, each from the API the page it links to uses: the campaigns, the
 * trends (each campaign's rates), every sending campaign's health and the reported URLs.
 */
import { useQuery } from '@tanstack/react-query';
import { campaignListSchema } from '@shared/admin-api';
import { trendsSchema } from '@shared/dashboard';
import { reportedUrlsSchema } from '@shared/reported-urls';
import { sendingHealthListSchema } from '@shared/sending';
import { api } from '@console/lib/api';

export function useHomeCampaigns() {
  return useQuery({
    queryKey: ['home', 'campaigns'],
    queryFn: ({ signal }) => api('/api/admin/campaigns', { schema: campaignListSchema, signal }),
    select: (data) => data.campaigns,
  });
}

export function useHomeTrends() {
  return useQuery({
    queryKey: ['home', 'trends'],
    queryFn: ({ signal }) => api('/api/admin/trends', { schema: trendsSchema, signal }),
    select: (data) => data.campaigns,
  });
}

/** Refreshed every half minute: a failing relay should show here without a reload. */
export function useHomeSendingHealth() {
  return useQuery({
    queryKey: ['home', 'sending-health'],
    queryFn: ({ signal }) => api('/api/admin/sending-health', { schema: sendingHealthListSchema, signal }),
    select: (data) => data.campaigns,
    refetchInterval: 30_000,
  });
}

/** Reported URLs without a decision: the reviewers' queue. */
export function useReviewerQueue() {
  return useQuery({
    queryKey: ['home', 'reports'],
    queryFn: ({ signal }) => api('/api/admin/reports', { schema: reportedUrlsSchema, signal }),
    select: (data) => data.reports.filter((report) => report.decision === null).length,
  });
}
