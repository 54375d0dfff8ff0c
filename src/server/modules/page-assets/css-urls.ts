/**
 * The addresses a stylesheet loads — `url(…)` (backgrounds, fonts, cursors) and `@import` — and
 * the same stylesheet with each of them replaced. Used for `<style>` elements, `style`
 * attributes and fetched CSS files alike.
 */

/** What one reference becomes: the stored asset's path, or nothing (it loads from nowhere). */
export type Replace = (reference: string, kind: 'import' | 'url') => Promise<string | undefined>;

/** A URL that never loads: the landing page's policy allows no about: resources. */
export const NOWHERE = 'about:invalid';

// A URL as CSS writes it: "double-quoted", 'single-quoted' (either may hold parentheses) or bare.
const URL_ARG = String.raw`\s*(?:"((?:[^"\\\n]|\\.)*)"|'((?:[^'\\\n]|\\.)*)'|((?:[^"'()\\\s]|\\.)*))\s*\)`;
const STRING = String.raw`"((?:[^"\\\n]|\\.)*)"|'((?:[^'\\\n]|\\.)*)'`;
/** Groups 1–5: an @import's URL (as a string, or in url()); 6–8: any other url(). */
const REFERENCE = new RegExp(String.raw`@import\s+(?:${STRING}|url\(${URL_ARG})|url\(${URL_ARG}`, 'gi');

/** Nothing to fetch: inline data, a fragment (an SVG filter), a variable filled per recipient. */
export function isLocalReference(reference: string): boolean {
  const value = reference.trim();
  return value === '' || /^(?:data:|#|about:|\{\{)/i.test(value);
}

export async function rewriteCss(css: string, replace: Replace): Promise<string> {
  const found: { start: number; end: number; kind: 'import' | 'url'; reference: string }[] = [];
  for (const match of css.matchAll(REFERENCE)) {
    const groups = match.slice(1);
    const at = groups.findIndex((group) => group !== undefined);
    const kind = at >= 0 && at < 5 ? 'import' : 'url';
    const reference = unescapeCss(at >= 0 ? groups[at]! : '');
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

/** CSS escapes in a URL (a backslash before a parenthesis, or a hex code point) as the browser reads them. */
function unescapeCss(value: string): string {
  return value.replace(
    /\\(?:([0-9a-f]{1,6})\s?|(.))/gi,
    (_whole, hex: string | undefined, char: string | undefined) =>
      hex ? String.fromCodePoint(parseInt(hex, 16)) : (char ?? ''),
  );
}
