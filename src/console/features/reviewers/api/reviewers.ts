/**
 * The reviewers' queue calls: reported URLs, reviewer links (mint, list, revoke), one URL's
 * decision history, and the malicious-URL database (list, import, export).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  decisionHistorySchema,
  mintedReviewerLinkSchema,
  reviewerLinksSchema,
} from '../../../../shared/dashboard';
import { MALICIOUS_URL_SOURCES } from '../../../../shared/malicious-urls';
import { reportedUrlSchema, type ReportedUrl } from '../../../../shared/reported-urls';
import { api, apiText } from '../../../lib/api';

export type { ReportedUrl };

const maliciousUrlSchema = z.object({
  url: z.string(),
  source: z.enum(MALICIOUS_URL_SOURCES),
  created_at: z.string(),
});

const keys = {
  reports: ['reports'] as const,
  links: ['reviewer-links'] as const,
  malicious: ['malicious-urls'] as const,
};

export function useReports() {
  return useQuery({
    queryKey: keys.reports,
    queryFn: ({ signal }) =>
      api('/api/admin/reports', { schema: z.object({ reports: z.array(reportedUrlSchema) }), signal }),
  });
}

export function useReviewerLinks() {
  return useQuery({
    queryKey: keys.links,
    queryFn: ({ signal }) => api('/api/admin/reviewer-links', { schema: reviewerLinksSchema, signal }),
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

export function useMintReviewerLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { urls?: string[]; pending?: boolean; reviewer: string; expires_in_hours: number }) =>
      api('/api/admin/reviewer-links', { method: 'POST', body, schema: mintedReviewerLinkSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.links }),
  });
}

export function useRevokeReviewerLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api(`/api/admin/reviewer-links/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.links }),
  });
}

export function useMaliciousUrls() {
  return useQuery({
    queryKey: keys.malicious,
    queryFn: ({ signal }) =>
      api('/api/admin/malicious-urls', { schema: z.object({ urls: z.array(maliciousUrlSchema) }), signal }),
  });
}

export function useImportMaliciousUrls() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (urls: string[]) =>
      api('/api/admin/malicious-urls', {
        method: 'POST',
        body: { urls },
        schema: z.object({ received: z.number().int(), added: z.number().int() }),
      }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: keys.malicious }),
        queryClient.invalidateQueries({ queryKey: keys.reports }),
      ]),
  });
}

export function fetchMaliciousUrlsText(): Promise<string> {
  return apiText('/api/admin/malicious-urls.txt');
}
