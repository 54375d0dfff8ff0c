/** SQL for the gophish module's own table: an imported campaign's timeline (imported_timeline). */
import type { Db, ImportedTimelineTable } from '@server/db/schema';
import { inChunks } from '@server/db/chunks';

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
