/** SQL for tenants: the root every other row belongs to. */
import { compiledOnce } from '@server/db/compiled-once';
import type { NewTenant, Db } from '@server/db/schema';

export async function insertTenant(db: Db, row: NewTenant): Promise<void> {
  await db.insertInto('tenants').values(row).execute();
}

export function listTenants(db: Db) {
  return db.selectFrom('tenants').select(['id', 'name', 'created_at']).orderBy('created_at').execute();
}

// Every reviewer submit reads its tenant: compiled once (db/compiled-once.ts).
const tenantById = compiledOnce((db, id: string) =>
  db.selectFrom('tenants').select(['id', 'name', 'created_at']).where('id', '=', id),
);

export async function findTenant(db: Db, id: string) {
  return (await tenantById(db, id)).rows[0];
}

export async function countTenants(db: Db): Promise<number> {
  const row = await db
    .selectFrom('tenants')
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Tenants with this exact name, oldest first. */
export function findTenantsByName(db: Db, name: string) {
  return db
    .selectFrom('tenants')
    .select(['id', 'name', 'created_at'])
    .where('name', '=', name)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

const egressNetworksById = compiledOnce((db, id: string) =>
  db.selectFrom('tenants').select('egress_networks').where('id', '=', id),
);

/** The tenant's declared offices and gateways, as stored (a JSON array of CIDR ranges). */
export async function findEgressNetworks(db: Db, id: string): Promise<string | undefined> {
  return (await egressNetworksById(db, id)).rows[0]?.egress_networks;
}

export async function updateEgressNetworks(db: Db, id: string, networks: string): Promise<void> {
  await db.updateTable('tenants').set({ egress_networks: networks }).where('id', '=', id).execute();
}

export async function findMfaRequired(db: Db, id: string): Promise<boolean> {
  const row = await db.selectFrom('tenants').select('mfa_required').where('id', '=', id).executeTakeFirst();
  return row?.mfa_required === 1;
}

export async function updateMfaRequired(db: Db, id: string, required: boolean): Promise<void> {
  await db
    .updateTable('tenants')
    .set({ mfa_required: required ? 1 : 0 })
    .where('id', '=', id)
    .execute();
}

export async function findAuditRetention(db: Db, id: string): Promise<number | null> {
  const row = await db
    .selectFrom('tenants')
    .select('audit_retention_days')
    .where('id', '=', id)
    .executeTakeFirst();
  return row?.audit_retention_days ?? null;
}

export async function updateAuditRetention(db: Db, id: string, days: number | null): Promise<void> {
  await db.updateTable('tenants').set({ audit_retention_days: days }).where('id', '=', id).execute();
}

/** Every tenant that keeps its audit log for a limited time, with that time. */
export function listAuditRetentions(db: Db) {
  return db
    .selectFrom('tenants')
    .select(['id', 'audit_retention_days as days'])
    .where('audit_retention_days', 'is not', null)
    .$narrowType<{ days: number }>()
    .execute();
}
