/**
 * Every URL a reported message shows or links to: the text part, the HTML part's links and the
 * URLs written in its visible text, attachments' text — each unwrapped from link rewriters
 * (unwrap-url.ts), normalised as the reported-URL queue spells them, and de-duplicated in the
 * order first seen. HTML is only parsed here, never rendered, and nothing is fetched.
 */
import sanitizeHtml from 'sanitize-html';
import { normaliseUrl } from '@server/lib/normalise-url';
import { unwrapUrl, type Rewriter } from './unwrap-url';

/** More than this from one message is a list, not a lure: the rest are dropped, and counted. */
export const MAX_URLS_PER_MESSAGE = 200;

export interface FoundUrl {
  url: string;
  /** As written in the message, before unwrapping. */
  written: string;
  via: Rewriter[];
}

// A URL in running text: up to a space, a quote or an angle bracket; `www.` ones too.
const IN_TEXT = /\b(?:https?:\/\/|www\.)[^\s<>"'`\u00a0\u200b]+/gi;
// Punctuation that ends a sentence, not a URL ("see https://x.example/a." or "(https://…)").
const TRAILING = /[).,;:!?\]}>'"*]+$/;

export function urlsInText(text: string): string[] {
  return [...text.matchAll(IN_TEXT)].map(([match]) => {
    const trimmed = match.replace(TRAILING, '');
    return trimmed.toLowerCase().startsWith('www.') ? `http://${trimmed}` : trimmed;
  });
}

const LINK_ATTRIBUTES: Record<string, string> = { a: 'href', area: 'href', form: 'action' };

/** The HTML part's link targets, and the URLs its visible text shows. */
export function urlsInHtml(html: string): string[] {
  const links: string[] = [];
  const text = sanitizeHtml(html, {
    allowedTags: [],
    allowedAttributes: {},
    // Called for every tag before it is dropped: the one place its attributes are seen.
    transformTags: {
      '*': (tagName, attribs) => {
        const attribute = LINK_ATTRIBUTES[tagName];
        const target = attribute ? attribs[attribute] : undefined;
        if (target) links.push(target.trim());
        return { tagName, attribs };
      },
    },
    nonTextTags: ['style', 'script', 'textarea', 'option', 'noscript', 'title', 'head'],
  });
  const visible = text.replace(/&amp;/g, '&').replace(/&lt;/g, '<').replace(/&gt;/g, '>');
  return [...links, ...urlsInText(visible)];
}

export interface Extracted {
  urls: FoundUrl[];
  /** Beyond MAX_URLS_PER_MESSAGE: not queued, but said. */
  dropped: number;
}

export function collectUrls(written: Iterable<string>): Extracted {
  const byUrl = new Map<string, FoundUrl>();
  let dropped = 0;
  for (const raw of written) {
    const unwrapped = unwrapUrl(raw);
    const url = normaliseUrl(unwrapped.url);
    if (!url || byUrl.has(url)) continue;
    if (byUrl.size >= MAX_URLS_PER_MESSAGE) {
      dropped++;
      continue;
    }
    byUrl.set(url, { url, written: raw, via: unwrapped.via });
  }
  return { urls: [...byUrl.values()], dropped };
}
