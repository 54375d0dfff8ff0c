/**
 * Reported URLs: the reviewers' queue, adding to it, and one URL's decision history (the server's
 * `reported-urls` and `poll` modules).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { decisionHistorySchema } from '@shared/dashboard';
import { reportedUrlsAddedSchema, reportedUrlsSchema, type ReportUrlsBody } from '@shared/reported-urls';
import { api } from '@console/lib/api';

export type { ReportedUrl } from '@shared/reported-urls';

/** Also refreshed when the malicious-URL database changes (a URL's "known" mark). */
export const reportedUrlsKey = ['reports'] as const;

export function useReportedUrls() {
  return useQuery({
    queryKey: reportedUrlsKey,
    queryFn: ({ signal }) => api('/api/admin/reports', { schema: reportedUrlsSchema, signal }),
  });
}

/** Adds URLs to the queue (one reported before counts again), then refreshes the queue. */
export function useReportUrls() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ReportUrlsBody) =>
      api('/api/admin/reports', { method: 'POST', body, schema: reportedUrlsAddedSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reportedUrlsKey }),
  });
}

export function useDecisionHistory(url: string | undefined) {
  return useQuery({
    queryKey: ['reports', 'history', url],
    queryFn: ({ signal }) =>
      api(`/api/admin/reports/history?url=${encodeURIComponent(url ?? '')}`, {
        schema: decisionHistorySchema,
        signal,
      }),
    enabled: url !== undefined,
  });
}
