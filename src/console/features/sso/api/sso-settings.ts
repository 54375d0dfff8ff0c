/** The tenant's single sign-on settings (owners read and change them). */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ssoSettingsSchema, type SsoSettingsInput } from '@shared/sso';
import { api } from '@console/lib/api';

const PATH = '/api/admin/settings/sso';
const SSO_KEY = ['settings', 'sso'] as const;

export function useSsoSettings() {
  return useQuery({
    queryKey: SSO_KEY,
    queryFn: ({ signal }) => api(PATH, { schema: ssoSettingsSchema, signal }),
  });
}

export function useSaveSsoSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SsoSettingsInput) => api(PATH, { method: 'PUT', body, schema: ssoSettingsSchema }),
    onSuccess: (data) => queryClient.setQueryData(SSO_KEY, data),
  });
}
