import type { Db } from '@server/db/schema';
/** SQL for the report button: a recipient's first report of the message. */

export function findReportableRecipient(db: Db, rid: string) {
  return db
    .selectFrom('recipients as r')
    .innerJoin('campaigns as c', 'c.id', 'r.campaign_id')
    .select(['r.id', 'r.tenant_id', 'r.reported_at', 'c.launched_at'])
    .where('r.rid', '=', rid)
    .executeTakeFirst();
}

/** The first report is kept: reporting again changes nothing. */
export async function markReported(db: Db, recipientId: string, at: string): Promise<boolean> {
  const result = await db
    .updateTable('recipients')
    .set({ reported_at: at })
    .where('id', '=', recipientId)
    .where('reported_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
