/**
 * POST /api/admin/import/gophish: GoPhish's template, landing page and group become a draft
 * campaign; the answer reports what was mapped, dropped or needs attention (@shared/gophish).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { gophishImportResultSchema, type GophishImportInput } from '@shared/gophish';
import { api } from '@console/lib/api';

export type { GophishImportReport as ImportReport } from '@shared/gophish';

/** The body, with GoPhish's exports as read from the operator's files: the server checks them. */
export type GophishImportBody = Omit<GophishImportInput, 'template' | 'page' | 'group'> & {
  template: unknown;
  page?: unknown;
  group?: unknown;
};

export function useGophishImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: GophishImportBody) =>
      api('/api/admin/import/gophish', { method: 'POST', body, schema: gophishImportResultSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['campaigns'] }),
  });
}
