/** The tenant's API keys (owner only): list by prefix, create one (shown once), revoke one. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@console/lib/api';

const KEYS_KEY = ['api-keys'] as const;
const apiKeySchema = z.object({
  prefix: z.string(),
  created_at: z.string(),
  revoked_at: z.string().nullable(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;
const createdSchema = z.object({ api_key: z.string(), prefix: z.string() });

export function useApiKeys() {
  return useQuery({
    queryKey: KEYS_KEY,
    queryFn: ({ signal }) =>
      api('/api/admin/keys', { schema: z.object({ keys: z.array(apiKeySchema) }), signal }),
    select: (data) => data.keys,
  });
}

function useKeysMutation<V, R>(mutationFn: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: KEYS_KEY }) });
}

export function useCreateApiKey() {
  return useKeysMutation(() => api('/api/admin/keys', { method: 'POST', schema: createdSchema }));
}

export function useRevokeApiKey() {
  return useKeysMutation((prefix: string) =>
    api(`/api/admin/keys/${encodeURIComponent(prefix)}`, { method: 'DELETE' }),
  );
}
