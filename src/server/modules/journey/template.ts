/**
 * The operator's phishing template as its own document. It runs sandboxed (an opaque origin, no
 * access to the app's storage, cookies or API) inside the app's iframe, with a small script of
 * ours that stops every form submission and tells the app only which fields were filled in.
 */

/**
 * The template's own policy. `sandbox` makes its origin opaque even if opened directly;
 * `form-action 'none'` and `connect-src 'none'` stop typed values leaving the browser even when
 * the template's own script calls form.submit() (which skips submit listeners) or fetch().
 * Scripts, styles and images stay allowed so pages cloned from real sites render as intended.
 */
export const TEMPLATE_CSP = [
  'sandbox allow-scripts allow-forms',
  "frame-ancestors 'self'",
  "form-action 'none'",
  "connect-src 'none'",
  "base-uri 'none'",
  "object-src 'none'",
].join('; ');

// Runs before any template script (it is injected first), in the capture phase on window, so no
// template handler sees a submit before we cancel it. Only names of non-empty fields are posted;
// values are never read beyond "is it empty". The parent checks event.source; '*' is fine
// because the message holds nothing secret, and the sandboxed document cannot know our origin.
const INTERCEPTOR = `(function () {
  var SKIP = { submit: 1, button: 1, reset: 1, image: 1, file: 1, hidden: 1 };
  function filled(form) {
    var names = [];
    var elements = form && form.elements ? form.elements : [];
    for (var i = 0; i < elements.length && names.length < 20; i++) {
      var el = elements[i];
      var type = String(el.type || '').toLowerCase();
      var name = String(el.name || el.id || '').slice(0, 64);
      if (!name || SKIP[type]) continue;
      var hasValue = type === 'checkbox' || type === 'radio' ? el.checked : !!el.value;
      if (hasValue && names.indexOf(name) === -1) names.push(name);
    }
    return names;
  }
  window.addEventListener('submit', function (event) {
    event.preventDefault();
    event.stopImmediatePropagation();
    parent.postMessage({ hookwise: 'submitted', fields: filled(event.target) }, '*');
  }, true);
  var gestured = false;
  function gesture(kind) {
    return function () {
      if (gestured) return;
      gestured = true;
      parent.postMessage({ hookwise: 'gesture', gesture: kind }, '*');
    };
  }
  window.addEventListener('pointerdown', gesture('pointer'), true);
  window.addEventListener('keydown', gesture('key'), true);
  window.addEventListener('touchstart', gesture('touch'), true);
})();`;

const SCRIPT_TAG = `<script>${INTERCEPTOR}</script>`;

/** Puts our script first: right after <head>, else after <html>, else before everything. */
export function renderTemplate(templateHtml: string): string {
  const head = /<head(\s[^>]*)?>/i.exec(templateHtml);
  if (head) return insertAt(templateHtml, head.index + head[0].length);
  const html = /<html(\s[^>]*)?>/i.exec(templateHtml);
  if (html) return insertAt(templateHtml, html.index + html[0].length, `<head>${SCRIPT_TAG}</head>`);
  const doctype = /^\s*<!doctype[^>]*>/i.exec(templateHtml);
  const at = doctype ? doctype[0].length : 0;
  return insertAt(templateHtml, at, `<head>${SCRIPT_TAG}</head>`);
}

function insertAt(html: string, index: number, text = SCRIPT_TAG): string {
  return html.slice(0, index) + text + html.slice(index);
}
