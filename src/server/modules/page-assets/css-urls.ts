/**
 * The addresses a stylesheet loads — `url(…)` (backgrounds, fonts, cursors) and `@import` — and
 * the same stylesheet with each of them replaced. Used for `<style>` elements, `style`
 * attributes and fetched CSS files alike.
 */

/** What one reference becomes: the stored asset's path, or nothing (it loads from nowhere). */
export type Replace = (reference: string, kind: 'import' | 'url') => Promise<string | undefined>;

/** A URL that never loads: the landing page's policy allows no about: resources. */
export const NOWHERE = 'about:invalid';

const REFERENCE = /@import\s+(?:url\(\s*)?(["']?)([^"')\s;]+)\1\s*\)?|url\(\s*(["']?)([^"')]*?)\3\s*\)/gi;

/** Nothing to fetch: inline data, a fragment (an SVG filter), a variable filled per recipient. */
export function isLocalReference(reference: string): boolean {
  const value = reference.trim();
  return value === '' || /^(?:data:|#|about:|\{\{)/i.test(value);
}

export async function rewriteCss(css: string, replace: Replace): Promise<string> {
  const found: { start: number; end: number; kind: 'import' | 'url'; reference: string }[] = [];
  for (const match of css.matchAll(REFERENCE)) {
    const kind = match[2] !== undefined ? 'import' : 'url';
    const reference = unescapeCss(match[2] ?? match[4] ?? '');
    if (isLocalReference(reference)) continue;
    found.push({ start: match.index, end: match.index + match[0].length, kind, reference });
  }
  if (found.length === 0) return css;
  const replaced = await Promise.all(found.map((f) => replace(f.reference, f.kind)));
  let out = '';
  let at = 0;
  found.forEach((f, index) => {
    const target = JSON.stringify(replaced[index] ?? NOWHERE);
    out += css.slice(at, f.start) + (f.kind === 'import' ? `@import url(${target})` : `url(${target})`);
    at = f.end;
  });
  return out + css.slice(at);
}

/** CSS escapes in a URL (`\(`, `\20 `) as the browser reads them. */
function unescapeCss(value: string): string {
  return value.replace(/\\([0-9a-f]{1,6}\s?|.)/gi, (_whole, escaped: string) =>
    /^[0-9a-f]/i.test(escaped) && escaped.trim().length > 0 && /^[0-9a-f]+\s?$/i.test(escaped)
      ? String.fromCodePoint(parseInt(escaped.trim(), 16))
      : escaped,
  );
}
