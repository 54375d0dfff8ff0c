/** Scenario calls of the operator API: the library in a language, one scenario, a campaign from one, copies. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  scenarioCampaignSchema,
  scenarioDetailSchema,
  scenarioListSchema,
  type ScenarioEdit,
  type ScenarioListQuery,
} from '@shared/scenario-api';
import { api } from '@console/lib/api';
import { campaignKeys } from '@console/features/campaigns/api/campaigns';

const SCENARIOS_KEY = ['scenarios'] as const;
const path = (id: string) => `/api/admin/scenarios/${encodeURIComponent(id)}`;

export function useScenarios(query: ScenarioListQuery) {
  return useQuery({
    queryKey: [...SCENARIOS_KEY, 'list', query],
    queryFn: ({ signal }) => {
      const params = new URLSearchParams({ language: query.language });
      if (query.difficulty !== undefined) params.set('difficulty', String(query.difficulty));
      if (query.lure) params.set('lure', query.lure);
      return api(`/api/admin/scenarios?${params}`, { schema: scenarioListSchema, signal });
    },
    select: (data) => data.scenarios,
  });
}

export function useScenario(id: string) {
  return useQuery({
    queryKey: [...SCENARIOS_KEY, 'one', id],
    queryFn: ({ signal }) => api(path(id), { schema: scenarioDetailSchema, signal }),
  });
}

export function useStartCampaign(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) =>
      api(`${path(id)}/campaign`, { method: 'POST', body: { name }, schema: scenarioCampaignSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: campaignKeys.all }),
  });
}

export function useCopyScenario(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (title: string | undefined) =>
      api(`${path(id)}/copy`, { method: 'POST', body: title ? { title } : {}, schema: scenarioDetailSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SCENARIOS_KEY }),
  });
}

export function useSaveScenario(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (edit: ScenarioEdit) =>
      api(path(id), { method: 'PUT', body: edit, schema: scenarioDetailSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SCENARIOS_KEY }),
  });
}

export function useDeleteScenario(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api(path(id), { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SCENARIOS_KEY }),
  });
}
