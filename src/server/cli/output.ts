/** CLI output: a plain-text table for people, one JSON document for scripts (--json). */

export type Row = Record<string, unknown>;

function cell(value: unknown): string {
  if (value === null || value === undefined || value === '') return '-';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value as string | number | boolean).replace(/\s+/g, ' ');
}

/** Columns padded to their widest cell; `columns` picks and orders them (default: first row's keys). */
export function formatTable(rows: readonly Row[], columns?: readonly string[]): string {
  const names = columns ?? Object.keys(rows[0] ?? {});
  if (rows.length === 0) return '(none)\n';
  const cells = rows.map((row) => names.map((name) => cell(row[name])));
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

export function writeJson(value: unknown): void {
  process.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
}

/** The common shape of every command's output: JSON when asked, else the readable form. */
export function output(options: { json?: boolean }, value: unknown, readable: () => string): void {
  if (options.json) writeJson(value);
  else write(readable());
}
