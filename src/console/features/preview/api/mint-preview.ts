/**
 * Mints a preview: a short-lived rid whose recipient pages render the campaign (the unsaved
 * draft when `content` is given) in one language, recording nothing.
 */
import { previewSchema, type Preview } from '@shared/admin-api';
import type { LanguageCode } from '@shared/languages';
import { api } from '@console/lib/api';

export { PREVIEW_PAGES, type PreviewPage } from '@shared/admin-api';

export function mintPreview(
  campaignId: string,
  language: LanguageCode,
  content: unknown,
  signal?: AbortSignal,
): Promise<Preview> {
  return api(`/api/admin/campaigns/${encodeURIComponent(campaignId)}/preview`, {
    method: 'POST',
    body: { language, content },
    schema: previewSchema,
    signal,
  });
}
