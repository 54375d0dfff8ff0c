/**
 * A cloned page's HTML with its assets brought home: read with a real HTML parser (htmlparser2),
 * every stylesheet, image, icon and `url(…)` in `<style>` and `style` attributes resolved against
 * the page's `<base href>` (else the address it came from), fetched through the session, and its
 * reference replaced by the stored path; scripts and whatever could not be fetched lose their
 * address (listed in the report), and `<base>` is taken out. Everything else of the page is
 * kept byte for byte, its `{{variables}}` included.
 */
import { Parser } from 'htmlparser2';
import { isLocalReference, rewriteCss } from './css-urls';
import type { AssetSession, Expected } from './asset-session';

interface Edit {
  start: number;
  /** Exclusive. */
  end: number;
  text: Promise<string>;
}

/** A preload's `as`: what it loads ahead (anything else, a script among them, is never fetched). */
const PRELOADED: Record<string, Expected> = { style: 'stylesheet', image: 'image', font: 'image or font' };

/** Where each kind of element keeps its asset addresses, and what they must be. */
function referencesOf(name: string, attribs: Record<string, string>): [string, Expected][] {
  const rel = (attribs.rel ?? '').toLowerCase().split(/\s+/);
  switch (name) {
    case 'img':
      return [
        ['src', 'image'],
        ['srcset', 'image'],
      ];
    case 'source':
      return [
        ['src', 'image'],
        ['srcset', 'image'],
      ];
    case 'input':
      return attribs.type?.toLowerCase() === 'image' ? [['src', 'image']] : [];
    case 'video':
      return [['poster', 'image']];
    case 'script':
      return [['src', 'script']];
    case 'link':
      if (rel.includes('stylesheet')) return [['href', 'stylesheet']];
      if (rel.some((r) => r.includes('icon'))) return [['href', 'image']];
      if (rel.includes('modulepreload')) return [['href', 'script']];
      if (rel.includes('preload')) return [['href', PRELOADED[attribs.as?.toLowerCase() ?? ''] ?? 'script']];
      return [];
    case 'body':
    case 'table':
    case 'td':
    case 'th':
      return [['background', 'image']];
    default:
      return [];
  }
}

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

export function baseHrefOf(html: string): string | undefined {
  let href: string | undefined;
  const parser = new Parser({
    onopentag(name, attribs) {
      if (name === 'base' && href === undefined && attribs.href) href = attribs.href.trim();
    },
  });
  parser.write(html);
  parser.end();
  return href;
}

/** `pageUrl`: where the page came from, or where the operator says its relative links point. */
export async function bringPageHome(
  html: string,
  pageUrl: string | undefined,
  session: AssetSession,
): Promise<string> {
  const declared = baseHrefOf(html);
  let base = pageUrl;
  try {
    base = declared ? new URL(declared, pageUrl).href : pageUrl;
  } catch {
    // A relative <base href> and no address to read it against: relative links stay unresolved.
  }
  const edits: Edit[] = [];
  const bring = async (reference: string, expected: Expected) => {
    if (isLocalReference(reference)) return reference;
    if (!base && !/^(?:https?:)?\/\//i.test(reference.trim())) {
      session.problem(
        reference,
        'unresolved',
        `${reference} is relative and the page gives no address to read it against`,
      );
      return undefined;
    }
    return session.bring(reference, base ?? 'http://invalid/', expected);
  };
  const css = (text: string) =>
    rewriteCss(text, (ref, kind) => bring(ref, kind === 'import' ? 'stylesheet' : 'image or font'));
  let inStyle = false;
  const parser = new Parser(
    {
      onopentag(name, attribs) {
        const start = parser.startIndex;
        const end = parser.endIndex + 1;
        if (name === 'style') inStyle = true;
        if (name === 'base') {
          edits.push({ start, end, text: Promise.resolve('') });
          return;
        }
        const wanted = referencesOf(name, attribs).filter(([attr]) => attribs[attr] !== undefined);
        const styled = attribs.style !== undefined && /url\(|@import/i.test(attribs.style);
        if (wanted.length === 0 && !styled) return;
        const source = html.slice(start, end);
        edits.push({ start, end, text: rewriteTag(name, attribs, wanted, source, bring, css) });
      },
      onclosetag(name) {
        if (name === 'style') inStyle = false;
      },
      ontext(text) {
        if (!inStyle || !/url\(|@import/i.test(text)) return;
        edits.push({ start: parser.startIndex, end: parser.endIndex + 1, text: css(text) });
      },
    },
    { decodeEntities: true },
  );
  parser.write(html);
  parser.end();
  const texts = await Promise.all(edits.map((e) => e.text));
  let out = '';
  let at = 0;
  edits.forEach((edit, index) => {
    out += html.slice(at, edit.start) + texts[index];
    at = edit.end;
  });
  return out + html.slice(at);
}

async function rewriteTag(
  name: string,
  attribs: Record<string, string>,
  wanted: [string, Expected][],
  source: string,
  bring: (reference: string, expected: Expected) => Promise<string | undefined>,
  css: (text: string) => Promise<string>,
): Promise<string> {
  const next: Record<string, string | undefined> = { ...attribs };
  for (const [attr, expected] of wanted) {
    const value = attribs[attr]!;
    next[attr] =
      attr === 'srcset' ? await srcset(value, (ref) => bring(ref, expected)) : await bring(value, expected);
  }
  if (next.style !== undefined) next.style = await css(next.style);
  const attributes = Object.entries(next)
    .filter((entry): entry is [string, string] => entry[1] !== undefined)
    .map(([attr, value]) => ` ${attr}="${escapeAttribute(value)}"`)
    .join('');
  return `<${name}${attributes}${/\/\s*>$/.test(source) ? ' /' : ''}>`;
}

/** Each candidate of a srcset brought home; those that could not be are left out. */
async function srcset(value: string, bring: (reference: string) => Promise<string | undefined>) {
  const candidates = value
    .split(/,\s+/)
    .map((candidate) => candidate.trim())
    .filter(Boolean);
  const brought = await Promise.all(
    candidates.map(async (candidate) => {
      const [url = '', ...descriptor] = candidate.split(/\s+/);
      const path = await bring(url);
      return path === undefined ? undefined : [path, ...descriptor].join(' ');
    }),
  );
  const kept = brought.filter((c): c is string => c !== undefined);
  return kept.length > 0 ? kept.join(', ') : undefined;
}
