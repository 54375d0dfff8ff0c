/** SQL for the report button: a recipient's first report of the message. */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

export function findReportableRecipient(db: Kysely<Database>, rid: string) {
  return db
    .selectFrom('recipients as r')
    .innerJoin('campaigns as c', 'c.id', 'r.campaign_id')
    .select(['r.id', 'r.reported_at', 'c.launched_at'])
    .where('r.rid', '=', rid)
    .executeTakeFirst();
}

/** The first report is kept: reporting again changes nothing. */
export async function markReported(db: Kysely<Database>, recipientId: string, at: string) {
  await db
    .updateTable('recipients')
    .set({ reported_at: at })
    .where('id', '=', recipientId)
    .where('reported_at', 'is', null)
    .execute();
}
