/**
 * "Import a site": the page at an address, with its stylesheets, images and fonts, becomes the
 * campaign's landing page on the server; the editor then takes the saved page into its draft.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { campaignDetailSchema } from '@shared/admin-api';
import { importSiteResultSchema } from '@shared/page-assets';
import { api } from '@console/lib/api';
import { campaignKey } from './campaign-api';

const base = (id: string) => `/api/admin/campaigns/${encodeURIComponent(id)}`;

export function useImportSite(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (url: string) => {
      const result = await api(`${base(id)}/import-site`, {
        method: 'POST',
        body: { url },
        schema: importSiteResultSchema,
      });
      const detail = await api(base(id), { schema: campaignDetailSchema });
      return { result, detail };
    },
    onSuccess: ({ detail }) => {
      client.setQueryData(campaignKey(id), detail);
      void client.invalidateQueries({ queryKey: ['campaigns'] });
    },
  });
}
