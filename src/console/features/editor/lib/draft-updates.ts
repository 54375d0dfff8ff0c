/**
 * Immutable edits of the campaign draft that more than one section needs: moving list items,
 * fresh ids, and writing a translation at a text's path (an emptied text removes its key, so
 * the recipient falls back to the default language instead of seeing an empty string).
 */
import type { CampaignFile, ContentTranslation } from '@shared/campaign';
import type { LanguageCode } from '@shared/languages';

/** The list with item `index` moved by `delta` places; out-of-range moves change nothing. */
export function moveItem<T>(items: readonly T[], index: number, delta: number): T[] {
  const target = index + delta;
  if (target < 0 || target >= items.length || index < 0 || index >= items.length) return [...items];
  const next = [...items];
  const [item] = next.splice(index, 1) as [T];
  next.splice(target, 0, item);
  return next;
}

/** The list with item `index` replaced by `change(item)`. */
export function replaceItem<T>(items: readonly T[], index: number, change: (item: T) => T): T[] {
  return items.map((item, i) => (i === index ? change(item) : item));
}

/** `prefix` plus the lowest number not yet taken, e.g. flag3: ids must stay unique in their list. */
export function nextId(prefix: string, taken: readonly string[]): string {
  const used = new Set(taken);
  for (let n = 1; ; n += 1) if (!used.has(`${prefix}${n}`)) return `${prefix}${n}`;
}

type Tree = { [key: string]: unknown };
const isTree = (value: unknown): value is Tree => typeof value === 'object' && value !== null;

function withValue(node: Tree, path: readonly string[], value: string | undefined): Tree {
  const [key, ...rest] = path;
  if (key === undefined) return node;
  const copy: Tree = { ...node };
  const child = rest.length === 0 ? value : withValue(isTree(node[key]) ? node[key] : {}, rest, value);
  // Empty branches are dropped too: the schema is strict and {} says nothing.
  if (child === undefined || (isTree(child) && Object.keys(child).length === 0)) delete copy[key];
  else copy[key] = child;
  return copy;
}

/** The file with `language`'s translation at `path` set to `value`, or removed when it is blank. */
export function setTranslation(
  file: CampaignFile,
  language: LanguageCode,
  path: readonly string[],
  value: string,
): CampaignFile {
  const current = file.translations[language] ?? {};
  const next = withValue(current, path, value.trim() ? value : undefined) as ContentTranslation;
  return { ...file, translations: { ...file.translations, [language]: next } };
}

/** The file with a further (empty) translation; the language then counts as one the campaign has. */
export function addTranslation(file: CampaignFile, language: LanguageCode): CampaignFile {
  if (file.translations[language] || language === file.language_code) return file;
  return { ...file, translations: { ...file.translations, [language]: {} } };
}

export function removeTranslation(file: CampaignFile, language: LanguageCode): CampaignFile {
  const translations = { ...file.translations };
  delete translations[language];
  return { ...file, translations };
}

/** Empty text inputs of optional fields mean "not set", which the schema spells as absent. */
export const optional = (value: string): string | undefined => (value.trim() ? value : undefined);
