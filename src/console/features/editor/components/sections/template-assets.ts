/**
 * The files a pasted landing page refers to, by where they would come from. The page is served
 * on its own at /phish under a sandboxing policy (src/server/modules/journey/template.ts) that
 * loads stylesheets, images and fonts from Hookwise only, no script from anywhere, and forbids
 * <base>: a file from another site or at a relative address never loads, unless "Import a site"
 * stored it with the campaign (served at /assets/p/…, which is Hookwise's own address).
 */
export interface TemplateAssets {
  /** http(s) addresses of other sites. */
  external: number;
  /** Addresses relative to the page, e.g. images/logo.png or /css/site.css. */
  relative: number;
}

/** `<link rel>` values that make the browser fetch the address. */
const FETCHED_LINKS = /\b(stylesheet|icon|preload|modulepreload|apple-touch-icon|manifest|prefetch)\b/i;
const CSS_URL = /url\(\s*(['"]?)([^'")]*)\1\s*\)|@import\s+(['"])([^'"]*)\3/gi;

type Where = keyof TemplateAssets | undefined;

function whereFrom(address: string): Where {
  const value = address.trim();
  if (value === '' || value.startsWith('#')) return undefined;
  // Stored with the campaign by "Import a site", and served by Hookwise itself.
  if (value.startsWith('/assets/p/')) return undefined;
  if (/^(https?:)?\/\//i.test(value)) return 'external';
  // data:, blob:, about:, javascript: and the like are not fetched from anywhere.
  if (/^[a-z][a-z0-9+.-]*:/i.test(value)) return undefined;
  return 'relative';
}

function cssAddresses(css: string): string[] {
  return [...css.matchAll(CSS_URL)].map((match) => match[2] ?? match[4] ?? '');
}

/** Parsed without loading or running anything: DOMParser's documents are inert. */
export function templateAssets(html: string): TemplateAssets {
  const found: TemplateAssets = { external: 0, relative: 0 };
  if (!html.trim()) return found;
  const doc = new DOMParser().parseFromString(html, 'text/html');
  const addresses = [
    ...[...doc.querySelectorAll('img[src], script[src], source[src], video[src], audio[src]')].map(
      (el) => el.getAttribute('src') ?? '',
    ),
    ...[...doc.querySelectorAll('img[srcset], source[srcset]')].flatMap((el) =>
      (el.getAttribute('srcset') ?? '').split(',').map((candidate) => candidate.trim().split(/\s+/)[0] ?? ''),
    ),
    ...[...doc.querySelectorAll('link[href]')]
      .filter((el) => FETCHED_LINKS.test(el.getAttribute('rel') ?? ''))
      .map((el) => el.getAttribute('href') ?? ''),
    ...[...doc.querySelectorAll('style')].flatMap((el) => cssAddresses(el.textContent ?? '')),
    ...[...doc.querySelectorAll('[style]')].flatMap((el) => cssAddresses(el.getAttribute('style') ?? '')),
  ];
  for (const address of addresses) {
    const where = whereFrom(address);
    if (where) found[where] += 1;
  }
  return found;
}
