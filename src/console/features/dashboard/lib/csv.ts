/** CSV text of what the screen shows (RFC 4180 quoting; text cells spreadsheet-safe). */
import { spreadsheetSafe } from '@shared/spreadsheet';

export type Cell = string | number | null | undefined;

function cell(value: Cell): string {
  if (value === null || value === undefined) return '';
  const text = typeof value === 'string' ? spreadsheetSafe(value) : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(rows: readonly (readonly Cell[])[]): string {
  return rows.map((row) => row.map(cell).join(',')).join('\r\n') + '\r\n';
}

export function percent(rate: number | null): string {
  return rate === null ? '' : `${(rate * 100).toFixed(1)}%`;
}
