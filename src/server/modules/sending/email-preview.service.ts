/**
 * The campaign's email as a recipient gets it, for the editor's preview: the stored file or the
 * unsaved draft, in one language, with one recipient's variables filled in, through the same
 * renderer the outbox sends with. Records nothing. `{{link}}` is the link's shape with a
 * placeholder rid, never the recipient's own: opening it from the preview records no click.
 */
import type { Kysely } from 'kysely';
import { contentLanguage } from '../../../shared/campaign-content';
import type { EmailPreview, EmailPreviewRequest } from '../../../shared/sending';
import type { Config } from '../../config';
import type { Database } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { requireCampaign } from '../campaigns/campaigns.service';
import { checkedFile, storedFile } from '../preview/preview.service';
import { fromHeader, renderEmail } from './email-render';
import { findProfile, findSending, previewRecipient } from './sending.repository';

/** Whose variables fill the email when the campaign has no recipients yet. */
export const SAMPLE_RECIPIENT = {
  id: null,
  email: 'alex.morgan@example.com',
  first_name: 'Alex',
  last_name: 'Morgan',
  department: 'Finance',
};

export const PREVIEW_LINK_RID = 'preview';

export async function emailPreview(
  db: Kysely<Database>,
  config: Config,
  tenantId: string,
  campaignId: string,
  request: EmailPreviewRequest,
): Promise<EmailPreview> {
  const campaign = await requireCampaign(db, tenantId, campaignId);
  const file = request.content === undefined ? storedFile(campaign.content) : checkedFile(request.content);
  const row = await previewRecipient(db, campaign.id, request.recipient_id);
  if (request.recipient_id && !row) throw notFound();
  const recipient = row
    ? {
        id: row.id,
        email: row.email ?? '',
        first_name: row.first_name ?? '',
        last_name: row.last_name ?? '',
        department: row.department ?? '',
      }
    : SAMPLE_RECIPIENT;
  const rendered = renderEmail(file, request.language, {
    ...recipient,
    link: `${config.publicUrl}/phish?rid=${PREVIEW_LINK_RID}`,
  });
  // Once sending, the From is the one the profile makes of it.
  const sending = await findSending(db, campaign.id);
  const profile = sending ? await findProfile(db, tenantId, sending.profile_id) : undefined;
  return {
    language: contentLanguage(file, request.language),
    recipient,
    email: rendered
      ? {
          from: profile ? fromHeader(rendered.from, profile) : rendered.from,
          subject: rendered.subject,
          text: rendered.text,
          html: rendered.html,
        }
      : null,
  };
}
