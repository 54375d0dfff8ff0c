/** The audit log as CSV, safe to open in a spreadsheet. Names are written beside the stored codes, never JSON. */
import type { AuditEntry } from '@shared/audit';
import { csvText } from '@server/lib/csv';

/** `key: value; key: value`, the status of a success left out (only successes are logged). */
function detailsText(details: Record<string, unknown>): string {
  return Object.entries(details)
    .filter(([key]) => key !== 'status' && key !== 'campaign')
    .map(([key, value]) => `${key}: ${typeof value === 'string' ? value : JSON.stringify(value)}`)
    .join('; ');
}

export function auditCsv(entries: readonly AuditEntry[]): string {
  return csvText(
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
    ['at', 'actor', 'actor_name', 'kind', 'action', 'target', 'campaign', 'details'],
  );
}
