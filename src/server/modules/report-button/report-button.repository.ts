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

/** The tenant's launched recipients among these rids, or with a message of these Message-IDs. */
export function findTenantRecipients(
  db: Db,
  tenantId: string,
  by: { rids: readonly string[]; messageIds: readonly string[] },
) {
  return db
    .selectFrom('recipients as r')
    .innerJoin('campaigns as c', 'c.id', 'r.campaign_id')
    .select(['r.id', 'r.reported_at'])
    .where('r.tenant_id', '=', tenantId)
    .where('c.launched_at', 'is not', null)
    .where((eb) => {
      const ors = [];
      if (by.rids.length) ors.push(eb('r.rid', 'in', by.rids));
      if (by.messageIds.length) {
        ors.push(
          eb(
            'r.id',
            'in',
            eb
              .selectFrom('outbox as o')
              .select('o.recipient_id')
              .where('o.tenant_id', '=', tenantId)
              .where('o.message_id', 'in', by.messageIds),
          ),
        );
      }
      return ors.length ? eb.or(ors) : eb.val(false);
    })
    .execute();
}
