/** The audit log (owner only), newest first, filtered on the server, fetched 50 at a time. */
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { auditActorsSchema, auditPageSchema, auditRetentionSchema } from '@shared/audit';
import { api, apiText } from '@console/lib/api';
import { auditParams, type AuditFilters } from '../lib/audit-filters';

export const AUDIT_PAGE = 50;

export function useAudit(filters: AuditFilters) {
  return useInfiniteQuery({
    queryKey: ['audit', filters],
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam, signal }) => {
      const params = auditParams(filters);
      params.set('limit', String(AUDIT_PAGE));
      if (pageParam) params.set('before', pageParam);
      return api(`/api/admin/audit?${params}`, { schema: auditPageSchema, signal });
    },
    // A short page is the last one; otherwise continue before the oldest entry shown.
    getNextPageParam: (last) => (last.entries.length < AUDIT_PAGE ? undefined : last.entries.at(-1)?.at),
  });
}

export function useAuditActors() {
  return useQuery({
    queryKey: ['audit', 'actors'],
    queryFn: ({ signal }) => api('/api/admin/audit/actors', { schema: auditActorsSchema, signal }),
    select: (data) => data.actors,
  });
}

/** The filtered log as CSV, written by the server (formulas neutralised there). */
export function fetchAuditCsv(filters: AuditFilters): Promise<string> {
  return apiText(`/api/admin/audit.csv?${auditParams(filters)}`);
}

/** The filtered log as a JSON file, as the API answers it. */
export function fetchAuditJson(filters: AuditFilters): Promise<string> {
  return apiText(`/api/admin/audit.json?${auditParams(filters)}`);
}

const RETENTION = '/api/admin/settings/audit-retention';
const RETENTION_KEY = ['audit', 'retention'] as const;

export function useAuditRetention() {
  return useQuery({
    queryKey: RETENTION_KEY,
    queryFn: ({ signal }) => api(RETENTION, { schema: auditRetentionSchema, signal }),
    select: (data) => data.days,
  });
}

export function useSaveAuditRetention() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (days: number | null) =>
      api(RETENTION, { method: 'PUT', body: { days }, schema: auditRetentionSchema }),
    onSuccess: (data) => {
      queryClient.setQueryData(RETENTION_KEY, data);
      // The change is itself an entry of the log.
      return queryClient.invalidateQueries({ queryKey: ['audit'], exact: false });
    },
  });
}
