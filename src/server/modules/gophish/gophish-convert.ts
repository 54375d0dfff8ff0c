/**
 * A GoPhish template and/or landing page turned into a Hookwise campaign file, with the report
 * of what was mapped, dropped and needs the operator's attention. Pure: no database, no I/O.
 * A page without a template gets a placeholder e-mail, flagged for the operator.
 */
import type { CampaignFileInput } from '@shared/campaign';
import type { GophishPage, GophishTemplate } from '@shared/gophish';
import type { GophishImportReport } from '@shared/gophish-import';
import { at, note, notice, type Where } from './gophish-report';
import { emailVariables, pageVariables, redirectWithoutVariables } from './gophish-variables';

export interface GophishPair {
  template?: GophishTemplate | undefined;
  page?: GophishPage | undefined;
}

export interface ConvertOptions {
  name?: string | undefined;
  /** The From every message has, whatever the template says (`--from`). */
  from?: string | undefined;
  /** The From when the template names none: the sending profile's address, as GoPhish sends. */
  fallbackFrom?: string | undefined;
}

/** Assets GoPhish served from its own /static/ folder are not on Hookwise: host them elsewhere. */
function staticAssets(html: string, where: Where, report: GophishImportReport) {
  for (const match of html.matchAll(
    /(?:src|href)\s*=\s*["']((?:https?:\/\/[^"'/]+)?\/static\/[^"']*)["']/gi,
  )) {
    const url = match[1] ?? '';
    note(
      report,
      'attention',
      'static_asset',
      where,
      `${where.text}: ${url} is served by GoPhish (/static/): host it elsewhere and change the link`,
      { url },
    );
  }
}

/** A link a page loads from its own site's address, which Hookwise does not serve. */
const RELATIVE_ASSET =
  /<(?:img|script|link|source|video|audio|iframe|input)\b[^>]*?\s(?:src|href)\s*=\s*["']?(?!https?:|\/\/|data:|blob:|#|mailto:|javascript:|\/static\/|\{\{)[^"'\s>]+/i;

/**
 * The text part from the HTML: its words, and a link's address after its words (the recipient's
 * `{{link}}` too, which a plain-text reader would otherwise never get).
 */
export function textFromHtml(html: string): string {
  return html
    .replace(/<(script|style)[\s\S]*?<\/\1>/gi, '')
    .replace(
      /<a\b[^>]*?\shref\s*=\s*(["'])([^"']+)\1[^>]*>([\s\S]*?)<\/a>/gi,
      (_whole, _quote: string, href: string, words: string) => {
        const shown = words.replace(/<[^>]+>/g, '').trim();
        if (!/^(https?:|\{\{link\}\})/i.test(href) || shown === href) return words;
        return `${words}: ${href}`;
      },
    )
    .replace(/<br\s*\/?>|<\/p>|<\/div>/gi, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

const PLACEHOLDER_FROM = 'IT Service Desk <it@example.com>';

function emailOf(template: GophishTemplate, options: ConvertOptions, report: GophishImportReport) {
  const where = at('template', template.name);
  const inHtml = at('template_html', template.name);
  const inText = at('template_text', template.name);
  const html = emailVariables(template.html, inHtml, report);
  let text = emailVariables(template.text, inText, report);
  if (!text.trim() && html.trim()) {
    text = textFromHtml(html);
    note(
      report,
      'mapped',
      'text_from_html',
      inText,
      `${inText.text}: made from the HTML (the template had none)`,
    );
  }
  if (html) staticAssets(html, inHtml, report);
  for (const attachment of template.attachments ?? []) {
    const file = attachment.name;
    const said = `${where.text} attachment ${file}: Hookwise sends no attachments`;
    note(report, 'dropped', 'attachment', where, said, { file });
  }
  const from = options.from ?? (template.envelope_sender.trim() || options.fallbackFrom);
  if (!from) {
    const said = `${where.text}: no envelope sender: the From is a placeholder, set it`;
    note(report, 'attention', 'no_sender', where, said);
  }
  const subject = emailVariables(template.subject, at('template_subject', template.name), report).trim();
  if (!subject)
    note(
      report,
      'attention',
      'no_subject',
      where,
      `${where.text}: no subject: a placeholder is used, set it`,
    );
  const parts = `subject, text${html ? ', html' : ''}, sender`;
  note(report, 'mapped', html ? 'email_html_mapped' : 'email_mapped', where, `${where.text}: ${parts}`);
  return {
    from: from ?? PLACEHOLDER_FROM,
    subject: subject || 'Action required',
    body: text.trim() || '{{link}}',
    ...(html.trim() ? { html } : {}),
  };
}

function redirectOf(page: GophishPage, report: GophishImportReport): string | undefined {
  const where = at('page', page.name);
  let url = page.redirect_url.trim();
  if (!url) return undefined;
  if (url.includes('{{')) {
    const cleaned = redirectWithoutVariables(url);
    url = cleaned.url;
    const removed = cleaned.removed.join(', ');
    const said = `${where.text}: redirect URL without ${removed}: ${url}`;
    note(report, 'mapped', 'redirect_cleaned', where, said, { removed, url });
    notice(report, 'redirect_variables', page.name);
  }
  if (/^https?:\/\/[^\s{}]+$/i.test(url) && URL.canParse(url)) {
    note(report, 'mapped', 'redirect_mapped', where, `${where.text}: redirect URL`);
    return url;
  }
  const said = `${where.text}: redirect URL ${url} is not an http(s) address: left out`;
  note(report, 'attention', 'redirect_invalid', where, said, { url });
  return undefined;
}

function pageOf(page: GophishPage, report: GophishImportReport) {
  const where = at('page', page.name);
  const inHtml = at('page_html', page.name);
  const html = pageVariables(page.html, inHtml, report);
  if (html.trim()) {
    staticAssets(html, inHtml, report);
    if (/<base\b[^>]*\bhref\s*=/i.test(html)) notice(report, 'base_href', page.name);
    else if (RELATIVE_ASSET.test(html)) notice(report, 'relative_assets', page.name);
    note(report, 'mapped', 'page_html_mapped', where, `${where.text}: html`);
  }
  if (page.capture_credentials || page.capture_passwords) {
    const said = `${where.text}: credential capture ignored (Hookwise never captures what is typed)`;
    note(report, 'dropped', 'credential_capture', where, said);
  }
  return { html: html.trim() ? html : undefined, redirect: redirectOf(page, report) };
}

export function convertGophish(
  { template, page }: GophishPair,
  report: GophishImportReport,
  options: ConvertOptions = {},
): CampaignFileInput {
  const name = options.name ?? template?.name ?? page?.name ?? 'GoPhish import';
  const file: CampaignFileInput = {
    name: name.slice(0, 200).trim() || 'GoPhish import',
    language_code: 'en',
    phishing: {},
    awareness: {
      title: 'This was a phishing simulation',
      content: 'The message you opened was a simulated phishing email sent by your security team.',
    },
  };
  if (template) file.email = emailOf(template, options, report);
  else if (page) {
    file.email = { from: options.from ?? PLACEHOLDER_FROM, subject: 'Action required', body: '{{link}}' };
    notice(report, 'placeholder_email', page.name);
  }
  if (page) {
    const converted = pageOf(page, report);
    if (converted.html) file.phishing = { template_html: converted.html };
    if (converted.redirect) file.redirect_url = converted.redirect;
  }
  return file;
}
