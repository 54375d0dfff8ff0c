/** CLI output: a plain-text table for people, one JSON document for scripts (--json). */

export type Row = Record<string, unknown>;

function cell(value: unknown): string {
  if (value === null || value === undefined || value === '') return '-';
  if (typeof value === 'string') return value.replace(/\s+/g, ' ');
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value) ?? '-';
}

/**
 * Columns padded to their widest cell; `columns` picks and orders them (default: first row's
 * keys). The header is the column names, upper-cased on request.
 */
export function formatTable(
  rows: readonly Row[],
  columns?: readonly string[],
  options: { upperCase?: boolean } = {},
): string {
  const keys = columns ?? Object.keys(rows[0] ?? {});
  if (rows.length === 0) return '(none)\n';
  const names = options.upperCase ? keys.map((key) => key.toUpperCase()) : keys;
  const cells = rows.map((row) => keys.map((key) => cell(row[key])));
  const widths = names.map((name, i) => Math.max(name.length, ...cells.map((line) => line[i]?.length ?? 0)));
  const render = (line: readonly string[]) =>
    line
      .map((text, i) => text.padEnd(widths[i] ?? 0))
      .join('  ')
      .trimEnd();
  return [render(names), render(widths.map((w) => '-'.repeat(w))), ...cells.map(render)].join('\n') + '\n';
}

export function write(text: string): void {
  process.stdout.write(text.endsWith('\n') ? text : `${text}\n`);
}

/** Indented for people reading it; `compact` for one line (a script's `jq`, say). */
export function writeJson(value: unknown, options: { compact?: boolean } = {}): void {
  process.stdout.write(`${JSON.stringify(value, null, options.compact ? undefined : 2)}\n`);
}

/** The common shape of every command's output: JSON when asked, else the readable form. */
export function output(options: { json?: boolean }, value: unknown, readable: () => string): void {
  if (options.json) writeJson(value);
  else write(readable());
}
