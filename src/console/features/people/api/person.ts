/** A person's history and risk, the lists of people, and saved filters (smart groups). */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  peopleListPageSchema,
  personHistorySchema,
  savedFilterSchema,
  savedFiltersSchema,
  type PeopleListName,
  type SavedFilterInput,
} from '@shared/person-history';
import { trainingAssignAnswerSchema } from '@shared/training';
import { api } from '@console/lib/api';

export const LIST_PAGE_SIZE = 50;

const FILTERS_KEY = ['people', 'filters'] as const;

export function usePersonHistory(id: string) {
  return useQuery({
    queryKey: ['people', 'history', id],
    queryFn: ({ signal }) =>
      api(`/api/admin/people/${encodeURIComponent(id)}/history`, { schema: personHistorySchema, signal }),
  });
}

/** Assigns one simulation's training to the person; their history then says it was sent. */
export function useAssignTraining(personId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (campaignId: string) =>
      api('/api/admin/training/assignments', {
        method: 'POST',
        body: { person: personId, campaign_id: campaignId },
        schema: trainingAssignAnswerSchema,
      }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['people', 'history', personId] }),
        queryClient.invalidateQueries({ queryKey: ['training'] }),
      ]),
  });
}

export function usePeopleList(list: PeopleListName, offset: number) {
  return useQuery({
    queryKey: ['people', 'lists', list, offset],
    queryFn: ({ signal }) =>
      api(`/api/admin/people/lists/${list}?offset=${offset}&limit=${LIST_PAGE_SIZE}`, {
        schema: peopleListPageSchema,
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useSavedFilters() {
  return useQuery({
    queryKey: FILTERS_KEY,
    queryFn: ({ signal }) => api('/api/admin/people/filters', { schema: savedFiltersSchema, signal }),
  });
}

export function useSaveFilter() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SavedFilterInput) =>
      api('/api/admin/people/filters', { method: 'POST', body: input, schema: savedFilterSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: FILTERS_KEY }),
  });
}

export function useRemoveFilter() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api(`/api/admin/people/filters/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['people'] }),
  });
}
