/**
 * GoPhish's export (its API's JSON for a template, a landing page and a group; or a group as
 * CSV) turned into a Hookwise campaign file and recipients, with a report of what was mapped,
 * what was dropped and what needs the operator's attention. Pure: no database, no I/O.
 */
import { parse } from 'csv-parse/sync';
import { z } from 'zod';
import { EMAIL_VARIABLES, type CampaignFileInput } from '@shared/campaign';
import {
  gophishGroupSchema,
  type GophishGroup,
  type GophishImportReport,
  type GophishPage,
  type GophishTemplate,
} from '@shared/gophish';
import type { RecipientInput } from '../recipients/recipients-csv';

export interface GophishExport {
  template: GophishTemplate;
  page?: GophishPage | undefined;
  group?: GophishGroup | undefined;
}

/** GoPhish's template fields and what Hookwise writes instead (null: nothing, dropped). */
const VARIABLES: Record<string, string | null> = {
  FirstName: '{{first_name}}',
  LastName: '{{last_name}}',
  Email: '{{email}}',
  Position: '{{department}}',
  URL: '{{link}}',
  Tracker: null,
  TrackingURL: null,
};

const GO_TEMPLATE = /\{\{\s*\.(\w+)\s*\}\}/g;
const OTHER_TEMPLATE = new RegExp(`\\{\\{(?!\\s*(${EMAIL_VARIABLES.join('|')})\\s*\\}\\})[^}]*\\}\\}`, 'g');

function mapVariables(text: string, where: string, report: GophishImportReport): string {
  const mapped = text.replace(GO_TEMPLATE, (whole, name: string) => {
    if (!(name in VARIABLES)) return whole;
    const replacement = VARIABLES[name];
    if (replacement === null) {
      note(report.dropped, `${where}: {{.${name}}} (Hookwise does not track opens with a pixel)`);
      // The tracker is usually an <img>; leave no broken image behind.
      return '';
    }
    note(report.mapped, `${where}: {{.${name}}} → ${replacement}`);
    return replacement ?? whole;
  });
  const cleaned = mapped.replace(/<img[^>]*src=["']\s*["'][^>]*>/gi, '');
  // An unknown {{…}} would reach recipients as written, so the campaign file refuses it: take it
  // out and say where, for the operator to reword the sentence around it.
  return cleaned.replace(OTHER_TEMPLATE, (match) => {
    note(
      report.attention,
      `${where}: ${match} has no Hookwise equivalent: taken out; check the text around it`,
    );
    return '';
  });
}

function note(list: string[], entry: string) {
  if (!list.includes(entry)) list.push(entry);
}

/** Assets GoPhish served from its own /static/ folder are not on Hookwise: host them elsewhere. */
function staticAssets(html: string, where: string, report: GophishImportReport) {
  for (const match of html.matchAll(
    /(?:src|href)\s*=\s*["']((?:https?:\/\/[^"'/]+)?\/static\/[^"']*)["']/gi,
  )) {
    note(
      report.attention,
      `${where}: ${match[1]} is served by GoPhish (/static/): host it elsewhere and change the link`,
    );
  }
}

function textFromHtml(html: string): string {
  return html
    .replace(/<(script|style)[\s\S]*?<\/\1>/gi, '')
    .replace(/<br\s*\/?>|<\/p>|<\/div>/gi, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

export function convertGophish(source: GophishExport, options: { name?: string; from?: string } = {}) {
  const report: GophishImportReport = { mapped: [], dropped: [], attention: [] };
  const { template, page, group } = source;
  const html = mapVariables(template.html, 'template html', report);
  let text = mapVariables(template.text, 'template text', report);
  if (!text.trim() && html.trim()) {
    text = textFromHtml(html);
    note(report.mapped, 'template text: made from the HTML (the template had none)');
  }
  if (html) staticAssets(html, 'template html', report);
  for (const attachment of template.attachments ?? []) {
    note(report.dropped, `template attachment ${attachment.name}: Hookwise sends no attachments`);
  }
  const from = options.from ?? (template.envelope_sender.trim() || undefined);
  if (!from) note(report.attention, 'template: no envelope sender: the From is a placeholder, set it');
  const subject = mapVariables(template.subject, 'template subject', report).trim();
  if (!subject) note(report.attention, 'template: no subject: a placeholder is used, set it');
  note(report.mapped, `template "${template.name}": subject, text${html ? ', html' : ''}, sender`);

  const file: CampaignFileInput = {
    name: (options.name ?? template.name).slice(0, 200) || 'GoPhish import',
    language_code: 'en',
    phishing: {},
    email: {
      from: from ?? 'IT Service Desk <it@example.com>',
      subject: subject || 'Action required',
      body: text.trim() || '{{link}}',
      ...(html.trim() ? { html } : {}),
    },
    awareness: {
      title: 'This was a phishing simulation',
      content: 'The message you opened was a simulated phishing email sent by your security team.',
    },
  };
  if (page) {
    const pageHtml = mapVariables(page.html, 'page html', report);
    if (pageHtml.trim()) {
      file.phishing = { template_html: pageHtml };
      staticAssets(pageHtml, 'page html', report);
      note(report.mapped, `landing page "${page.name}": html`);
    }
    if (page.capture_credentials || page.capture_passwords) {
      note(
        report.dropped,
        `landing page "${page.name}": credential capture ignored (Hookwise never captures what is typed)`,
      );
    }
    if (page.redirect_url) {
      if (/^https?:\/\//i.test(page.redirect_url)) {
        file.redirect_url = page.redirect_url;
        note(report.mapped, `landing page "${page.name}": redirect URL`);
      } else
        note(
          report.attention,
          `landing page "${page.name}": redirect URL ${page.redirect_url} is not http(s)`,
        );
    }
  }
  const recipients: RecipientInput[] = [];
  if (group) {
    const seen = new Set<string>();
    group.targets.forEach((target, i) => {
      const email = target.email.trim().toLowerCase();
      if (!z.email().safeParse(email).success) {
        note(
          report.attention,
          `group "${group.name}" target ${i + 1}: "${target.email}" is not an email address: skipped`,
        );
        return;
      }
      if (seen.has(email)) {
        note(report.dropped, `group "${group.name}": ${email} twice: imported once`);
        return;
      }
      seen.add(email);
      recipients.push({
        email,
        person_id: null,
        first_name: target.first_name.trim().slice(0, 100) || null,
        last_name: target.last_name.trim().slice(0, 100) || null,
        department: target.position.trim().slice(0, 200) || null,
        language_code: null,
      });
    });
    note(report.mapped, `group "${group.name}": ${recipients.length} recipients (position → department)`);
  }
  return { file, recipients, report };
}

/** A GoPhish group CSV (First Name, Last Name, Email, Position), as GoPhish's own import reads it. */
export function gophishGroupFromCsv(text: string, name = 'GoPhish group') {
  const rows = parse<Record<string, string>>(text, {
    columns: (header: string[]) => header.map(canonical),
    skip_empty_lines: true,
    trim: true,
    bom: true,
  });
  return gophishGroupSchema.parse({
    name,
    targets: rows.map((row) => ({
      email: row.email ?? '',
      first_name: row.first_name ?? '',
      last_name: row.last_name ?? '',
      position: row.position ?? '',
    })),
  });
}

function canonical(header: string): string {
  return header.trim().toLowerCase().replace(/\s+/g, '_');
}
