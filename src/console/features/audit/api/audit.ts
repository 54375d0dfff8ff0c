/** The audit log (owner only), newest first, filtered on the server, fetched 50 at a time. */
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { auditActorsSchema, auditPageSchema } from '@shared/audit';
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
