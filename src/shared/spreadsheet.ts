/**
 * A cell a spreadsheet shows as text, never runs: one that begins with = + - @, a tab or a
 * carriage return is read there as a formula, so it is prefixed with an apostrophe (OWASP's
 * advice for CSV injection). Every CSV Hookwise writes — server, command line, console — passes
 * its text cells through this.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export function spreadsheetSafe(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}
