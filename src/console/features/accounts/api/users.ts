/** The tenant's console users (owner only): list, create, change role or access, reset password. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { userSchema, usersSchema, type NewUserInput, type UserChangeInput } from '@shared/admin-api';
import { api } from '@console/lib/api';

const USERS_KEY = ['users'] as const;
const path = (id: string) => `/api/admin/users/${encodeURIComponent(id)}`;

export function useUsers() {
  return useQuery({
    queryKey: USERS_KEY,
    queryFn: ({ signal }) => api('/api/admin/users', { schema: usersSchema, signal }),
    select: (data) => data.users,
  });
}

function useUsersMutation<V, R>(mutationFn: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: USERS_KEY }) });
}

export function useCreateUser() {
  return useUsersMutation((body: NewUserInput) =>
    api('/api/admin/users', { method: 'POST', body, schema: userSchema }),
  );
}

export function useChangeUser() {
  return useUsersMutation(({ id, change }: { id: string; change: UserChangeInput }) =>
    api(path(id), { method: 'PATCH', body: change, schema: userSchema }),
  );
}

export function useResetPassword() {
  return useMutation({
    mutationFn: ({ id, password }: { id: string; password: string }) =>
      api(`${path(id)}/password`, { method: 'POST', body: { password } }),
  });
}
