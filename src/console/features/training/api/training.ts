/** The training policy and the training assigned, from the operator API, parsed with their shared schemas. */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  trainingListSchema,
  trainingPolicySchema,
  type TrainingPolicyInput,
  type TrainingStatus,
} from '@shared/training';
import { api } from '@console/lib/api';

const POLICY_KEY = ['training', 'policy'] as const;

export function useTrainingPolicy() {
  return useQuery({
    queryKey: POLICY_KEY,
    queryFn: ({ signal }) => api('/api/admin/training/policy', { schema: trainingPolicySchema, signal }),
  });
}

export function useSaveTrainingPolicy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TrainingPolicyInput) =>
      api('/api/admin/training/policy', { method: 'PUT', body: input, schema: trainingPolicySchema }),
    onSuccess: (policy) => queryClient.setQueryData(POLICY_KEY, policy),
  });
}

export function useTrainingAssignments(status: TrainingStatus | '') {
  return useQuery({
    queryKey: ['training', 'assignments', status],
    queryFn: ({ signal }) => {
      const params = new URLSearchParams({ limit: '200' });
      if (status) params.set('status', status);
      return api(`/api/admin/training/assignments?${params}`, { schema: trainingListSchema, signal });
    },
    placeholderData: keepPreviousData,
  });
}
