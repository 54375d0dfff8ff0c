/** Automation calls of the operator API, parsed with their shared schemas, and what the create form chooses from. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  automationListSchema,
  automationPlanSchema,
  automationSchema,
  type AutomationInput,
} from '@shared/automations';
import type { LanguageCode } from '@shared/languages';
import { peopleFacetsSchema } from '@shared/people';
import { savedFiltersSchema } from '@shared/person-history';
import { sendingProfilesSchema } from '@shared/sending';
import { api } from '@console/lib/api';

const KEY = ['automations'] as const;
const path = (id: string) => `/api/admin/automations/${encodeURIComponent(id)}`;

export function useAutomations() {
  return useQuery({
    queryKey: [...KEY, 'list'],
    queryFn: ({ signal }) => api('/api/admin/automations', { schema: automationListSchema, signal }),
    select: (data) => data.automations,
  });
}

export function useCreateAutomation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AutomationInput) =>
      api('/api/admin/automations', { method: 'POST', body: input, schema: automationSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: KEY }),
  });
}

export function useSetAutomationState() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: 'pause' | 'resume' }) =>
      api(`${path(id)}/${action}`, { method: 'POST', schema: automationSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: KEY }),
  });
}

export function useAutomationPlan(id: string | undefined, language: LanguageCode) {
  return useQuery({
    queryKey: [...KEY, 'plan', id, language],
    enabled: id !== undefined,
    queryFn: ({ signal }) =>
      api(`${path(id ?? '')}/plan?language=${language}`, { schema: automationPlanSchema, signal }),
  });
}

/** The sending profiles, departments, groups and smart groups an automation is made from. */
export function useAutomationChoices() {
  const profiles = useQuery({
    queryKey: ['sending-profiles'],
    queryFn: ({ signal }) => api('/api/admin/sending-profiles', { schema: sendingProfilesSchema, signal }),
  });
  const facets = useQuery({
    queryKey: ['people', 'facets'],
    queryFn: ({ signal }) => api('/api/admin/people/groups', { schema: peopleFacetsSchema, signal }),
  });
  const filters = useQuery({
    queryKey: ['people', 'filters'],
    queryFn: ({ signal }) => api('/api/admin/people/filters', { schema: savedFiltersSchema, signal }),
  });
  return { profiles, facets, filters };
}
