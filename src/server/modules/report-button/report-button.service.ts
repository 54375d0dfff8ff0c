/**
 * The report button: an employee's mail client (a report add-in, or a forward rule that calls
 * the link) reports the simulated message by its rid. A report counts whatever else the
 * recipient did, also after clicking; the results show the report rate and the time to report.
 */
import { notFound } from '@server/lib/errors';
import { nowIso } from '@server/lib/ids';
import { findReportableRecipient, findTenantRecipients, markReported } from './report-button.repository';
import type { Db } from '@server/db/schema';
import { inTransaction } from '@server/db/transaction';
import { emitEvent } from '../webhooks/webhooks.service';

/** Records the report; an unknown rid, or a draft's, is the plain 404 of any unknown link. */
export async function reportMessage(db: Db, rid: string): Promise<void> {
  const recipient = await findReportableRecipient(db, rid);
  if (!recipient?.launched_at) throw notFound();
  // Reports after the campaign's end still count: the employee did the right thing.
  if (recipient.reported_at) return;
  await inTransaction(db, async (trx) => {
    const at = nowIso();
    if (!(await markReported(trx, recipient.id, at))) return;
    await emitEvent(trx, {
      tenantId: recipient.tenant_id,
      type: 'report.received',
      recipientId: recipient.id,
      data: { reported_at: at },
    });
  });
}

/**
 * A reported e-mail that is one of the tenant's simulations (found by a `rid` in one of its
 * links, or by the Message-ID Hookwise's outbox gave it, which survives a gateway rewriting the
 * links): each recipient found is credited with the report, at the report's time, once.
 * Answers how many recipients the report names (credited now or before).
 */
export async function creditReportedMessage(
  db: Db,
  tenantId: string,
  by: { rids: readonly string[]; messageIds: readonly string[] },
  at: string,
): Promise<number> {
  if (!by.rids.length && !by.messageIds.length) return 0;
  const recipients = await findTenantRecipients(db, tenantId, by);
  for (const recipient of recipients) {
    if (!recipient.reported_at) await markReported(db, recipient.id, at);
  }
  return recipients.length;
}
