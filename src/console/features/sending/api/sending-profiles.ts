/** Sending profiles (SMTP relays) of the operator API: list, create, replace, delete, test. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sendingProfileSchema, testMessageReplySchema, type SendingProfileInput } from '@shared/sending';
import { api } from '@console/lib/api';

const PROFILES_KEY = ['sending-profiles'] as const;
const path = (id: string) => `/api/admin/sending-profiles/${encodeURIComponent(id)}`;

function useProfilesMutation<V, R>(mutationFn: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PROFILES_KEY }),
  });
}

/** Creates (no id) or replaces a profile; a body without `password` keeps the stored one. */
export function useSaveProfile() {
  return useProfilesMutation(({ id, body }: { id: string | null; body: SendingProfileInput }) =>
    id
      ? api(path(id), { method: 'PUT', body, schema: sendingProfileSchema })
      : api('/api/admin/sending-profiles', { method: 'POST', body, schema: sendingProfileSchema }),
  );
}

export function useDeleteProfile() {
  return useProfilesMutation((id: string) => api(path(id), { method: 'DELETE' }));
}

export function useTestProfile() {
  return useMutation({
    mutationFn: ({ id, to }: { id: string; to: string }) =>
      api(`${path(id)}/test`, { method: 'POST', body: { to }, schema: testMessageReplySchema }),
  });
}
