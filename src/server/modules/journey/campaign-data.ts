/**
 * GET /api/campaign/:rid's answer, built from who is reading, the campaign in their content
 * language and their progress. Pure, so the recipient journey and the operator's preview build
 * it the same way.
 */
import {
  DEFAULT_PUBLIC_SITE,
  campaignDataSchema,
  type CampaignData,
  type CampaignFile,
  type Progress,
} from '@shared/campaign';
import { fillVariables, type VariableValues } from '@shared/email-variables';
import type { LanguageCode } from '@shared/languages';
import type { Config } from '@server/config';

export interface ReaderFacts {
  rid: string;
  campaignId: string;
  /** Stable and never the email address. */
  personId: string;
  tenantId: string;
  /** The pages' language: the recipient's (or the preview's), whatever the content's is. */
  language: LanguageCode;
  firstName: string;
  /** What the e-mail's variables were for this reader: the red-flags page shows the e-mail as it came. */
  variables: VariableValues;
}

/** The fields that follow from the campaign's content alone: the same for all its readers. */
const CONTENT_FIELDS = {
  awareness: true,
  typeHtml: true,
  entry_text: true,
  gamification: true,
  navigation: true,
  questionnaires: true,
  cdn_endpoint: true,
  sei: true,
  sei_general_info: true,
  phishing_logo: true,
  custom_logo: true,
  pdf: true,
} as const;
type ContentFields = Pick<CampaignData, keyof typeof CONTENT_FIELDS>;
const contentKeys = Object.keys(CONTENT_FIELDS) as (keyof ContentFields)[];

/** Per content object (content-cache.ts keeps one per campaign and language). */
const contentParts = new WeakMap<CampaignFile, ContentFields>();
/** Which content part a built answer holds, for its serializer. */
const partOfAnswer = new WeakMap<CampaignData, ContentFields>();

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
  let part = contentParts.get(content);
  if (!part) {
    part = contentFields(content);
    contentParts.set(content, part);
  }
  const template = content.phishing.template_html;
  const data: CampaignData = {
    rid: reader.rid,
    campaign_id: reader.campaignId,
    person_id: reader.personId,
    tenantid: reader.tenantId,
    language_code: reader.language,
    ...part,
    default_endpoint: config.publicUrl,
    default_url: content.redirect_url ?? config.defaultRedirectUrl ?? DEFAULT_PUBLIC_SITE,
    first_name: reader.firstName,
    email: emailAsSent(content.email, reader.variables),
    phishing: {
      has_template: Boolean(template),
      template_url: template ? `/api/template/${reader.rid}` : '',
      brand: content.phishing.brand ?? '',
    },
    progress,
  };
  partOfAnswer.set(data, part);
  return data;
}

/**
 * The e-mail's From, Subject and text as the reader received them: variables filled, the QR code
 * (an image in the message) as the plain link it carries. Shown as text, never as HTML.
 */
function emailAsSent(email: CampaignFile['email'], values: VariableValues): CampaignData['email'] {
  if (!email) return null;
  const fill = (text: string) =>
    fillVariables(text, (name) => (name === 'qr_code' ? values.link : values[name]));
  return { from: fill(email.from), subject: fill(email.subject), body: fill(email.body) };
}

function contentFields(content: CampaignFile): ContentFields {
  return {
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
    phishing_logo: content.phishing.phishing_logo ?? '',
    custom_logo: content.custom_logo ?? '',
    pdf: content.pdf
      ? {
          url: content.pdf.url,
          title: content.pdf.title ?? '',
          pages: content.pdf.pages ?? null,
          size_bytes: content.pdf.size_bytes ?? null,
        }
      : null,
  };
}

const contentSchema = campaignDataSchema.pick(CONTENT_FIELDS);
const readerSchema = campaignDataSchema.omit(CONTENT_FIELDS);
/** The content part checked against the response schema and serialized, once per part. */
const contentJson = new WeakMap<ContentFields, string>();

/**
 * The answer as JSON, checked against campaignDataSchema as every response is, but the content
 * part (most of the answer, the same for every reader of a campaign) is checked and serialized
 * once; per request only the reader's own fields are. Checking the whole answer each time took
 * about a tenth of a campaign-data request's time (profiled under load).
 */
export function serializeCampaignData(data: CampaignData): string {
  const part = partOfAnswer.get(data);
  // An answer not built here, or changed since: checked whole, as before.
  if (!part || contentKeys.some((key) => data[key] !== part[key])) {
    return JSON.stringify(campaignDataSchema.parse(data));
  }
  let content = contentJson.get(part);
  if (content === undefined) {
    content = JSON.stringify(contentSchema.parse(part)).slice(1, -1);
    contentJson.set(part, content);
  }
  const reader = JSON.stringify(readerSchema.parse(data));
  return `${reader.slice(0, -1)},${content}}`;
}
