/**
 * SQL for the GoPhish-compatible API's own tables: the tenant's e-mail templates and landing
 * pages, and the integer ids GoPhish's scripts address every object by.
 */
import type { Insertable } from 'kysely';
import type { Db, EmailTemplateTable, GophishCampaignTable, LandingPageTable } from '@server/db/schema';
import type { GophishObjectKind } from '@shared/gophish-api';

export async function findGid(db: Db, tenantId: string, kind: GophishObjectKind, targetId: string) {
  const row = await db
    .selectFrom('gophish_ids')
    .select('gid')
    .where('tenant_id', '=', tenantId)
    .where('kind', '=', kind)
    .where('target_id', '=', targetId)
    .executeTakeFirst();
  return row === undefined ? undefined : Number(row.gid);
}

export async function findTarget(db: Db, tenantId: string, kind: GophishObjectKind, gid: number) {
  const row = await db
    .selectFrom('gophish_ids')
    .select('target_id')
    .where('tenant_id', '=', tenantId)
    .where('kind', '=', kind)
    .where('gid', '=', gid)
    .executeTakeFirst();
  return row?.target_id;
}

/** The next id of the kind in the tenant: nothing if another writer took it first (the caller retries). */
export async function insertNextGid(db: Db, tenantId: string, kind: GophishObjectKind, targetId: string) {
  const top = await db
    .selectFrom('gophish_ids')
    .select((eb) => eb.fn.max('gid').as('top'))
    .where('tenant_id', '=', tenantId)
    .where('kind', '=', kind)
    .executeTakeFirst();
  await db
    .insertInto('gophish_ids')
    .values({ tenant_id: tenantId, kind, gid: Number(top?.top ?? 0) + 1, target_id: targetId })
    .onConflict((oc) => oc.doNothing())
    .execute();
}

// Templates.

export function listTemplates(db: Db, tenantId: string) {
  return db
    .selectFrom('email_templates')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

export function findTemplate(db: Db, tenantId: string, by: { id: string } | { name: string }) {
  const query = db.selectFrom('email_templates').selectAll().where('tenant_id', '=', tenantId);
  return ('id' in by ? query.where('id', '=', by.id) : query.where('name', '=', by.name)).executeTakeFirst();
}

export async function insertTemplate(db: Db, row: Insertable<EmailTemplateTable>) {
  await db.insertInto('email_templates').values(row).execute();
}

export async function updateTemplate(
  db: Db,
  tenantId: string,
  id: string,
  values: Partial<Insertable<EmailTemplateTable>>,
) {
  await db
    .updateTable('email_templates')
    .set(values)
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .execute();
}

export async function deleteTemplate(db: Db, tenantId: string, id: string) {
  await db.deleteFrom('email_templates').where('tenant_id', '=', tenantId).where('id', '=', id).execute();
}

// Landing pages.

export function listPages(db: Db, tenantId: string) {
  return db
    .selectFrom('landing_pages')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

export function findPage(db: Db, tenantId: string, by: { id: string } | { name: string }) {
  const query = db.selectFrom('landing_pages').selectAll().where('tenant_id', '=', tenantId);
  return ('id' in by ? query.where('id', '=', by.id) : query.where('name', '=', by.name)).executeTakeFirst();
}

export async function insertPage(db: Db, row: Insertable<LandingPageTable>) {
  await db.insertInto('landing_pages').values(row).execute();
}

export async function updatePage(
  db: Db,
  tenantId: string,
  id: string,
  values: Partial<Insertable<LandingPageTable>>,
) {
  await db
    .updateTable('landing_pages')
    .set(values)
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .execute();
}

export async function deletePage(db: Db, tenantId: string, id: string) {
  await db.deleteFrom('landing_pages').where('tenant_id', '=', tenantId).where('id', '=', id).execute();
}

// Campaigns made through the API.

export async function insertGophishCampaign(db: Db, row: Insertable<GophishCampaignTable>) {
  await db.insertInto('gophish_campaigns').values(row).execute();
}

export function findGophishCampaign(db: Db, tenantId: string, campaignId: string) {
  return db
    .selectFrom('gophish_campaigns')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('campaign_id', '=', campaignId)
    .executeTakeFirst();
}
