/** SQL for a campaign's activity per recipient: who they are, and their click and submit events. */
import type { Db } from '@server/db/schema';
import { RECIPIENT_ORDER } from '../recipients/recipient-order';

export function activityRecipients(db: Db, tenantId: string, campaignId: string) {
  return RECIPIENT_ORDER.reduce(
    (q, column) => q.orderBy(column),
    db
      .selectFrom('recipients')
      .select([
        'id',
        'rid',
        'email',
        'first_name',
        'last_name',
        'department',
        'steps',
        'sent_at',
        'reported_at',
        'clicked_at',
      ])
      .where('tenant_id', '=', tenantId)
      .where('campaign_id', '=', campaignId),
  ).execute();
}

/** The first click and submit event of each recipient (the events the judged steps were set with). */
export function firstStepEvents(db: Db, tenantId: string, campaignId: string) {
  return db
    .selectFrom('events')
    .select(['recipient_id', 'type', 'details', 'created_at'])
    .where('tenant_id', '=', tenantId)
    .where('campaign_id', '=', campaignId)
    .where('type', 'in', ['clicked', 'submitted'])
    .orderBy('created_at')
    .execute();
}
