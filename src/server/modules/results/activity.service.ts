/**
 * A campaign's activity per recipient, for the GoPhish-compatible API's results and timeline:
 * sent, a person's click (the clicks module's judgement: a scanner's visit is never one), the
 * field names submitted after it, reported. As the rest of the results: no address, no user agent,
 * never a value typed into a page.
 */
import { stepBit } from '@shared/events';
import type { Campaign, Db } from '@server/db/schema';
import { activityRecipients, firstStepEvents } from './activity.repository';

export interface RecipientActivity {
  id: string;
  rid: string;
  email: string;
  first_name: string;
  last_name: string;
  department: string;
  sent_at: string | null;
  /** A person's click, while the clicks module counts it. */
  clicked_at: string | null;
  /** Data entered after that click: when, and the fields' names only. */
  submitted: { at: string; fields: string[] } | null;
  reported_at: string | null;
}

function fieldNames(details: string): string[] {
  const parsed: unknown = JSON.parse(details);
  if (typeof parsed !== 'object' || parsed === null || !('fields' in parsed)) return [];
  const fields = parsed.fields;
  return Array.isArray(fields) ? fields.filter((f): f is string => typeof f === 'string') : [];
}

export async function campaignActivity(db: Db, campaign: Campaign): Promise<RecipientActivity[]> {
  const [recipients, events] = await Promise.all([
    activityRecipients(db, campaign.tenant_id, campaign.id),
    firstStepEvents(db, campaign.tenant_id, campaign.id),
  ]);
  const first = new Map<string, (typeof events)[number]>();
  for (const event of events) {
    const key = `${event.recipient_id} ${event.type}`;
    if (!first.has(key)) first.set(key, event);
  }
  return recipients.map((r) => {
    const clicked = (Number(r.steps) & stepBit('clicked')) !== 0;
    const clickEvent = first.get(`${r.id} clicked`);
    const submitEvent = first.get(`${r.id} submitted`);
    const submitted = clicked && submitEvent && (Number(r.steps) & stepBit('submitted')) !== 0;
    return {
      id: r.id,
      rid: r.rid,
      email: r.email ?? '',
      first_name: r.first_name ?? '',
      last_name: r.last_name ?? '',
      department: r.department ?? '',
      sent_at: r.sent_at,
      clicked_at: clicked ? (r.clicked_at ?? clickEvent?.created_at ?? null) : null,
      submitted: submitted ? { at: submitEvent.created_at, fields: fieldNames(submitEvent.details) } : null,
      reported_at: r.reported_at,
    };
  });
}
