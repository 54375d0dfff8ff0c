/**
 * A GoPhish campaign with its results turned into what Hookwise keeps of a finished campaign: the
 * campaign file (from its template and page), its dates, each recipient with what they did and
 * when (from the results and the timeline), and the timeline itself. Pure: no database, no I/O.
 *
 * GoPhish counted every request to a link as a click: it could not tell a person from a mail
 * scanner. An imported click is therefore the link opened with the verdict `unverified`, never
 * Hookwise's `clicked` step (which only a person's judged visit sets): the funnel, the person's
 * history, the risk score and the programme report do not count it as a person's click.
 * What was typed into GoPhish's pages (`payload` in a timeline entry's `details`) is read only
 * for its field names, as Hookwise's own pages report them.
 */
import type { CampaignFileInput } from '@shared/campaign';
import {
  MAX_FIELD_NAME_LENGTH,
  MAX_SUBMITTED_FIELDS,
  eventRank,
  furthestStatus,
  stepBit,
} from '@shared/events';
import type { EventType } from '@shared/events';
import {
  GOPHISH_TIMELINE_MESSAGES,
  IMPORTED_EVENT_KINDS,
  type GophishCampaign,
  type GophishResult,
  type ImportedEventKind,
} from '@shared/gophish-campaign';
import type { GophishImportReport } from '@shared/gophish-import';
import { REASON_KINDS } from '@shared/dashboard';
import { addressOf } from '@shared/recipients-csv';
import type { RecipientInput } from '../recipients/recipients-csv';
import type { ImportedOutcome } from '../recipients/recipients.service';
import { convertGophish } from './gophish-convert';
import { at, note, type Where } from './gophish-report';

/** The reason every imported click carries, shown with its verdict. */
export const IMPORTED_CLICK_REASON = 'imported from GoPhish, which could not tell people from mail scanners';

/** The reason's kind as the recipient's reason_kinds bit (its kind is `imported`). */
const IMPORTED_REASON_BIT = 2 ** REASON_KINDS.indexOf('imported');

/** Form fields GoPhish adds itself to what a page posts: not the recipient's fields. */
const GOPHISH_FIELDS = new Set(['rid', '__original_url']);

export interface ImportedRecipient extends RecipientInput {
  outcome: ImportedOutcome;
  /** The imported steps as events: a click as the link opened, a submit with its field names. */
  steps: { type: Extract<EventType, 'visited' | 'submitted'>; at: string; fields?: string[] }[];
  timeline: { kind: ImportedEventKind; at: string }[];
}

export interface ImportedCampaignPlan {
  file: CampaignFileInput;
  launched_at: string;
  ended_at: string;
  recipients: ImportedRecipient[];
  counts: Record<ImportedEventKind, number>;
  /** What GoPhish called its template, page and profile, and its URL: its API names them so. */
  gophish: { template: string; page: string; smtp: string; url: string };
}

/** The field names of a submit's `details` (JSON text: payload and browser); never the values. */
export function submittedFieldNames(details: string): string[] {
  try {
    const parsed: unknown = JSON.parse(details);
    if (typeof parsed !== 'object' || parsed === null || !('payload' in parsed)) return [];
    const payload = parsed.payload;
    if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) return [];
    return Object.keys(payload)
      .filter((name) => !GOPHISH_FIELDS.has(name) && name.length <= MAX_FIELD_NAME_LENGTH)
      .slice(0, MAX_SUBMITTED_FIELDS);
  } catch {
    return [];
  }
}

/** GoPhish's result statuses, from furthest: what each says the recipient did at least. */
const STATUS_REACHED: Record<string, readonly ImportedEventKind[]> = {
  'Submitted Data': ['sent', 'clicked', 'submitted'],
  'Clicked Link': ['sent', 'clicked'],
  'Email Opened': ['sent', 'opened'],
  'Email Sent': ['sent'],
  'Email Reported': ['sent', 'reported'],
};

const earliest = (times: readonly string[]) => [...times].sort()[0];

function outcomeOf(
  result: GophishResult,
  entries: readonly { kind: ImportedEventKind; at: string; details: string }[],
  fallbackAt: string,
) {
  const timeline = entries.map(({ kind, at }) => ({ kind, at }));
  const first = (kind: ImportedEventKind) =>
    earliest(entries.filter((e) => e.kind === kind).map((e) => e.at));
  const implied = new Set<ImportedEventKind>(STATUS_REACHED[result.status] ?? []);
  if (result.reported) implied.add('reported');
  const at: Partial<Record<ImportedEventKind, string>> = {};
  for (const kind of IMPORTED_EVENT_KINDS) {
    const seen = first(kind);
    // The result says it happened, the timeline has no entry: the result's own dates stand in.
    const stand = kind === 'sent' ? (result.send_date ?? result.modified_date) : result.modified_date;
    const time = seen ?? (implied.has(kind) ? (stand ?? fallbackAt) : undefined);
    if (time === undefined) continue;
    at[kind] = time;
    if (!seen) timeline.push({ kind, at: time });
  }
  // A submit is a click that went further, in GoPhish as in Hookwise.
  if (at.submitted && !at.clicked) {
    at.clicked = at.submitted;
    timeline.push({ kind: 'clicked', at: at.submitted });
  }
  const reached: EventType[] = [];
  const steps: ImportedRecipient['steps'] = [];
  if (at.clicked) {
    reached.push('visited');
    steps.push({ type: 'visited', at: at.clicked });
  }
  if (at.submitted) {
    reached.push('submitted');
    const submit = entries.find((e) => e.kind === 'submitted');
    steps.push({
      type: 'submitted',
      at: at.submitted,
      fields: submit ? submittedFieldNames(submit.details) : [],
    });
  }
  const status = furthestStatus(reached);
  const outcome: ImportedOutcome = {
    sent_at: at.sent ?? null,
    reported_at: at.reported ?? null,
    steps: reached.reduce((bits, type) => bits | stepBit(type), 0),
    status,
    status_rank: status === 'created' ? 0 : eventRank(status),
    verdict: at.clicked ? 'unverified' : null,
    verdict_reasons: at.clicked ? [IMPORTED_CLICK_REASON] : null,
    reason_kinds: at.clicked ? IMPORTED_REASON_BIT : 0,
  };
  return { outcome, steps, timeline: timeline.sort((a, b) => a.at.localeCompare(b.at)) };
}

/** The campaign's recipients with their outcomes; timeline entries of no recipient are reported. */
function recipientsOf(
  campaign: GophishCampaign,
  where: Where,
  report: GophishImportReport,
  fallbackAt: string,
) {
  const byEmail = new Map<string, { kind: ImportedEventKind; at: string; details: string }[]>();
  const ignored = new Set<string>();
  for (const entry of campaign.timeline) {
    const kind = GOPHISH_TIMELINE_MESSAGES[entry.message];
    if (!kind) {
      ignored.add(entry.message);
      continue;
    }
    const email = addressOf(entry.email).toLowerCase();
    byEmail.set(email, [
      ...(byEmail.get(email) ?? []),
      { kind, at: entry.time ?? fallbackAt, details: entry.details },
    ]);
  }
  if (ignored.size > 0) {
    const messages = [...ignored].join(', ');
    const said = `${where.text}: timeline entries GoPhish keeps for itself (${messages})`;
    note(report, 'dropped', 'timeline_ignored', where, said, { messages });
  }
  const recipients: ImportedRecipient[] = [];
  const seen = new Set<string>();
  for (const result of campaign.results) {
    if (seen.has(result.email)) {
      const said = `${where.text}: ${result.email} twice in the results: imported once`;
      note(report, 'dropped', 'result_twice', where, said, { email: result.email });
      continue;
    }
    seen.add(result.email);
    const { outcome, steps, timeline } = outcomeOf(result, byEmail.get(result.email) ?? [], fallbackAt);
    recipients.push({
      email: result.email,
      person_id: null,
      first_name: result.first_name.trim().slice(0, 100) || null,
      last_name: result.last_name.trim().slice(0, 100) || null,
      department: result.position.trim().slice(0, 200) || null,
      language_code: null,
      outcome,
      steps,
      timeline,
    });
  }
  for (const email of byEmail.keys()) {
    if (seen.has(email)) continue;
    const said = `${where.text}: the timeline names ${email || 'nobody'}, who is not among the results: left out`;
    if (email) note(report, 'attention', 'timeline_unknown', where, said, { email });
    else note(report, 'attention', 'timeline_nobody', where, said);
  }
  return recipients;
}

export function importedCampaignOf(
  campaign: GophishCampaign,
  report: GophishImportReport,
  now: string,
): ImportedCampaignPlan {
  const where = at('campaign', campaign.name);
  const times = campaign.timeline.flatMap((entry) => (entry.time ? [entry.time] : []));
  const launchedAt = campaign.launch_date ?? campaign.created_date ?? earliest(times) ?? now;
  const recipients = recipientsOf(campaign, where, report, launchedAt);
  const latest = [...times, launchedAt].sort().at(-1) ?? launchedAt;
  let endedAt = campaign.completed_date ?? latest;
  if (!campaign.completed_date) {
    endedAt = now > latest ? now : latest;
    const status = campaign.status || 'unknown';
    const said = `${where.text}: GoPhish had not completed it (status "${status}"): imported as finished now; anything GoPhish records later stays in GoPhish`;
    note(report, 'attention', 'campaign_unfinished', where, said, { status: campaign.status || '–' });
  }
  const file = convertGophish(
    { template: campaign.template ?? undefined, page: campaign.page ?? undefined },
    report,
    // GoPhish sent from the profile's address when the template named none.
    { name: campaign.name || undefined, fallbackFrom: campaign.smtp?.from_address.trim() || undefined },
  );
  if (campaign.smtp) {
    const said = `${where.text}: its sending profile (import it with --smtp)`;
    note(report, 'dropped', 'campaign_smtp_dropped', where, said);
  }
  const tracking = `${where.text}: GoPhish's links (rid), addresses, locations and browsers of the recipients`;
  note(report, 'dropped', 'campaign_tracking_dropped', where, tracking);
  const typed = `${where.text}: what recipients typed into the page (Hookwise keeps field names only)`;
  note(report, 'dropped', 'campaign_submissions_dropped', where, typed);
  const count = recipients.length;
  const said = `${where.text}: finished, ${count} recipients with their timeline; clicks kept as unverified (GoPhish could not tell people from mail scanners)`;
  note(report, 'mapped', 'campaign_mapped', where, said, { count });
  const counts = Object.fromEntries(IMPORTED_EVENT_KINDS.map((kind) => [kind, 0])) as Record<
    ImportedEventKind,
    number
  >;
  for (const recipient of recipients) for (const entry of recipient.timeline) counts[entry.kind] += 1;
  return {
    file,
    launched_at: launchedAt,
    ended_at: endedAt < launchedAt ? launchedAt : endedAt,
    recipients,
    counts,
    gophish: {
      template: campaign.template?.name.trim() || file.name,
      page: campaign.page?.name.trim() || file.name,
      smtp: campaign.smtp?.name.trim() ?? '',
      url: campaign.url,
    },
  };
}
