/**
 * The import report being written: entries once each, in the order met, each as an English
 * sentence (what the CLI prints) and as a code with its place and params, which the console
 * words in the operator's language, as it does the notices.
 */
import type {
  GophishImportReport,
  GophishItem,
  GophishItemCode,
  GophishNoticeCode,
  GophishPlace,
} from '@shared/gophish-import';

export const emptyReport = (): GophishImportReport => ({
  mapped: [],
  dropped: [],
  attention: [],
  notices: [],
  items: [],
});

/** Where an entry is: its place and item name, and how the English sentence begins. */
export interface Where {
  place: GophishPlace;
  name: string;
  text: string;
}

const PLACE_WORDS: Record<GophishPlace, (name: string) => string> = {
  template: (name) => `template "${name}"`,
  template_subject: (name) => `template "${name}" subject`,
  template_text: (name) => `template "${name}" text`,
  template_html: (name) => `template "${name}" html`,
  page: (name) => `landing page "${name}"`,
  page_html: (name) => `landing page "${name}" html`,
  group: (name) => `group "${name}"`,
  smtp: (name) => `sending profile "${name}"`,
  campaign: (name) => `campaign "${name}"`,
};

export const at = (place: GophishPlace, name: string): Where => ({
  place,
  name,
  text: PLACE_WORDS[place](name),
});

/** An entry once in its list (its English `text`), and once as a code the console words. */
export function note(
  report: GophishImportReport,
  list: GophishItem['list'],
  code: GophishItemCode,
  where: Where,
  text: string,
  params: GophishItem['params'] = {},
) {
  if (report[list].includes(text)) return;
  report[list].push(text);
  report.items.push({ list, code, place: where.place, name: where.name, params, text });
}

const NOTICE_TEXT: Record<GophishNoticeCode, (name: string) => string> = {
  base_href: (name) =>
    `landing page "${name}": it sets <base href>, which Hookwise ignores: its relative links and images will not load; make them absolute`,
  relative_assets: (name) =>
    `landing page "${name}": it loads images, styles or scripts by relative paths, which Hookwise does not serve: host them and make the links absolute`,
  redirect_variables: (name) =>
    `landing page "${name}": the redirect URL carried GoPhish variables: they were taken out, so no recipient's details reach the other site`,
  placeholder_email: (name) =>
    `landing page "${name}" came without a template: its campaign has a placeholder e-mail; write the e-mail before launching`,
  smtp_password: (name) =>
    `sending profile "${name}": the password in GoPhish's file was not taken: enter it in the sending profile`,
  ignore_cert_errors: (name) =>
    `sending profile "${name}": GoPhish ignored the relay's certificate errors; Hookwise always checks the certificate: give the relay a valid one, or use "none" for a relay on the local network`,
  smtp_headers: (name) =>
    `sending profile "${name}": some custom headers are not allowed (Hookwise writes them itself, or they are not valid headers) and were left out`,
  library_template_kept: (name) =>
    `template "${name}": the library already has a template of this name: it was kept as it is, not replaced (the draft campaign has the imported one)`,
  library_page_kept: (name) =>
    `landing page "${name}": the library already has a landing page of this name: it was kept as it is, not replaced (the draft campaign has the imported one)`,
  library_group_kept: (name) =>
    `group "${name}": a group of this name already exists: it was kept with its members, not replaced (the draft campaign has the imported recipients)`,
  library_smtp_kept: (name) =>
    `sending profile "${name}": a sending profile of this name already exists: it was kept as it is, not imported again`,
  campaign_kept: (name) =>
    `campaign "${name}": it was already imported from GoPhish: it was kept as it is, not imported again`,
};

export function notice(report: GophishImportReport, code: GophishNoticeCode, name: string) {
  if (report.notices.some((n) => n.code === code && n.name === name)) return;
  report.notices.push({ code, name, text: NOTICE_TEXT[code](name) });
}
