/**
 * POST /api/admin/import/gophish: GoPhish's templates, landing pages, groups and sending profiles
 * become draft campaigns and sending profiles; the answer reports what was mapped, dropped or
 * needs attention (@shared/gophish-import).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { gophishImportResultSchema, type GophishImportInput } from '@shared/gophish-import';
import { api } from '@console/lib/api';

export type { GophishImportReport as ImportReport } from '@shared/gophish-import';

/** The body, with GoPhish's exports as read from the operator's files: the server checks them. */
export type GophishImportBody = GophishImportInput;

export function useGophishImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: GophishImportBody) =>
      api('/api/admin/import/gophish', { method: 'POST', body, schema: gophishImportResultSchema }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['campaigns'] });
      await queryClient.invalidateQueries({ queryKey: ['sending-profiles'] });
    },
  });
}
