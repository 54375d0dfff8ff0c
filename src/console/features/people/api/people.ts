/** People calls of the operator API: the paged list, groups and departments, audiences, and the SCIM token. */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  audienceReportSchema,
  createdScimTokenSchema,
  peopleFacetsSchema,
  peoplePageSchema,
  scimSettingsSchema,
  type Audience,
  type PeopleQuery,
} from '@shared/people';
import { api } from '@console/lib/api';
import { campaignKeys } from '@console/features/campaigns/api/campaigns';

export const PEOPLE_PAGE_SIZE = 50;

const PEOPLE_KEY = ['people'] as const;
const SCIM_KEY = ['settings', 'scim'] as const;

export function usePeople(query: PeopleQuery) {
  return useQuery({
    queryKey: [...PEOPLE_KEY, 'page', query],
    queryFn: ({ signal }) => {
      const params = new URLSearchParams({
        state: query.state,
        offset: String(query.offset),
        limit: String(query.limit),
      });
      for (const name of ['q', 'group', 'department', 'filter'] as const) {
        const value = query[name];
        if (value) params.set(name, value);
      }
      return api(`/api/admin/people?${params}`, { schema: peoplePageSchema, signal });
    },
    placeholderData: keepPreviousData,
  });
}

export function usePeopleFacets() {
  return useQuery({
    queryKey: [...PEOPLE_KEY, 'facets'],
    queryFn: ({ signal }) => api('/api/admin/people/groups', { schema: peopleFacetsSchema, signal }),
  });
}

export function useAddFromPeople(campaignId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (audience: Audience) =>
      api(`/api/admin/campaigns/${encodeURIComponent(campaignId)}/recipients/from-people`, {
        method: 'POST',
        body: { audience },
        schema: audienceReportSchema,
      }),
    // The campaign's recipients, links and counts.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: campaignKeys.all }),
  });
}

export function useScimSettings(enabled: boolean) {
  return useQuery({
    queryKey: SCIM_KEY,
    queryFn: ({ signal }) => api('/api/admin/settings/scim', { schema: scimSettingsSchema, signal }),
    enabled,
  });
}

export function useMintScimToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api('/api/admin/settings/scim/token', { method: 'POST', schema: createdScimTokenSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SCIM_KEY }),
  });
}

export function useRevokeScimToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api('/api/admin/settings/scim/token', { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SCIM_KEY }),
  });
}
