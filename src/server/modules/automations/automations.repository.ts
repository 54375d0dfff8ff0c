/**
 * SQL for automations: the automations, their planned messages (one per automation, person and
 * month: the UNIQUE key makes a second planner's rows no-ops) and the campaign each month's
 * scenario is sent through.
 */
import { sql } from 'kysely';
import type { Insertable } from 'kysely';
import type { AutomationCampaignTable, AutomationTable, Db, NewAutomationMessage } from '@server/db/schema';
import { inChunks } from '@server/db/chunks';
import type { SkipReason } from '@shared/automations';

export async function insertAutomation(db: Db, row: Insertable<AutomationTable>) {
  await db.insertInto('automations').values(row).execute();
}

export async function updateAutomation(
  db: Db,
  tenantId: string,
  id: string,
  values: Partial<Omit<Insertable<AutomationTable>, 'id' | 'tenant_id'>>,
) {
  const result = await db
    .updateTable('automations')
    .set(values)
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export function findAutomation(db: Db, tenantId: string, id: string) {
  return db
    .selectFrom('automations')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export function listAutomations(db: Db, tenantId: string) {
  return db
    .selectFrom('automations')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/** Every tenant's active automations (the planner's round). */
export function activeAutomations(db: Db) {
  return db.selectFrom('automations').selectAll().where('state', '=', 'active').orderBy('id').execute();
}

/**
 * The automation's row, locked until the transaction ends (PostgreSQL): one planner at a time
 * plans and hands out an automation's messages; another instance waits, then finds them done.
 */
export function lockAutomation(db: Db, id: string, postgres: boolean) {
  let query = db.selectFrom('automations').selectAll().where('id', '=', id);
  if (postgres) query = query.forUpdate();
  return query.executeTakeFirst();
}

/**
 * Serialises the planning of one tenant's automations until the transaction ends (PostgreSQL;
 * SQLite has one writer): a person two automations share is planned by one of them a month.
 */
export async function lockTenantPlanning(db: Db, tenantId: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext(${`automations ${tenantId}`}))`.execute(db);
}

/** Of `refs`, those another automation of the tenant has a message for in `month`. */
export async function plannedElsewhere(
  db: Db,
  tenantId: string,
  automationId: string,
  month: string,
  refs: readonly string[],
): Promise<string[]> {
  const rows = await db
    .selectFrom('automation_messages')
    .select('person_ref')
    .distinct()
    .where('tenant_id', '=', tenantId)
    .where('month', '=', month)
    .where('automation_id', '<>', automationId)
    .where('person_ref', 'in', refs)
    .execute();
  return rows.map((r) => r.person_ref);
}

export async function deleteAutomation(db: Db, tenantId: string, id: string) {
  await db.deleteFrom('automation_campaigns').where('automation_id', '=', id).execute();
  await db.deleteFrom('automation_messages').where('automation_id', '=', id).execute();
  await db.deleteFrom('automations').where('tenant_id', '=', tenantId).where('id', '=', id).execute();
}

/** One month's messages of the automation, with their people. */
export function monthMessages(db: Db, automationId: string, month: string) {
  return db
    .selectFrom('automation_messages as m')
    .innerJoin('people as p', 'p.id', 'm.person_ref')
    .select([
      'm.id',
      'm.person_ref',
      'm.level',
      'm.previous_level',
      'm.reason',
      'm.needs_training',
      'm.scenario_id',
      'm.scenario_difficulty',
      'm.time_zone',
      'm.planned_at',
      'm.state',
      'm.skip_reason',
      'm.campaign_id',
      'p.email',
      'p.first_name',
      'p.last_name',
      'p.display_name',
      'p.department',
      'p.language_code',
    ])
    .where('m.automation_id', '=', automationId)
    .where('m.month', '=', month)
    .orderBy('m.planned_at')
    .orderBy('p.email')
    .execute();
}

/** Each person's level in the automation's months before `month` (the latest is their level now). */
export function levelsBefore(db: Db, automationId: string, month: string) {
  return db
    .selectFrom('automation_messages')
    .select(['person_ref', 'month', 'level'])
    .where('automation_id', '=', automationId)
    .where('month', '<', month)
    .execute();
}

/** The scenarios the tenant's automations planned for these people, in any month. */
export function plannedScenarios(db: Db, tenantId: string, personRefs: readonly string[]) {
  return db
    .selectFrom('automation_messages')
    .select(['person_ref', 'scenario_id'])
    .where('tenant_id', '=', tenantId)
    .where('person_ref', 'in', personRefs)
    .where('scenario_id', 'is not', null)
    .execute();
}

export async function insertMessages(db: Db, rows: readonly NewAutomationMessage[]) {
  await inChunks(rows, (chunk) =>
    db
      .insertInto('automation_messages')
      .values(chunk)
      .onConflict((oc) => oc.columns(['automation_id', 'person_ref', 'month']).doNothing())
      .execute(),
  );
}

/** Planned messages whose time has come, with what a recipient needs of their person. */
export function dueMessages(db: Db, automationId: string, now: string) {
  return (
    db
      .selectFrom('automation_messages as m')
      .innerJoin('people as p', 'p.id', 'm.person_ref')
      .select([
        'm.id',
        'm.month',
        'm.scenario_id',
        'p.email',
        'p.person_id',
        'p.first_name',
        'p.last_name',
        'p.language_code',
        'p.department',
      ])
      .where('m.automation_id', '=', automationId)
      .where('m.state', '=', 'planned')
      .where('m.planned_at', '<=', now)
      // Deactivated since the month was planned: nothing is sent to them.
      .where('p.active', '=', 1)
      .orderBy('m.planned_at')
      .orderBy('m.id')
      .execute()
  );
}

/** planned → queued, once: false when another planner queued it first. */
export async function markQueued(
  db: Db,
  id: string,
  values: { campaign_id: string; recipient_id: string; queued_at: string },
) {
  const result = await db
    .updateTable('automation_messages')
    .set({ ...values, state: 'queued' })
    .where('id', '=', id)
    .where('state', '=', 'planned')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** planned → skipped, with why. */
export async function markSkipped(db: Db, id: string, reason: SkipReason) {
  await db
    .updateTable('automation_messages')
    .set({ state: 'skipped', skip_reason: reason })
    .where('id', '=', id)
    .where('state', '=', 'planned')
    .execute();
}

export function findAutomationCampaign(db: Db, automationId: string, month: string, scenarioId: string) {
  return db
    .selectFrom('automation_campaigns')
    .select('campaign_id')
    .where('automation_id', '=', automationId)
    .where('month', '=', month)
    .where('scenario_id', '=', scenarioId)
    .executeTakeFirst();
}

export async function insertAutomationCampaign(db: Db, row: Insertable<AutomationCampaignTable>) {
  await db.insertInto('automation_campaigns').values(row).execute();
}
