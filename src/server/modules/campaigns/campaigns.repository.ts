/**
 * SQL for campaigns: store a campaign file, list, find, dates, end. Scoped by tenant, except
 * where `tenantId` is undefined: the CLI's whole-database view.
 */
import { sql } from 'kysely';
import type { CampaignFile } from '@shared/campaign';
import type { NewCampaign, Db } from '@server/db/schema';
import { newId, nowIso } from '@server/lib/ids';

type CampaignDates = Partial<
  Pick<NewCampaign, 'starts_at' | 'ends_at' | 'ended_at' | 'launched_at' | 'imported_from'>
>;

/** Stores a validated campaign file for a tenant (dates default to the file's); returns its id. */
export async function insertCampaign(
  db: Db,
  tenantId: string,
  file: CampaignFile,
  dates: CampaignDates = {},
): Promise<string> {
  const id = newId();
  await db
    .insertInto('campaigns')
    .values({
      id,
      tenant_id: tenantId,
      name: file.name,
      content: JSON.stringify(file),
      language_code: file.language_code,
      starts_at: dates.starts_at ?? file.starts_at ?? null,
      ends_at: dates.ends_at ?? file.ends_at ?? null,
      ended_at: dates.ended_at ?? null,
      // Live unless asked for a draft (launched_at: null).
      launched_at: dates.launched_at === undefined ? nowIso() : dates.launched_at,
      imported_from: dates.imported_from ?? null,
      created_at: nowIso(),
    })
    .execute();
  return id;
}

const summaryColumns = [
  'c.id',
  'c.tenant_id',
  'c.name',
  'c.language_code',
  'c.starts_at',
  'c.ends_at',
  'c.ended_at',
  'c.launched_at',
  'c.time_zone',
  'c.created_at',
  'c.imported_from',
] as const;

/** `tenantId` undefined is the CLI's whole-database view; the REST API always passes one. */
export async function listCampaigns(db: Db, filter: { tenantId?: string; id?: string }) {
  let query = db
    .selectFrom('campaigns as c')
    .select(summaryColumns)
    .select((eb) =>
      eb
        .selectFrom('recipients as r')
        .whereRef('r.campaign_id', '=', 'c.id')
        .select((e) => e.fn.countAll<number>().as('n'))
        .as('recipients'),
    )
    .orderBy('c.created_at', 'desc')
    .orderBy('c.id');
  if (filter.tenantId !== undefined) query = query.where('c.tenant_id', '=', filter.tenantId);
  if (filter.id !== undefined) query = query.where('c.id', '=', filter.id);
  // A simulation's training campaign is the training module's: listed there, by assignment.
  else query = query.where('c.kind', '=', 'simulation');
  const rows = await query.execute();
  return rows.map((row) => ({ ...row, recipients: Number(row.recipients ?? 0) }));
}

export function findCampaign(db: Db, tenantId: string | undefined, id: string) {
  let query = db.selectFrom('campaigns as c').selectAll('c').where('c.id', '=', id);
  if (tenantId !== undefined) query = query.where('c.tenant_id', '=', tenantId);
  return query.executeTakeFirst();
}

export async function updateCampaignDates(
  db: Db,
  tenantId: string,
  id: string,
  dates: { starts_at?: string | null; ends_at?: string | null },
) {
  await db
    .updateTable('campaigns')
    .set(dates)
    .where('id', '=', id)
    .where('tenant_id', '=', tenantId)
    .execute();
}

/** A new campaign file for a campaign (its name and default language follow it). */
export async function updateCampaignContent(db: Db, tenantId: string, id: string, file: CampaignFile) {
  await db
    .updateTable('campaigns')
    .set({
      name: file.name,
      language_code: file.language_code,
      content: JSON.stringify(file),
      content_version: sql`content_version + 1`,
    })
    .where('id', '=', id)
    .where('tenant_id', '=', tenantId)
    .execute();
}

/** Launching a draft: only a draft, once (the where clause makes two launches one). */
export async function markCampaignLaunched(
  db: Db,
  tenantId: string,
  id: string,
  launch: { launched_at: string; starts_at: string | null; ends_at: string | null; time_zone: string },
): Promise<boolean> {
  const result = await db
    .updateTable('campaigns')
    .set(launch)
    .where('id', '=', id)
    .where('tenant_id', '=', tenantId)
    .where('launched_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Recipients per language (null: none given, the campaign's default applies). */
export function recipientLanguageCounts(db: Db, campaignId: string) {
  return db
    .selectFrom('recipients')
    .select(['language_code', (eb) => eb.fn.countAll<number | string>().as('n')])
    .where('campaign_id', '=', campaignId)
    .groupBy('language_code')
    .execute();
}

/** Ending is idempotent: the first end time is kept. Whether it ended now (false: it had ended before). */
export async function markCampaignEnded(db: Db, tenantId: string, id: string, at: string): Promise<boolean> {
  const result = await db
    .updateTable('campaigns')
    .set({ ended_at: at })
    .where('id', '=', id)
    .where('tenant_id', '=', tenantId)
    .where('ended_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * The training campaign of a simulation, made once: a second writer's insert (another worker)
 * does nothing, and the caller reads the one that stands.
 */
export async function insertTrainingCampaign(
  db: Db,
  source: { id: string; tenant_id: string },
  file: CampaignFile,
  at: string,
) {
  await db
    .insertInto('campaigns')
    .values({
      id: newId(),
      tenant_id: source.tenant_id,
      name: file.name,
      content: JSON.stringify(file),
      language_code: file.language_code,
      starts_at: null,
      ends_at: null,
      ended_at: null,
      launched_at: at,
      created_at: at,
      kind: 'training',
      training_of: source.id,
    })
    .onConflict((oc) => oc.column('training_of').doNothing())
    .execute();
  return db
    .selectFrom('campaigns')
    .selectAll()
    .where('training_of', '=', source.id)
    .executeTakeFirstOrThrow();
}
