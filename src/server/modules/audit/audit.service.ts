/**
 * The audit log of operator actions: who (a user's email, or an API key's prefix), what (an
 * action name such as "campaign.launch"), on what, and when. Written for every change made
 * through the operator API and for sign-ins; never holds a request body.
 */
import type { AuditEntry, AuditQuery } from '@shared/admin-api';
import { newRowId, nowIso } from '@server/lib/ids';
import { insertAuditEntry, listAuditEntries } from './audit.repository';
import type { Db } from '@server/db/schema';

export interface AuditRecord {
  tenantId: string;
  actor: string;
  action: string;
  target?: string | null;
  details?: Record<string, unknown>;
}

export async function recordAudit(db: Db, entry: AuditRecord): Promise<void> {
  await insertAuditEntry(db, {
    id: newRowId(),
    tenant_id: entry.tenantId,
    at: nowIso(),
    actor: entry.actor,
    action: entry.action,
    target: entry.target ?? null,
    details: JSON.stringify(entry.details ?? {}),
  });
}

export async function auditEntries(db: Db, tenantId: string, page: AuditQuery): Promise<AuditEntry[]> {
  const rows = await listAuditEntries(db, tenantId, page);
  return rows.map((row) => ({
    id: row.id,
    at: row.at,
    actor: row.actor,
    action: row.action,
    target: row.target,
    details: parseDetails(row.details),
  }));
}

function parseDetails(text: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}
