/**
 * Words the reviewer page builds from data, in the page's language: script names ("Cyrillic"
 * as «кириллица», «السيريلية»), lists (Arabic joins with "،" and "و") and decision times. The
 * browser's Intl does the work, so no translation file has to list every script.
 */

/** ISO 15924 codes of the scripts host-inspection names. */
const SCRIPT_CODES: Record<string, string> = {
  Latin: 'Latn',
  Cyrillic: 'Cyrl',
  Greek: 'Grek',
  Armenian: 'Armn',
  Georgian: 'Geor',
  Cherokee: 'Cher',
  Arabic: 'Arab',
  Hebrew: 'Hebr',
  Devanagari: 'Deva',
  Thai: 'Thai',
  Han: 'Hani',
  Hiragana: 'Hira',
  Katakana: 'Kana',
  Hangul: 'Hang',
};

export function scriptName(script: string, language: string): string {
  const code = SCRIPT_CODES[script];
  if (!code) return script;
  try {
    return new Intl.DisplayNames([language], { type: 'script', fallback: 'code' }).of(code) ?? script;
  } catch {
    return script;
  }
}

export function formatList(items: readonly string[], language: string): string {
  try {
    return new Intl.ListFormat([language], { style: 'long', type: 'conjunction' }).format(items);
  } catch {
    return items.join(', ');
  }
}

/** A stored decision's time, or the text as sent when it is not a time. */
export function formatTime(iso: string, language: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  try {
    return new Intl.DateTimeFormat([language], { dateStyle: 'medium', timeStyle: 'short' }).format(date);
  } catch {
    return date.toISOString();
  }
}
