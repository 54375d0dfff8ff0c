/** SQL for the operator's view of campaigns: list, find, dates, end. Always scoped by tenant. */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

const summaryColumns = [
  'c.id',
  'c.tenant_id',
  'c.name',
  'c.language_code',
  'c.starts_at',
  'c.ends_at',
  'c.ended_at',
  'c.created_at',
] as const;

/** `tenantId` undefined is the CLI's whole-database view; the REST API always passes one. */
export async function listCampaigns(db: Kysely<Database>, filter: { tenantId?: string; id?: string }) {
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
  const rows = await query.execute();
  return rows.map((row) => ({ ...row, recipients: Number(row.recipients ?? 0) }));
}

export function findCampaign(db: Kysely<Database>, tenantId: string | undefined, id: string) {
  let query = db.selectFrom('campaigns as c').selectAll('c').where('c.id', '=', id);
  if (tenantId !== undefined) query = query.where('c.tenant_id', '=', tenantId);
  return query.executeTakeFirst();
}

export async function updateCampaignDates(
  db: Kysely<Database>,
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

/** Ending is idempotent: the first end time is kept. */
export async function markCampaignEnded(db: Kysely<Database>, tenantId: string, id: string, at: string) {
  await db
    .updateTable('campaigns')
    .set({ ended_at: at })
    .where('id', '=', id)
    .where('tenant_id', '=', tenantId)
    .where('ended_at', 'is', null)
    .execute();
}

export async function tenantExists(db: Kysely<Database>, tenantId: string): Promise<boolean> {
  const row = await db.selectFrom('tenants').select('id').where('id', '=', tenantId).executeTakeFirst();
  return row !== undefined;
}
