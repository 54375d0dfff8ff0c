/**
 * The report button: an employee's mail client (a report add-in, or a forward rule that calls
 * the link) reports the simulated message by its rid. A report counts whatever else the
 * recipient did, also after clicking; the results show the report rate and the time to report.
 */
import { notFound } from '@server/lib/errors';
import { nowIso } from '@server/lib/ids';
import { findReportableRecipient, markReported } from './report-button.repository';
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
