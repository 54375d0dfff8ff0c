/** The tenant's own offices and gateways (any role reads; an owner replaces the list). */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { egressNetworksSchema } from '@shared/tenants';
import { api } from '@console/lib/api';

const PATH = '/api/admin/settings/egress-networks';
const EGRESS_KEY = ['settings', 'egress-networks'] as const;

export function useEgressNetworks() {
  return useQuery({
    queryKey: EGRESS_KEY,
    queryFn: ({ signal }) => api(PATH, { schema: egressNetworksSchema, signal }),
    select: (data) => data.networks,
  });
}

export function useSaveEgressNetworks() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (networks: string[]) =>
      api(PATH, { method: 'PUT', body: { networks }, schema: egressNetworksSchema }),
    onSuccess: (data) => queryClient.setQueryData(EGRESS_KEY, data),
  });
}
