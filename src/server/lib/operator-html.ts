/**
 * Operator HTML that the app shows inside its own pages (awareness content) is cleaned once on
 * the server, before any browser sees it. The browser sanitizes again (DOMPurify), but a
 * browser parsing hostile markup in the app's origin reports every inline handler and style it
 * meets as a CSP violation — so hostile markup must never reach it in the first place.
 */
import sanitizeHtml from 'sanitize-html';

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...sanitizeHtml.defaults.allowedTags, 'img'],
  disallowedTagsMode: 'discard',
  allowedAttributes: {
    // target and rel are always set by the transform below, whatever the operator wrote.
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    '*': ['lang', 'dir'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  // Links in training content open outside the journey and tell the target nothing.
  transformTags: {
    a: sanitizeHtml.simpleTransform('a', { target: '_blank', rel: 'noopener noreferrer' }),
  },
  allowedClasses: {},
  allowedStyles: {},
};

export function cleanOperatorHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}
