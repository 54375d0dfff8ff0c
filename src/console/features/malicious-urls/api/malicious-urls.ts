/** The tenant's malicious-URL database: list, import, export (the server's `malicious-urls`). */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { maliciousUrlsImportedSchema, maliciousUrlsSchema } from '@shared/malicious-urls';
import { api, apiText } from '@console/lib/api';
import { reportedUrlsKey } from '@console/features/reported-urls/api/reported-urls';

const maliciousKey = ['malicious-urls'] as const;

export function useMaliciousUrls() {
  return useQuery({
    queryKey: maliciousKey,
    queryFn: ({ signal }) => api('/api/admin/malicious-urls', { schema: maliciousUrlsSchema, signal }),
  });
}

export function useImportMaliciousUrls() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (urls: string[]) =>
      api('/api/admin/malicious-urls', {
        method: 'POST',
        body: { urls },
        schema: maliciousUrlsImportedSchema,
      }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: maliciousKey }),
        queryClient.invalidateQueries({ queryKey: reportedUrlsKey }),
      ]),
  });
}

export function fetchMaliciousUrlsText(): Promise<string> {
  return apiText('/api/admin/malicious-urls.txt');
}
