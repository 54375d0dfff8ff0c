/**
 * The campaign's email for one recipient: the recipient's language, the variables filled in,
 * escaped for where they land (HTML-escaped in the HTML part, no line breaks in headers). The
 * red-flags page shows the same `email` of the campaign file: one source for both.
 *
 * {{qr_code}} is an image in the HTML part (cid:, see qr-code.ts) carrying the link with
 * `&via=qr`; in the text part, which can show no image, it is the plain link: whoever follows it
 * there clicked a link, and is counted as such.
 */
import type { CampaignFile } from '@shared/campaign';
import { contentLanguage, localiseCampaign } from '@shared/campaign-content';
import { fillVariables as fill, type VariableValues } from '@shared/email-variables';
import type { LanguageCode } from '@shared/languages';
import { qrImageHtml, qrLink } from './qr-code';

/** What fills the variables; the QR code is made from the link. */
export type EmailValues = VariableValues;

export interface RenderedEmail {
  from: string;
  subject: string;
  text: string;
  html: string;
  language: LanguageCode;
  /** The link the HTML part's QR code carries (its image: cid:QR_CID); null when it has none. */
  qr: string | null;
}

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const oneLine = (value: string) => value.replace(/[\r\n]+/g, ' ');

/** Where the QR code goes while a text body becomes HTML: a character no value keeps. */
const QR_MARK = '\u0000';

/**
 * A text body as HTML when the campaign has no HTML part: paragraphs, the link clickable and the
 * QR code an image.
 */
function htmlFromText(body: string, values: EmailValues, image: string): string {
  const text = fill(body, (name) => (name === 'qr_code' ? QR_MARK : values[name].replaceAll(QR_MARK, '')));
  const link = escapeHtml(values.link);
  const escaped = escapeHtml(text).replace(link, `<a href="${link}">${link}</a>`);
  const paragraphs = escaped.split(/\n{2,}/).map((p) => `<p>${p.replace(/\n/g, '<br>')}</p>`);
  return `<!doctype html><html><body>${paragraphs.join('\n').replaceAll(QR_MARK, image)}</body></html>`;
}

/** The email a recipient gets; undefined when the campaign file has no email. */
export function renderEmail(
  file: CampaignFile,
  recipientLanguage: LanguageCode | null,
  values: EmailValues,
): RenderedEmail | undefined {
  const language = contentLanguage(file, recipientLanguage);
  const email = localiseCampaign(file, language).email;
  if (!email) return undefined;
  const plain = (template: string) =>
    fill(template, (name) => (name === 'qr_code' ? values.link : values[name]));
  const image = qrImageHtml(language);
  const html = email.html
    ? fill(email.html, (name) => (name === 'qr_code' ? image : escapeHtml(values[name])))
    : htmlFromText(email.body, values, image);
  return {
    from: oneLine(plain(email.from)),
    subject: oneLine(plain(email.subject)),
    text: plain(email.body),
    html,
    language,
    qr: html.includes(image) ? qrLink(values.link) : null,
  };
}

/**
 * The From header as sent: the campaign's From when it names an address; else its text as the
 * display name of the sending profile's address.
 */
export function fromHeader(
  from: string,
  profile: { header_from: string | null; envelope_from: string },
): string {
  if (/@/.test(from)) return from;
  const address = profile.header_from ?? profile.envelope_from;
  const bare = /<([^>]+)>/.exec(address)?.[1] ?? address;
  return `"${from.replace(/["\\]/g, '')}" <${bare}>`;
}
