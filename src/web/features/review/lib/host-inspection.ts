/**
 * What a reviewer must know about a URL's host: its Unicode and punycode forms, whether a label
 * mixes writing systems (pаypal with a Cyrillic "а"), and which ASCII host it imitates.
 * The look-alike check folds the Cyrillic and Greek letters that pass for Latin ones
 * (a small subset of Unicode's confusables.txt: the ones attackers use against Latin hosts).
 */
import { toUnicode } from 'punycode/';

export interface HostInfo {
  /** The host as DNS sees it (punycode for internationalised labels). */
  ascii: string;
  unicode: string;
  international: boolean;
  /** Scripts of the letters in the host, e.g. ['Cyrillic', 'Latin']. */
  scripts: string[];
  mixedScripts: boolean;
  /** The ASCII host this one is made to look like, when it is not that host. */
  lookalike: string | null;
}

const SCRIPTS = [
  'Latin',
  'Cyrillic',
  'Greek',
  'Armenian',
  'Georgian',
  'Cherokee',
  'Arabic',
  'Hebrew',
  'Devanagari',
  'Thai',
  'Han',
  'Hiragana',
  'Katakana',
  'Hangul',
] as const;
const SCRIPT_PATTERNS = SCRIPTS.map((name) => [name, new RegExp(`\\p{Script=${name}}`, 'u')] as const);
/** Scripts that legitimately share one label (Japanese, Chinese, Korean writing, with Latin). */
const CJK = new Set(['Han', 'Hiragana', 'Katakana', 'Hangul']);

const CONFUSABLES: Record<string, string> = {
  // Cyrillic
  а: 'a',
  в: 'b',
  е: 'e',
  ё: 'e',
  һ: 'h',
  і: 'i',
  ї: 'i',
  ј: 'j',
  к: 'k',
  ӏ: 'l',
  м: 'm',
  н: 'h',
  о: 'o',
  р: 'p',
  с: 'c',
  т: 't',
  у: 'y',
  х: 'x',
  ѕ: 's',
  ԁ: 'd',
  ԛ: 'q',
  ԝ: 'w',
  ь: 'b',
  ү: 'y',
  ɡ: 'g',
  // Greek
  α: 'a',
  β: 'b',
  ε: 'e',
  η: 'n',
  ι: 'i',
  κ: 'k',
  ν: 'v',
  ο: 'o',
  ρ: 'p',
  τ: 't',
  υ: 'u',
  χ: 'x',
  ω: 'w',
  ϲ: 'c',
  ϳ: 'j',
  // Latin look-alikes outside ASCII
  ı: 'i',
  ȷ: 'j',
  ł: 'l',
  ɩ: 'i',
  ℓ: 'l',
};

function scriptOf(char: string): string | undefined {
  return SCRIPT_PATTERNS.find(([, pattern]) => pattern.test(char))?.[0];
}

function labelScripts(label: string): Set<string> {
  const found = new Set<string>();
  for (const char of label) {
    const script = scriptOf(char);
    if (script) found.add(script);
  }
  return found;
}

function isMixed(scripts: Set<string>): boolean {
  const groups = new Set([...scripts].map((s) => (CJK.has(s) ? 'CJK' : s)));
  if (groups.size <= 1) return false;
  return !(groups.size === 2 && groups.has('Latin') && groups.has('CJK'));
}

/** Unicode's "skeleton" idea, limited to our map: the string a careless eye reads. */
export function skeleton(text: string): string {
  return [...text.normalize('NFKC').toLowerCase()].map((c) => CONFUSABLES[c] ?? c).join('');
}

export function inspectHost(url: string): HostInfo | null {
  let ascii: string;
  try {
    ascii = new URL(url).hostname;
  } catch {
    return null;
  }
  if (!ascii) return null;
  const unicode = toUnicode(ascii);
  const perLabel = unicode.split('.').map(labelScripts);
  const scripts = [...new Set(perLabel.flatMap((s) => [...s]))].sort();
  const folded = skeleton(unicode);
  const lookalike = unicode !== ascii && /^[a-z0-9.-]+$/.test(folded) && folded !== unicode ? folded : null;
  return {
    ascii,
    unicode,
    international: unicode !== ascii,
    scripts,
    mixedScripts: perLabel.some(isMixed),
    lookalike,
  };
}
