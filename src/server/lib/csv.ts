/**
 * The server's CSV, safe to open in a spreadsheet (see spreadsheetSafe): a name, a department or
 * a reported subject is text an employee or an outsider chose; none of it may run in the
 * operator's spreadsheet.
 */
import { stringify, type Options } from 'csv-stringify/sync';
import { spreadsheetSafe } from '@shared/spreadsheet';

/** Rows as CSV with a header; every string cell spreadsheet-safe, a list as `a; b`. */
export function csvText(rows: readonly object[], columns: NonNullable<Options['columns']>): string {
  return stringify([...rows], {
    header: true,
    columns,
    cast: {
      string: (value) => spreadsheetSafe(value),
      object: (value) => spreadsheetSafe(Array.isArray(value) ? value.join('; ') : JSON.stringify(value)),
    },
  });
}
