/**
 * GoPhish's template variables ({{.FirstName}}, {{.URL}}, …) written as Hookwise's: in the
 * e-mail as its variables (EMAIL_VARIABLES), in the landing page as the page's (PAGE_VARIABLES
 * in @shared/campaign, filled for the recipient when the page is served). What has no
 * equivalent is taken out and reported, so no `{{…}}` reaches a recipient as written.
 */
import { EMAIL_VARIABLES } from '@shared/campaign';
import type { GophishImportReport } from '@shared/gophish-import';
import { note, type Where } from './gophish-report';

/** What GoPhish's variable becomes (null: dropped, it tracks opens with a pixel). */
type Mapping = Record<string, string | null>;

const PERSON: Mapping = {
  FirstName: '{{first_name}}',
  LastName: '{{last_name}}',
  Email: '{{email}}',
  Position: '{{department}}',
  Tracker: null,
  TrackingURL: null,
};
const EMAIL: Mapping = { ...PERSON, URL: '{{link}}' };
const PAGE: Mapping = { ...PERSON, RId: '{{rid}}', URL: '{{link}}' };

const GO_TEMPLATE = /\{\{\s*\.(\w+)\s*\}\}/g;
const otherThan = (names: readonly string[]) =>
  new RegExp(`\\{\\{(?!\\s*(${names.join('|')})\\s*\\}\\})[^}]*\\}\\}`, 'g');
const NOT_EMAIL_VARIABLE = otherThan(EMAIL_VARIABLES);
/** In a page only GoPhish's own expressions go: a cloned site's {{…}} is its business. */
const GO_EXPRESSION = /\{\{-?\s*(?:\.|if\b|else\b|end\b|range\b|with\b|template\b|printf\b)[^}]*\}\}/g;

function mapWith(mapping: Mapping, text: string, where: Where, report: GophishImportReport): string {
  const mapped = text.replace(GO_TEMPLATE, (whole, name: string) => {
    if (!(name in mapping)) return whole;
    const replacement = mapping[name];
    const variable = `{{.${name}}}`;
    if (replacement === null || replacement === undefined) {
      const said = `${where.text}: ${variable} (Hookwise does not track opens with a pixel)`;
      note(report, 'dropped', 'tracker_dropped', where, said, { variable });
      // The tracker is usually an <img>; leave no broken image behind.
      return '';
    }
    note(report, 'mapped', 'variable_mapped', where, `${where.text}: ${variable} → ${replacement}`, {
      variable,
      replacement,
    });
    return replacement;
  });
  return mapped.replace(/<img[^>]*src=["']\s*["'][^>]*>/gi, '');
}

function takeOut(text: string, pattern: RegExp, where: Where, report: GophishImportReport) {
  // An unknown {{…}} would reach recipients as written: take it out and say where, for the
  // operator to reword the sentence around it.
  return text.replace(pattern, (match) => {
    const said = `${where.text}: ${match} has no Hookwise equivalent: taken out; check the text around it`;
    note(report, 'attention', 'variable_removed', where, said, { variable: match });
    return '';
  });
}

/** A template's subject, text or HTML with Hookwise's e-mail variables. */
export function emailVariables(text: string, where: Where, report: GophishImportReport): string {
  return takeOut(mapWith(EMAIL, text, where, report), NOT_EMAIL_VARIABLE, where, report);
}

/** A landing page's HTML with Hookwise's page variables. */
export function pageVariables(html: string, where: Where, report: GophishImportReport): string {
  return takeOut(mapWith(PAGE, html, where, report), GO_EXPRESSION, where, report);
}

/**
 * A redirect URL as GoPhish allowed it, templated (`…/done?u={{.Email}}&rid={{.RId}}`): every
 * query parameter that carries a variable goes, and any other variable is cut out. Hookwise
 * redirects everyone to the same address and passes nobody's details on. Answers the URL and
 * what was taken out.
 */
export function redirectWithoutVariables(url: string): { url: string; removed: string[] } {
  const removed: string[] = [];
  const [beforeHash = '', hash] = url.split(/#(.*)/s, 2);
  const [path = '', query] = beforeHash.split(/\?(.*)/s, 2);
  const cut = (part: string) =>
    part.replace(/\{\{[^}]*\}\}/g, (match) => {
      removed.push(match);
      return '';
    });
  // In the order written: the path, the query, the fragment.
  const kept = [cut(path)];
  const pairs = (query ?? '').split('&').filter((pair) => {
    if (!pair.includes('{{')) return pair !== '';
    removed.push(pair);
    return false;
  });
  if (pairs.length) kept.push(`?${pairs.join('&')}`);
  const fragment = hash === undefined ? '' : cut(hash);
  if (fragment) kept.push(`#${fragment}`);
  const rest = kept.join('');
  return { url: rest, removed };
}
