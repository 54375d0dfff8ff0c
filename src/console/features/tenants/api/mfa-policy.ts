/** The tenant's "two-step sign-in required" policy (any role reads; an owner changes it). */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { mfaPolicySchema } from '@shared/account';
import { api } from '@console/lib/api';

const PATH = '/api/admin/settings/mfa';
const POLICY_KEY = ['settings', 'mfa'] as const;

export function useMfaPolicy() {
  return useQuery({
    queryKey: POLICY_KEY,
    queryFn: ({ signal }) => api(PATH, { schema: mfaPolicySchema, signal }),
    select: (data) => data.required,
  });
}

export function useSaveMfaPolicy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (required: boolean) =>
      api(PATH, { method: 'PUT', body: { required }, schema: mfaPolicySchema }),
    // Turning it on may hold this very session to it: the session says so on its next read.
    onSuccess: (data) => {
      queryClient.setQueryData(POLICY_KEY, data);
      return queryClient.invalidateQueries({ queryKey: ['session'] });
    },
  });
}
