/**
 * Mints a preview: a short-lived rid whose recipient pages render a campaign (the unsaved draft
 * when `content` is given) or a scenario, in one language, recording nothing.
 */
import { previewSchema, type Preview } from '@shared/admin-api';
import type { LanguageCode } from '@shared/languages';
import { api } from '@console/lib/api';

export { PREVIEW_PAGES, type PreviewPage } from '@shared/admin-api';

/** What a preview shows: a campaign of the tenant, or a scenario before any campaign is made. */
export type PreviewSource = { campaignId: string } | { scenarioId: string };

export function mintPreview(
  source: PreviewSource,
  language: LanguageCode,
  content: unknown,
  signal?: AbortSignal,
): Promise<Preview> {
  if ('scenarioId' in source) {
    return api(`/api/admin/scenarios/${encodeURIComponent(source.scenarioId)}/preview`, {
      method: 'POST',
      body: { language },
      schema: previewSchema,
      signal,
    });
  }
  return api(`/api/admin/campaigns/${encodeURIComponent(source.campaignId)}/preview`, {
    method: 'POST',
    body: { language, content },
    schema: previewSchema,
    signal,
  });
}
