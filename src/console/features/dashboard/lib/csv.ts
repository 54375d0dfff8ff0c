/** CSV text of what the screen shows (RFC 4180 quoting; a leading =, +, - or @ is defused for spreadsheets). */
export type Cell = string | number | null | undefined;

function cell(value: Cell): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(rows: readonly (readonly Cell[])[]): string {
  return rows.map((row) => row.map(cell).join(',')).join('\r\n') + '\r\n';
}

export function percent(rate: number | null): string {
  return rate === null ? '' : `${(rate * 100).toFixed(1)}%`;
}
