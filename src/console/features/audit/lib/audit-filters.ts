/** The audit page's filters and the query they become: whole days in the operator's own zone. */
import type { AuditKind } from '@shared/audit';

export interface AuditFilters {
  /** The actor as stored (an email, "api key …"); empty: anyone. */
  actor: string;
  kind: AuditKind | '';
  /** yyyy-mm-dd from a date input; empty: no bound. */
  from: string;
  to: string;
  previews: boolean;
}

export const NO_FILTERS: AuditFilters = { actor: '', kind: '', from: '', to: '', previews: false };

/** The start of a local day, or the last millisecond of it, as an ISO instant. */
function dayBound(day: string, end: boolean): string | undefined {
  const [year, month, date] = day.split('-').map(Number);
  if (!year || !month || !date) return undefined;
  const local = end ? new Date(year, month - 1, date, 23, 59, 59, 999) : new Date(year, month - 1, date);
  return Number.isNaN(local.getTime()) ? undefined : local.toISOString();
}

export function auditParams(filters: AuditFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.actor) params.set('actor', filters.actor);
  if (filters.kind) params.set('kind', filters.kind);
  const from = dayBound(filters.from, false);
  const to = dayBound(filters.to, true);
  if (from) params.set('from', from);
  if (to) params.set('to', to);
  params.set('previews', String(filters.previews));
  return params;
}
