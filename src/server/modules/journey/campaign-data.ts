/**
 * GET /api/campaign/:rid's answer, built from who is reading, the campaign in their content
 * language and their progress. Pure, so the recipient journey and the operator's preview build
 * it the same way.
 */
import {
  DEFAULT_PUBLIC_SITE,
  type CampaignData,
  type CampaignFile,
  type Progress,
} from '../../../shared/campaign';
import type { LanguageCode } from '../../../shared/languages';
import type { Config } from '../../config';

export interface ReaderFacts {
  rid: string;
  campaignId: string;
  /** Stable and never the email address. */
  personId: string;
  tenantId: string;
  /** The pages' language: the recipient's (or the preview's), whatever the content's is. */
  language: LanguageCode;
  firstName: string;
}

/**
 * `content` is the campaign already in the reader's content language, awareness HTML cleaned
 * (see content-cache.ts).
 */
export function buildCampaignData(
  reader: ReaderFacts,
  content: CampaignFile,
  progress: Progress,
  config: Pick<Config, 'publicUrl' | 'defaultRedirectUrl'>,
): CampaignData {
  const template = content.phishing.template_html;
  return {
    rid: reader.rid,
    campaign_id: reader.campaignId,
    person_id: reader.personId,
    tenantid: reader.tenantId,
    language_code: reader.language,
    awareness: { title: content.awareness.title, content: content.awareness.content },
    typeHtml: content.awareness.typeHtml,
    entry_text: content.entry_text,
    gamification: content.gamification,
    navigation: content.navigation,
    questionnaires: {
      required: content.questionnaire.required,
      allow_retake: content.questionnaire.allow_retake,
      // Correct answers and explanations stay on the server until the answers are submitted.
      questions: content.questionnaire.questions.map((q) => ({
        id: q.id,
        type: q.type,
        text: q.text,
        options: q.options,
        ...(q.sei_id ? { sei_id: q.sei_id } : {}),
      })),
    },
    cdn_endpoint: content.cdn_endpoint ?? '',
    sei: content.sei,
    sei_general_info: content.sei_general_info,
    default_endpoint: config.publicUrl,
    phishing_logo: content.phishing.phishing_logo ?? '',
    custom_logo: content.custom_logo ?? '',
    default_url: content.redirect_url ?? config.defaultRedirectUrl ?? DEFAULT_PUBLIC_SITE,
    first_name: reader.firstName,
    phishing: {
      has_template: Boolean(template),
      template_url: template ? `/api/template/${reader.rid}` : '',
      brand: content.phishing.brand ?? '',
    },
    email: content.email ?? null,
    pdf: content.pdf
      ? {
          url: content.pdf.url,
          title: content.pdf.title ?? '',
          pages: content.pdf.pages ?? null,
          size_bytes: content.pdf.size_bytes ?? null,
        }
      : null,
    progress,
  };
}
