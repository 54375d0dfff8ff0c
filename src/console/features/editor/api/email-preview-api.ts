/**
 * The campaign's email as a recipient gets it (the unsaved draft, in one language), rendered by
 * the server with the renderer the outbox sends with. Records nothing.
 */
import { emailPreviewSchema, type EmailPreview } from '@shared/sending';
import type { LanguageCode } from '@shared/languages';
import { api } from '@console/lib/api';

export function fetchEmailPreview(
  campaignId: string,
  language: LanguageCode,
  content: unknown,
  signal?: AbortSignal,
): Promise<EmailPreview> {
  return api(`/api/admin/campaigns/${encodeURIComponent(campaignId)}/email-preview`, {
    method: 'POST',
    body: { language, content },
    schema: emailPreviewSchema,
    signal,
  });
}
