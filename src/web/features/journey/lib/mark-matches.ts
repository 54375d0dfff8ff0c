/**
 * Splits a text into parts, marking the first occurrence of each wanted snippet. Snippets that
 * are not found, or that overlap one already marked, are left out: the text is never changed.
 */
export interface Part<T> {
  text: string;
  value?: T;
}

export function markMatches<T>(text: string, wanted: { text: string; value: T }[]): Part<T>[] {
  const found = wanted
    .filter((w) => w.text.length > 0)
    .map((w) => ({ ...w, at: text.indexOf(w.text) }))
    .filter((w) => w.at >= 0)
    .sort((a, b) => a.at - b.at);
  const parts: Part<T>[] = [];
  let cursor = 0;
  for (const match of found) {
    if (match.at < cursor) continue;
    if (match.at > cursor) parts.push({ text: text.slice(cursor, match.at) });
    parts.push({ text: match.text, value: match.value });
    cursor = match.at + match.text.length;
  }
  if (cursor < text.length) parts.push({ text: text.slice(cursor) });
  return parts;
}
