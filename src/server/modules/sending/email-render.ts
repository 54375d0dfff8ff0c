/**
 * The campaign's email for one recipient: the recipient's language, the variables filled in,
 * escaped for where they land (HTML-escaped in the HTML part, no line breaks in headers). The
 * red-flags page shows the same `email` of the campaign file: one source for both.
 */
import type { CampaignFile } from '@shared/campaign';
import { contentLanguage, localiseCampaign } from '@shared/campaign-content';
import type { LanguageCode } from '@shared/languages';

export const EMAIL_VARIABLES = ['first_name', 'last_name', 'email', 'department', 'link'] as const;
export type EmailVariable = (typeof EMAIL_VARIABLES)[number];
export type EmailValues = Record<EmailVariable, string>;

export interface RenderedEmail {
  from: string;
  subject: string;
  text: string;
  html: string;
  language: LanguageCode;
}

const VARIABLE = /\{\{\s*([a-z_]+)\s*\}\}/g;

function fill(template: string, values: EmailValues, escape: (value: string) => string): string {
  return template.replace(VARIABLE, (whole, name: string) =>
    (EMAIL_VARIABLES as readonly string[]).includes(name) ? escape(values[name as EmailVariable]) : whole,
  );
}

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const oneLine = (value: string) => value.replace(/[\r\n]+/g, ' ');

/** A text body as HTML when the campaign has no HTML part: paragraphs, and the link clickable. */
function htmlFromText(text: string, link: string): string {
  const escaped = escapeHtml(text).replace(
    escapeHtml(link),
    `<a href="${escapeHtml(link)}">${escapeHtml(link)}</a>`,
  );
  const paragraphs = escaped.split(/\n{2,}/).map((p) => `<p>${p.replace(/\n/g, '<br>')}</p>`);
  return `<!doctype html><html><body>${paragraphs.join('\n')}</body></html>`;
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
  const plain = (template: string) => fill(template, values, (v) => v);
  const text = plain(email.body);
  return {
    from: oneLine(plain(email.from)),
    subject: oneLine(plain(email.subject)),
    text,
    html: email.html ? fill(email.html, values, escapeHtml) : htmlFromText(text, values.link),
    language,
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
