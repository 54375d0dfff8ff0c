/**
 * POST /api/admin/import/gophish: GoPhish's template, landing page and group become a draft
 * campaign. The report's schema mirrors the server's (it lives in the server's gophish module,
 * which the console may not import).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { campaignSummarySchema } from '@shared/admin-api';
import { api } from '@console/lib/api';

const importReportSchema = z.object({
  mapped: z.array(z.string()),
  dropped: z.array(z.string()),
  attention: z.array(z.string()),
});
export type ImportReport = z.infer<typeof importReportSchema>;

const importResultSchema = z.object({
  campaign: campaignSummarySchema,
  recipients: z.number().int(),
  report: importReportSchema,
});

export interface GophishImportBody {
  template: unknown;
  page?: unknown;
  group?: unknown;
  group_csv?: string;
  name?: string;
}

export function useGophishImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: GophishImportBody) =>
      api('/api/admin/import/gophish', { method: 'POST', body, schema: importResultSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['campaigns'] }),
  });
}
