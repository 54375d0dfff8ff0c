/** The tenant's API keys (owner only): list by prefix, create one (shown once), revoke one. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiKeysSchema, createdApiKeySchema } from '@shared/tenants';
import { api } from '@console/lib/api';

export type { ApiKey } from '@shared/tenants';

const KEYS_KEY = ['api-keys'] as const;

export function useApiKeys() {
  return useQuery({
    queryKey: KEYS_KEY,
    queryFn: ({ signal }) => api('/api/admin/keys', { schema: apiKeysSchema, signal }),
    select: (data) => data.keys,
  });
}

function useKeysMutation<V, R>(mutationFn: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: KEYS_KEY }) });
}

export function useCreateApiKey() {
  return useKeysMutation(() => api('/api/admin/keys', { method: 'POST', schema: createdApiKeySchema }));
}

export function useRevokeApiKey() {
  return useKeysMutation((prefix: string) =>
    api(`/api/admin/keys/${encodeURIComponent(prefix)}`, { method: 'DELETE' }),
  );
}
