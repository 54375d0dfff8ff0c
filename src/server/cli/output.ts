/** CLI output: a plain-text table for people, one JSON document for scripts (--json). */

export type Row = Record<string, unknown>;

/** What every command prints for an empty list: one wording everywhere. */
export const EMPTY = '(none)';

/** The narrowest a column is cut to when the table is wider than the terminal. */
const MIN_WIDTH = 8;

function cell(value: unknown): string {
  if (value === null || value === undefined || value === '') return '-';
  if (typeof value === 'string') return value.replace(/\s+/g, ' ');
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value) ?? '-';
}

/** The terminal's width when stdout is one; undefined when piped (a file or script gets it all). */
export function terminalWidth(): number | undefined {
  return process.stdout.isTTY ? process.stdout.columns : undefined;
}

/**
 * The one table of the CLI: upper-case column names, a rule, columns padded to their widest
 * cell; `columns` picks and orders them (default: the first row's keys). When the table is wider
 * than `maxWidth` (default: the terminal's width, none when piped), the widest columns not in
 * `keep` (a link people copy, say) are cut and their long cells end with "…"; `--json` and
 * `--csv` always give every character.
 */
export function formatTable(
  rows: readonly Row[],
  columns?: readonly string[],
  options: { maxWidth?: number; keep?: readonly string[] } = {},
): string {
  if (rows.length === 0) return `${EMPTY}\n`;
  const keys = columns ?? Object.keys(rows[0] ?? {});
  const names = keys.map((key) => key.toUpperCase());
  const cells = rows.map((row) => keys.map((key) => cell(row[key])));
  const natural = names.map((name, i) => Math.max(name.length, ...cells.map((line) => line[i]?.length ?? 0)));
  const maxWidth = 'maxWidth' in options ? options.maxWidth : terminalWidth();
  const cuttable = keys.map((key) => !options.keep?.includes(key));
  const widths = fit(natural, cuttable, maxWidth);
  const render = (line: readonly string[]) =>
    line
      .map((text, i) => truncate(text, widths[i] ?? 0).padEnd(widths[i] ?? 0))
      .join('  ')
      .trimEnd();
  return [render(names), render(widths.map((w) => '-'.repeat(w))), ...cells.map(render)].join('\n') + '\n';
}

/** Narrows the widest cuttable column, one character at a time, until the row fits or none can. */
function fit(
  natural: readonly number[],
  cuttable: readonly boolean[],
  maxWidth: number | undefined,
): number[] {
  const widths = [...natural];
  if (!maxWidth) return widths;
  const total = () => widths.reduce((sum, w) => sum + w, 0) + 2 * Math.max(0, widths.length - 1);
  while (total() > maxWidth) {
    let widest = -1;
    widths.forEach((w, i) => {
      if (cuttable[i] && w > MIN_WIDTH && (widest === -1 || w > (widths[widest] ?? 0))) widest = i;
    });
    if (widest === -1) break;
    widths[widest] = (widths[widest] ?? 0) - 1;
  }
  return widths;
}

function truncate(text: string, width: number): string {
  return text.length > width ? `${text.slice(0, Math.max(0, width - 1))}…` : text;
}

export function write(text: string): void {
  process.stdout.write(text.endsWith('\n') ? text : `${text}\n`);
}

/** A warning for the person at the terminal: stderr, so stdout stays the command's output. */
export function warn(text: string): void {
  process.stderr.write(`hookwise: warning: ${text}\n`);
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
