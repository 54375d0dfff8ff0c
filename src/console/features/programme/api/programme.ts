/** The programme report from the operator API, parsed with its shared schema. */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { programmeReportSchema, type ProgrammeQueryInput } from '@shared/programme';
import { api } from '@console/lib/api';

export function useProgrammeReport(query: ProgrammeQueryInput) {
  return useQuery({
    queryKey: ['programme', 'report', query],
    queryFn: ({ signal }) => {
      const params = new URLSearchParams({ group_by: 'month' });
      for (const name of ['from', 'to', 'department'] as const) {
        const value = query[name];
        if (value) params.set(name, value);
      }
      return api(`/api/admin/programme/report?${params}`, { schema: programmeReportSchema, signal });
    },
    placeholderData: keepPreviousData,
  });
}
