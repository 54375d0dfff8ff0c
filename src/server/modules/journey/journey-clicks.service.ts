/**
 * The running page reports itself (the app's `clicked` event, or the template's image beacon):
 * handed to the clicks module, which judges the visit and records the `clicked` event with it.
 */
import type { EventBody } from '@shared/journey';
import type { Config } from '@server/config';
import type { Db } from '@server/db/schema';
import { recordVisit } from '../clicks/clicks.service';
import type { RecipientRow } from './journey.repository';
import { loadJourney } from './journey.service';
import { clickedEventOf, newEvent, type ClientMeta } from './journey-steps.service';

export type ClickDetails = Extract<EventBody, { type: 'clicked' }>['details'];

/**
 * The running page reported itself (POST /api/events clicked, or the template's beacon): a visit
 * with the page's evidence, judged with the request's; the first report is also kept as the
 * recipient's `clicked` event. Returns whether that event was new.
 */
export async function recordClick(
  db: Db,
  config: Config,
  row: RecipientRow,
  body: ClickDetails,
  meta: ClientMeta,
  source: 'event' | 'beacon',
): Promise<boolean> {
  // Time since the link was created, as before; the visit keeps the time since it was sent.
  const sinceCreated = Math.max(0, Date.now() - Date.parse(row.recipient_created_at));
  const event = newEvent(row, 'clicked', { ...body, since_link_created_ms: sinceCreated }, meta);
  const report = {
    gesture: body.gesture ?? null,
    evidence: body.evidence ?? null,
    page: body.page ?? 'builtin',
  };
  const request = meta.request ?? {
    method: 'POST',
    prefetch: false,
    secFetch: null,
    accept: null,
    userAgent: meta.userAgent,
    address: undefined,
  };
  const visit = { source, via: body.via ?? 'link', request, network: meta.ip, report };
  return recordVisit(db, config, row, visit, clickedEventOf(event));
}

/** The template's image beacon: recorded like a clicked event from the template page. */
export async function recordBeacon(
  db: Db,
  config: Config,
  rid: string,
  body: ClickDetails,
  meta: ClientMeta,
) {
  const { row } = await loadJourney(db, rid);
  await recordClick(db, config, row, body, meta, 'beacon');
}
