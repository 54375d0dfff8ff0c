/**
 * SQL for the gophish module's own table, an imported campaign's timeline (imported_timeline), and
 * for finding a campaign imported before.
 */
import type { Db, ImportedTimelineTable } from '@server/db/schema';
import { inChunks } from '@server/db/chunks';
import type { ImportedFrom } from '@shared/gophish-campaign';

export async function insertImportedTimeline(db: Db, rows: readonly ImportedTimelineTable[]): Promise<void> {
  await inChunks(rows, (chunk) => db.insertInto('imported_timeline').values(chunk).execute());
}

/** The campaign's imported timeline with each entry's recipient's address, oldest first. */
export function listImportedTimeline(db: Db, tenantId: string, campaignId: string) {
  return db
    .selectFrom('imported_timeline as t')
    .leftJoin('recipients as r', 'r.id', 't.recipient_id')
    .select(['r.email', 't.kind', 't.at'])
    .where('t.tenant_id', '=', tenantId)
    .where('t.campaign_id', '=', campaignId)
    .orderBy('t.at')
    .orderBy('t.id')
    .execute();
}

/** A campaign imported from `from` before, by its name and launch: an import run again finds it. */
export function findImportedCampaign(
  db: Db,
  tenantId: string,
  from: ImportedFrom,
  name: string,
  launchedAt: string,
) {
  return db
    .selectFrom('campaigns')
    .select(['id'])
    .where('tenant_id', '=', tenantId)
    .where('imported_from', '=', from)
    .where('name', '=', name)
    .where('launched_at', '=', launchedAt)
    .executeTakeFirst();
}
