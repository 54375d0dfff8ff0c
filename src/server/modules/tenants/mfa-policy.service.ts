/**
 * The tenant's "two-step sign-in required" policy. Read on every console request with the session
 * (accounts.repository's findSession joins it), so turning it on takes effect at once: a user
 * without two-step sign-in can then only set it up (docs/operators.md).
 */
import type { Db } from '@server/db/schema';
import { audited } from '../audit/audited';
import { findMfaRequired, updateMfaRequired } from './tenants.repository';
import { requireTenant } from './tenants.service';

export async function tenantMfaRequired(db: Db, tenantId: string): Promise<boolean> {
  await requireTenant(db, tenantId);
  return findMfaRequired(db, tenantId);
}

export async function setTenantMfaRequired(db: Db, tenantId: string, required: boolean): Promise<boolean> {
  await requireTenant(db, tenantId);
  await audited(db, { tenantId, action: 'settings.mfa_policy', details: { required } }, (trx) =>
    updateMfaRequired(trx, tenantId, required),
  );
  return required;
}
