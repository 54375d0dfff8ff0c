/**
 * The text of a PDF Chromium printed, for tests: each page's content streams decoded through the
 * ToUnicode map of the font in use (Chromium writes glyph ids, Identity-H, two bytes each).
 * Enough for Chromium's own output; not a general PDF reader.
 */
import { inflateSync } from 'node:zlib';

type CMap = Map<number, string>;

function objects(pdf: string): Map<number, string> {
  const found = new Map<number, string>();
  for (const m of pdf.matchAll(/(\d+) 0 obj\s*([\s\S]*?)endobj/g)) found.set(Number(m[1]), m[2] ?? '');
  return found;
}

function streamOf(body: string): string | undefined {
  const m = /stream\r?\n([\s\S]*?)\r?\nendstream/.exec(body);
  if (!m?.[1]) return undefined;
  const raw = Buffer.from(m[1], 'latin1');
  try {
    return /FlateDecode/.test(body) ? inflateSync(raw).toString('latin1') : raw.toString('latin1');
  } catch {
    return undefined;
  }
}

const utf16 = (hex: string) => Buffer.from(hex, 'hex').swap16().toString('utf16le');

function parseCMap(text: string): CMap {
  const map: CMap = new Map();
  for (const block of text.matchAll(/beginbfchar([\s\S]*?)endbfchar/g))
    for (const m of (block[1] ?? '').matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>/g))
      map.set(parseInt(m[1] ?? '0', 16), utf16(m[2] ?? ''));
  for (const block of text.matchAll(/beginbfrange([\s\S]*?)endbfrange/g))
    for (const m of (block[1] ?? '').matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>/g)) {
      const [from, to, base] = [m[1], m[2], m[3]].map((h) => parseInt(h ?? '0', 16)) as [
        number,
        number,
        number,
      ];
      const width = (m[3] ?? '').length;
      for (let code = from; code <= to; code++)
        map.set(code, utf16((base + code - from).toString(16).padStart(width, '0')));
    }
  return map;
}

/**
 * All text of the PDF in drawing order, glyphs joined (Chromium draws a glyph or a run per
 * operator and positions instead of spaces, so compare without whitespace).
 */
export function pdfText(buffer: Buffer): string {
  const pdf = buffer.toString('latin1');
  const objs = objects(pdf);
  const cmapOfFont = new Map<number, CMap>();
  for (const [id, body] of objs) {
    const ref = /\/ToUnicode\s+(\d+) 0 R/.exec(body)?.[1];
    const cmapText = ref === undefined ? undefined : streamOf(objs.get(Number(ref)) ?? '');
    if (cmapText) cmapOfFont.set(id, parseCMap(cmapText));
  }
  const fontByName = new Map<string, number>();
  for (const body of objs.values())
    for (const fonts of body.matchAll(/\/Font\s*<<([\s\S]*?)>>/g))
      for (const m of (fonts[1] ?? '').matchAll(/\/([\w.-]+)\s+(\d+) 0 R/g))
        fontByName.set(m[1] ?? '', Number(m[2]));
  const out: string[] = [];
  for (const body of objs.values()) {
    const content = streamOf(body);
    if (!content || !/\bT[Jj]\b/.test(content)) continue;
    let cmap: CMap | undefined;
    for (const m of content.matchAll(/\/([\w.-]+)\s+[\d.]+\s+Tf|(\[[^\]]*\])\s*TJ|<([0-9a-fA-F]*)>\s*Tj/g)) {
      if (m[1] !== undefined) {
        cmap = cmapOfFont.get(fontByName.get(m[1]) ?? -1);
        continue;
      }
      const hexes = m[2] ? [...m[2].matchAll(/<([0-9a-fA-F]*)>/g)].map((h) => h[1] ?? '') : [m[3] ?? ''];
      let text = '';
      for (const hex of hexes)
        for (let i = 0; i + 4 <= hex.length; i += 4)
          text += cmap?.get(parseInt(hex.slice(i, i + 4), 16)) ?? '';
      out.push(text);
    }
  }
  return out.join('');
}
