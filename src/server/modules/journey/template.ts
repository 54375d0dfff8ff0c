/**
 * The operator's phishing template as its own document, in two uses:
 * - the landing page: served top-level at /phish?rid=… (see landing-script.ts for our script in
 *   it), so pages cloned from real sites — frame-busters, bodies hidden until their own script
 *   shows them — render as their authors meant;
 * - the preview: /api/template/:rid, shown small and inert inside the app's SEI page.
 * Both are sandboxed by their policy (an opaque origin even at top level: no access to the app's
 * storage, cookies or API), with a small script of ours placed before any of the template's.
 */
import { PAGE_VARIABLES, type PageVariable } from '@shared/campaign';
import { escapeHtml } from '../sending/email-render';
import { landingScript, type LandingTargets } from './landing-script';

/** What fills a landing page's variables for one recipient. */
export type PageValues = Record<PageVariable, string>;

const PAGE_VARIABLE = /\{\{\s*([a-z_]+)\s*\}\}/g;
const isPageVariable = (name: string): name is PageVariable =>
  (PAGE_VARIABLES as readonly string[]).includes(name);

/**
 * Shared by both policies. `sandbox` without allow-same-origin makes the origin opaque, and
 * without allow-popups/allow-modals/allow-top-navigation nothing opens or leaves by a side door;
 * `form-action 'none'` and `connect-src 'none'` stop typed values leaving the browser even when
 * the template's own script calls a native form.submit() or fetch(). Inline scripts and styles
 * stay allowed so pages cloned from real sites render as intended; stylesheets, images and fonts
 * load from Hookwise only (an imported page's assets are stored and served at /assets/p/…), and
 * no script loads from anywhere: a recipient's browser makes no request to the cloned site.
 * ('self' is the address the page was served from, even though the sandbox makes its origin opaque.)
 */
const SANDBOXED = [
  'sandbox allow-scripts allow-forms',
  // Frames, media and anything else not named below: Hookwise's own address only.
  "default-src 'self'",
  "script-src 'unsafe-inline'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "form-action 'none'",
  "connect-src 'none'",
  "worker-src 'none'",
  "base-uri 'none'",
  "object-src 'none'",
];

/** The preview document: only the app may frame it. */
export const TEMPLATE_CSP = [...SANDBOXED, "frame-ancestors 'self'"].join('; ');

/** The landing page is the top-level document: nobody frames it. */
export const LANDING_CSP = [...SANDBOXED, "frame-ancestors 'none'"].join('; ');

// The preview is inert (the app frames it without allow-forms, under `inert`); this stops a
// submit anyway, before any template handler, should it be opened some other way.
const PREVIEW_SCRIPT = `(function () {
  window.addEventListener('submit', function (event) {
    event.preventDefault();
    event.stopImmediatePropagation();
  }, true);
})();`;

/** The SEI page's preview of the template. */
export function renderTemplate(templateHtml: string): string {
  return withScriptFirst(templateHtml, PREVIEW_SCRIPT);
}

/** Attributes whose value is a URL: a value filled in after its start is a URL's part. */
const URL_ATTRIBUTES = new Set([
  'href',
  'src',
  'action',
  'formaction',
  'cite',
  'poster',
  'data',
  'background',
]);

/** Characters a value must not bring into a script as they are (they end it, or a string in it). */
const JS_UNSAFE = /[<>&'`$\u2028\u2029]/g;
const jsString = (value: string) =>
  JSON.stringify(value)
    .slice(1, -1)
    // JSON's \" first (as \u0022), then what JSON leaves as it is.
    .replace(/\\"/g, '\\u0022')
    .replace(JS_UNSAFE, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

/**
 * Where in the document a variable stands, for its escaping (as GoPhish's html/template escapes):
 * inside a <script> (in a string literal, or not), in a URL attribute after the URL's start, or
 * in text and other attributes.
 */
function contextAt(lower: string, at: number): 'js_string' | 'js' | 'url' | 'html' {
  if (lower.lastIndexOf('<script', at - 1) > lower.lastIndexOf('</script', at - 1)) {
    let i = at - 1;
    while (i >= 0 && /\s/.test(lower[i]!)) i--;
    return i >= 0 && '"\'`'.includes(lower[i]!) ? 'js_string' : 'js';
  }
  const lt = lower.lastIndexOf('<', at - 1);
  if (lt > lower.lastIndexOf('>', at - 1)) {
    const attribute = /([^\s"'<>/=]+)\s*=\s*["']?([^"'>]*)$/.exec(lower.slice(lt, at));
    if (attribute && URL_ATTRIBUTES.has(attribute[1]!) && attribute[2]) return 'url';
  }
  return 'html';
}

function escapeFor(context: ReturnType<typeof contextAt>, value: string): string {
  if (context === 'js_string') return jsString(value);
  if (context === 'js') return `"${jsString(value)}"`;
  if (context === 'url') return escapeHtml(encodeURIComponent(value));
  return escapeHtml(value);
}

/**
 * The landing page: the template with the recipient's variables filled in, escaped for where
 * each stands (HTML-escaped in text and attributes, percent-encoded inside a URL, a JavaScript
 * string inside a script), and our script, which knows where a submit leads. Anything else
 * written {{…}} is left as the operator wrote it.
 */
export function renderLandingTemplate(
  templateHtml: string,
  targets: LandingTargets,
  values: PageValues,
): string {
  // ASCII lower-cased (so every index stays where it was), once, and only for a page that has
  // variables: a cloned page may be 2 MB.
  let lower: string | undefined;
  const contextOf = (at: number) =>
    contextAt((lower ??= templateHtml.replace(/[A-Z]+/g, (upper) => upper.toLowerCase())), at);
  const filled = templateHtml.replace(PAGE_VARIABLE, (whole, name: string, at: number) =>
    isPageVariable(name) ? escapeFor(name === 'link' ? 'html' : contextOf(at), values[name]) : whole,
  );
  return withScriptFirst(filled, landingScript(targets));
}

/**
 * Puts our script before anything of the template's: right after its doctype (keeping standards
 * mode), else at the very start. The parser then opens <head> for it, and the template's own
 * <html lang dir …> attributes are still applied to the root element.
 */
function withScriptFirst(templateHtml: string, script: string): string {
  const doctype = /^(?:\s|<!--[\s\S]*?-->)*<!doctype[^>]*>/i.exec(templateHtml);
  const at = doctype ? doctype[0].length : 0;
  return `${templateHtml.slice(0, at)}<script>${script}</script>${templateHtml.slice(at)}`;
}
