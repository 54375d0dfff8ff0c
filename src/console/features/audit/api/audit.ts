/** The audit log (owner only), newest first, fetched 50 at a time going back in time. */
import { useInfiniteQuery } from '@tanstack/react-query';
import { auditPageSchema } from '@shared/admin-api';
import { api } from '@console/lib/api';

export const AUDIT_PAGE = 50;

export function useAudit() {
  return useInfiniteQuery({
    queryKey: ['audit'],
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam, signal }) => {
      const params = new URLSearchParams({ limit: String(AUDIT_PAGE) });
      if (pageParam) params.set('before', pageParam);
      return api(`/api/admin/audit?${params}`, { schema: auditPageSchema, signal });
    },
    // A short page is the last one; otherwise continue before the oldest entry shown.
    getNextPageParam: (last) => (last.entries.length < AUDIT_PAGE ? undefined : last.entries.at(-1)?.at),
  });
}
