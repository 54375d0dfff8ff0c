/**
 * The campaign's email as a recipient gets it, for the editor's preview: the stored file or the
 * unsaved draft, in one language, with one recipient's variables filled in, through the same
 * renderer the outbox sends with. Records nothing. `{{link}}` is the link's shape with a
 * placeholder rid, never the recipient's own: opening it from the preview records no click. So
 * is the QR code's (`{{qr_code}}`), drawn inline as a data: URL: scanning it records nothing.
 *
 * The HTML part is also served as its own document (/preview/email?rid=…, under a page-preview
 * rid that holds the file for an hour), with a policy of its own: the email's inline styles
 * apply, as in a mail client, while `sandbox` (no allow-scripts) keeps any script from running
 * and gives it an opaque origin. Inside the console (a srcdoc frame) the console's own policy,
 * which allows no inline style, would show most HTML email unstyled.
 */
import type { CampaignFile } from '@shared/campaign';
import { contentLanguage } from '@shared/campaign-content';
import { SAMPLE_PERSON } from '@shared/email-variables';
import type { LanguageCode } from '@shared/languages';
import { recipientLink } from '@shared/routes';
import type { EmailPreview, EmailPreviewRequest } from '@shared/sending';
import type { Config } from '@server/config';
import { notFound } from '@server/lib/errors';
import { requireCampaign } from '../campaigns/campaigns.service';
import { checkedFile, createPreview, openPreviewFile, storedFile } from '../preview/preview.service';
import { fromHeader, renderEmail } from './email-render';
import { qrDataUrl, QR_CID } from './qr-code';
import { findProfile, findSending, previewRecipient } from './sending.repository';
import type { Db } from '@server/db/schema';
import { recordAction } from '../audit/audited';

/** Whose variables fill the email when the campaign has no recipients yet. */
export const SAMPLE_RECIPIENT = { id: null, ...SAMPLE_PERSON };

export const PREVIEW_LINK_RID = 'preview';

/** The email document's policy: styles, images and fonts as a mail client shows them; nothing runs. */
export const EMAIL_DOCUMENT_CSP = [
  'sandbox',
  "default-src 'none'",
  "style-src 'unsafe-inline' https:",
  'img-src https: data:',
  'font-src https: data:',
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'self'",
].join('; ');

interface Rendering {
  tenantId: string;
  campaignId: string;
  file: CampaignFile;
  language: LanguageCode;
  recipientId?: string;
}

export async function render(db: Db, config: Config, r: Rendering) {
  const row = await previewRecipient(db, r.campaignId, r.recipientId);
  if (r.recipientId && !row) throw notFound();
  const recipient = row
    ? {
        id: row.id,
        email: row.email ?? '',
        first_name: row.first_name ?? '',
        last_name: row.last_name ?? '',
        department: row.department ?? '',
      }
    : SAMPLE_RECIPIENT;
  const rendered = renderEmail(r.file, r.language, {
    ...recipient,
    link: recipientLink(config.publicUrl, PREVIEW_LINK_RID),
  });
  // Once sending, the From is the one the profile makes of it.
  const sending = await findSending(db, r.campaignId);
  const profile = sending ? await findProfile(db, r.tenantId, sending.profile_id) : undefined;
  const email = rendered && {
    from: profile ? fromHeader(rendered.from, profile) : rendered.from,
    subject: rendered.subject,
    text: rendered.text,
    // A browser has no message to find a cid: image in: the preview carries the image itself.
    html: rendered.qr
      ? rendered.html.replaceAll(`cid:${QR_CID}`, await qrDataUrl(rendered.qr))
      : rendered.html,
  };
  return { recipient, email: email ?? null };
}

export async function emailPreview(
  db: Db,
  config: Config,
  tenantId: string,
  campaignId: string,
  request: EmailPreviewRequest,
): Promise<EmailPreview> {
  const campaign = await requireCampaign(db, tenantId, campaignId);
  const file = request.content === undefined ? storedFile(campaign.content) : checkedFile(request.content);
  const { recipient, email } = await render(db, config, {
    tenantId,
    campaignId: campaign.id,
    file,
    language: request.language,
    recipientId: request.recipient_id,
  });
  let document: string | null = null;
  const action = 'campaign.email_preview';
  if (!email) await recordAction(db, { tenantId, action, target: campaign.id });
  if (email) {
    const content = { language: request.language, content: file };
    const { rid } = await createPreview(db, tenantId, campaign.id, content, Date.now(), action);
    const query = new URLSearchParams({ rid, ...(recipient.id ? { recipient: recipient.id } : {}) });
    document = `/preview/email?${query.toString()}`;
  }
  return { language: contentLanguage(file, request.language), recipient, email, document };
}

/** The HTML part of a preview's email, for /preview/email?rid=…; 404 for an unknown or expired rid. */
export async function emailPreviewDocument(
  db: Db,
  config: Config,
  rid: string,
  recipientId?: string,
): Promise<string> {
  const { row, file } = await openPreviewFile(db, rid);
  const { email } = await render(db, config, {
    tenantId: row.tenant_id,
    campaignId: row.campaign_id ?? row.scenario_id ?? '',
    file,
    language: row.language_code,
    recipientId,
  });
  if (!email) throw notFound();
  return email.html;
}
