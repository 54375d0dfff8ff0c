/**
 * The signed-in user's two-step sign-in (status, set-up, turning it off) and an owner's reset of
 * another user's. Turning it on does not refresh the session at once: the recovery codes stay on
 * screen until the user says they saved them (see useFinishEnrolment).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { mfaEnabledSchema, mfaEnrolmentSchema, mfaStatusSchema } from '@shared/account';
import { api } from '@console/lib/api';
import { SESSION_KEY } from './session';

const MFA_KEY = ['account', 'mfa'] as const;

export function useMfaStatus() {
  return useQuery({
    queryKey: MFA_KEY,
    queryFn: ({ signal }) => api('/api/admin/account/mfa', { schema: mfaStatusSchema, signal }),
  });
}

export function useStartEnrolment() {
  return useMutation({
    mutationFn: () => api('/api/admin/account/mfa/start', { method: 'POST', schema: mfaEnrolmentSchema }),
  });
}

export function useConfirmEnrolment() {
  return useMutation({
    mutationFn: (code: string) =>
      api('/api/admin/account/mfa/confirm', { method: 'POST', body: { code }, schema: mfaEnabledSchema }),
  });
}

/** After the recovery codes were saved: the status and the session (no longer enrolment-only). */
export function useFinishEnrolment() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: MFA_KEY }),
      queryClient.invalidateQueries({ queryKey: SESSION_KEY }),
    ]);
}

export function useDisableMfa() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => api('/api/admin/account/mfa/disable', { method: 'POST', body: { code } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: MFA_KEY }),
  });
}

export function useResetMfa() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api(`/api/admin/users/${encodeURIComponent(id)}/mfa/reset`, { method: 'POST' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['users'] }),
  });
}
