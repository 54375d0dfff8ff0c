/**
 * How long the tenant's audit log keeps its entries: for ever (the default) or a number of days
 * an owner chooses (30 to 3650). Older entries are removed by the audit module's pruning, which
 * writes down what it removed.
 */
import type { Db } from '@server/db/schema';
import { audited } from '../audit/audited';
import { findAuditRetention, listAuditRetentions, updateAuditRetention } from './tenants.repository';
import { requireTenant } from './tenants.service';

export async function tenantAuditRetention(db: Db, tenantId: string): Promise<number | null> {
  await requireTenant(db, tenantId);
  return findAuditRetention(db, tenantId);
}

export async function setTenantAuditRetention(
  db: Db,
  tenantId: string,
  days: number | null,
): Promise<number | null> {
  await requireTenant(db, tenantId);
  await audited(db, { tenantId, action: 'settings.audit_retention', details: { days } }, (trx) =>
    updateAuditRetention(trx, tenantId, days),
  );
  return days;
}

export function auditRetentions(db: Db) {
  return listAuditRetentions(db);
}
