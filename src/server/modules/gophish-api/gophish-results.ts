/**
 * A campaign's activity in GoPhish's words (pure: no database): each recipient's result with
 * GoPhish's status strings, the timeline with its messages, and the summary's stats. Hookwise's
 * results carry no address, and a submission names its fields with no value.
 */
import type { GapiEvent, GapiResult, GapiStats } from '@shared/gophish-api';
import type { ImportedEventKind, ImportedTimeline } from '@shared/gophish-campaign';
import type { RecipientActivity } from '../results/activity.service';

export interface Activity {
  results: GapiResult[];
  timeline: GapiEvent[];
  stats: GapiStats;
}

export function resultOf(r: RecipientActivity, failed: boolean, launchDate: string): GapiResult {
  const status: GapiResult['status'] = failed
    ? 'Error'
    : r.submitted
      ? 'Submitted Data'
      : r.clicked_at
        ? 'Clicked Link'
        : r.reported_at
          ? 'Email Reported'
          : r.sent_at
            ? 'Email Sent'
            : 'Scheduled';
  const times = [r.sent_at, r.clicked_at, r.submitted?.at ?? null, r.reported_at].filter((t) => t !== null);
  return resultFields(r, {
    status,
    send_date: r.sent_at ?? launchDate,
    reported: r.reported_at !== null,
    modified_date: times.sort().at(-1) ?? launchDate,
  });
}

/** A recipient's result with what happened to them: who they are as GoPhish writes it, no address. */
function resultFields(
  r: RecipientActivity,
  what: Pick<GapiResult, 'status' | 'send_date' | 'reported' | 'modified_date'>,
): GapiResult {
  return {
    id: r.rid,
    email: r.email,
    first_name: r.first_name,
    last_name: r.last_name,
    position: r.department,
    status: what.status,
    // Hookwise's results never carry a recipient's address.
    ip: '',
    latitude: 0,
    longitude: 0,
    send_date: what.send_date,
    reported: what.reported,
    modified_date: what.modified_date,
  };
}

export function eventsOf(r: RecipientActivity, failure: string | undefined, launchDate: string): GapiEvent[] {
  const events: GapiEvent[] = [];
  const add = (time: string, message: GapiEvent['message'], details: unknown = '') =>
    events.push({ email: r.email, time, message, details: details === '' ? '' : JSON.stringify(details) });
  if (r.sent_at) add(r.sent_at, 'Email Sent');
  if (failure !== undefined) add(launchDate, 'Error Sending Email', { error: failure });
  if (r.clicked_at) add(r.clicked_at, 'Clicked Link', { payload: { rid: [r.rid] }, browser: {} });
  // The fields' names only: Hookwise never has what was typed into them.
  if (r.submitted) {
    const payload = Object.fromEntries(r.submitted.fields.map((field) => [field, []]));
    add(r.submitted.at, 'Submitted Data', { payload, browser: {} });
  }
  if (r.reported_at) add(r.reported_at, 'Email Reported');
  return events;
}

export function statsOf(recipients: readonly RecipientActivity[], errors: number): GapiStats {
  const count = (test: (r: RecipientActivity) => boolean) => recipients.filter(test).length;
  const clicked = count((r) => r.clicked_at !== null);
  return {
    total: recipients.length,
    sent: count((r) => r.sent_at !== null || r.clicked_at !== null),
    // Hookwise sets no tracking image: an opening is known from a click only.
    opened: clicked,
    clicked,
    submitted_data: count((r) => r.submitted !== null),
    email_reported: count((r) => r.reported_at !== null),
    error: errors,
  };
}

const IMPORTED_MESSAGE: Record<ImportedEventKind, GapiEvent['message']> = {
  sent: 'Email Sent',
  opened: 'Email Opened',
  clicked: 'Clicked Link',
  submitted: 'Submitted Data',
  reported: 'Email Reported',
  send_error: 'Error Sending Email',
};

/**
 * An imported campaign's activity as GoPhish recorded it (its timeline, kept at import): each
 * recipient's furthest status, the timeline with GoPhish's messages and the stats GoPhish counts.
 */
export function importedActivityOf(
  recipients: readonly RecipientActivity[],
  entries: ImportedTimeline['timeline'],
  launchDate: string,
): Activity {
  const byEmail = new Map<string, ImportedTimeline['timeline']>();
  for (const entry of entries) {
    if (entry.email) byEmail.set(entry.email, [...(byEmail.get(entry.email) ?? []), entry]);
  }
  const reached = recipients.map((r) => {
    const mine = byEmail.get(r.email) ?? [];
    const at = (kind: ImportedEventKind) => mine.find((e) => e.kind === kind)?.at;
    return { r, mine, at, has: (kind: ImportedEventKind) => at(kind) !== undefined };
  });
  const results = reached.map(({ r, mine, at, has }): GapiResult => {
    const status: GapiResult['status'] = has('submitted')
      ? 'Submitted Data'
      : has('clicked')
        ? 'Clicked Link'
        : has('opened')
          ? 'Email Opened'
          : has('sent')
            ? 'Email Sent'
            : has('send_error')
              ? 'Error'
              : 'Scheduled';
    return resultFields(r, {
      status,
      send_date: at('sent') ?? launchDate,
      reported: has('reported'),
      modified_date:
        mine
          .map((e) => e.at)
          .sort()
          .at(-1) ?? launchDate,
    });
  });
  const count = (test: (kinds: (kind: ImportedEventKind) => boolean) => boolean) =>
    reached.filter(({ has }) => test(has)).length;
  const furtherThanSent = (has: (kind: ImportedEventKind) => boolean) =>
    has('opened') || has('clicked') || has('submitted');
  return {
    results,
    timeline: [
      { email: '', time: launchDate, message: 'Campaign Created', details: '' },
      ...entries.flatMap((e) =>
        e.email ? [{ email: e.email, time: e.at, message: IMPORTED_MESSAGE[e.kind], details: '' }] : [],
      ),
    ],
    stats: {
      total: recipients.length,
      sent: count((has) => has('sent') || furtherThanSent(has)),
      opened: count(furtherThanSent),
      clicked: count((has) => has('clicked') || has('submitted')),
      submitted_data: count((has) => has('submitted')),
      email_reported: count((has) => has('reported')),
      error: count((has) => has('send_error') && !has('sent')),
    },
  };
}
