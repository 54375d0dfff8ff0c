/**
 * A campaign's activity in GoPhish's words (pure: no database): each recipient's result with
 * GoPhish's status strings, the timeline with its messages, and the summary's stats. Hookwise's
 * results carry no address, and a submission names its fields with no value.
 */
import type { GapiEvent, GapiResult, GapiStats } from '@shared/gophish-api';
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
  return {
    id: r.rid,
    email: r.email,
    first_name: r.first_name,
    last_name: r.last_name,
    position: r.department,
    status,
    // Hookwise's results never carry a recipient's address.
    ip: '',
    latitude: 0,
    longitude: 0,
    send_date: r.sent_at ?? launchDate,
    reported: r.reported_at !== null,
    modified_date: times.sort().at(-1) ?? launchDate,
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
