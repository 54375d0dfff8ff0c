/** The tenant's malicious-URL database: list, import, export (the server's `malicious-urls`). */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { MALICIOUS_URL_SOURCES } from '@shared/malicious-urls';
import { api, apiText } from '@console/lib/api';
import { reportedUrlsKey } from '@console/features/reported-urls/api/reported-urls';

const maliciousUrlSchema = z.object({
  url: z.string(),
  source: z.enum(MALICIOUS_URL_SOURCES),
  created_at: z.string(),
});

const maliciousKey = ['malicious-urls'] as const;

export function useMaliciousUrls() {
  return useQuery({
    queryKey: maliciousKey,
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
        queryClient.invalidateQueries({ queryKey: maliciousKey }),
        queryClient.invalidateQueries({ queryKey: reportedUrlsKey }),
      ]),
  });
}


export function fetchMaliciousUrlsText(): Promise<string> {
  return apiText('/api/admin/malicious-urls.txt');
}
