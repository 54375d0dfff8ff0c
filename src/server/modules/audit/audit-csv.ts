/**
 * The audit log as CSV, safe to open in a spreadsheet: a cell that begins with = + - @, a tab or
 * a carriage return is read there as a formula, so it is prefixed with an apostrophe (OWASP's
 * advice for CSV injection). Names are written beside the stored codes, never JSON.
 */
import { stringify } from 'csv-stringify/sync';
import type { AuditEntry } from '@shared/audit';

const FORMULA_START = /^[=+\-@\t\r]/;

/** A cell a spreadsheet shows as text, never runs. */
export function spreadsheetSafe(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/** `key: value; key: value`, the status of a success left out (only successes are logged). */
function detailsText(details: Record<string, unknown>): string {
  return Object.entries(details)
    .filter(([key]) => key !== 'status' && key !== 'campaign')
    .map(([key, value]) => `${key}: ${typeof value === 'string' ? value : JSON.stringify(value)}`)
    .join('; ');
}

export function auditCsv(entries: readonly AuditEntry[]): string {
  return stringify(
    entries.map((e) => ({
      at: e.at,
      actor: e.actor,
      actor_name: e.actor_name ?? '',
      kind: e.kind,
      action: e.action,
      target: e.target_name ?? e.target ?? '',
      campaign: e.campaign_name ?? '',
      details: detailsText(e.details),
    })),
    {
      header: true,
      columns: ['at', 'actor', 'actor_name', 'kind', 'action', 'target', 'campaign', 'details'],
      cast: { string: (value) => spreadsheetSafe(value) },
    },
  );
}
