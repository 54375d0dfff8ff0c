/**
 * One recipient's activity as a single timeline, oldest first: the send, each visit with its
 * verdict and the reasons and evidence behind it, each step and each attempt, in plain words.
 * Only translation keys and values come out; a fact of an unknown shape is left out, never shown
 * raw (the operator reads this in any language, not the server's English or its key names).
 */
import type { RecipientActivity } from '@shared/dashboard';
import { reasonKinds } from '@shared/click-reasons';
import type { ResultsKey, ResultsT } from '@console/hooks/use-results-t';
import { REASON_KEYS } from '@console/lib/reason-keys';

/** A sentence: its key and values; `terms` are values that are keys themselves (a list joined). */
export interface Phrase {
  key: ResultsKey;
  values?: Record<string, string | number>;
  terms?: Record<string, ResultsKey[]>;
}

type Visit = RecipientActivity['visits'][number];
type Event = RecipientActivity['events'][number];
type Attempt = RecipientActivity['attempts'][number];

export type TimelineEntry = { at: string; title: Phrase; lines: Phrase[] } & (
  | { kind: 'sent' }
  | { kind: 'visit'; verdict: Visit['verdict'] }
  | { kind: 'event'; type: Event['type']; counted: boolean }
  | { kind: 'attempt' }
);

// At the same moment: the send first, then the visit, the step it led to, the attempt behind it.
const KIND_ORDER: Record<TimelineEntry['kind'], number> = { sent: 0, visit: 1, event: 2, attempt: 3 };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const numberOf = (value: unknown) =>
  typeof value === 'number' && Number.isFinite(value) ? value : undefined;

/** A length of time in the operator's language and units: "4 minutes", "3.2 seconds". */
export function formatElapsed(ms: number, locale: string): string {
  const seconds = Math.max(0, ms) / 1000;
  const [value, unit] =
    seconds < 90
      ? [seconds, 'second']
      : seconds < 5400
        ? [seconds / 60, 'minute']
        : seconds < 172_800
          ? [seconds / 3600, 'hour']
          : [seconds / 86_400, 'day'];
  return new Intl.NumberFormat(locale, {
    style: 'unit',
    unit,
    unitDisplay: 'long',
    maximumFractionDigits: value < 10 ? 1 : 0,
  }).format(value);
}

/** The text of a phrase: its terms translated (a list joined the language's way), then put in. */
export function phraseText(phrase: Phrase, t: ResultsT, locale: string): string {
  const list = new Intl.ListFormat(locale, { type: 'unit' });
  const terms = Object.fromEntries(
    Object.entries(phrase.terms ?? {}).map(([name, keys]) => [name, list.format(keys.map((k) => t(k)))]),
  );
  // React escapes the text; i18next escaping it too would show "&amp;" in a scanner's name.
  return t(phrase.key, { ...phrase.values, ...terms, interpolation: { escapeValue: false } });
}

const GESTURE_KEYS = {
  mouse: 'activity.gesture.mouse',
  touch: 'activity.gesture.touch',
  pen: 'activity.gesture.pen',
  key: 'activity.gesture.key',
  pointer: 'activity.gesture.pointer',
} as const satisfies Record<string, ResultsKey>;

function gestureKey(gesture: unknown, pointerType: unknown): ResultsKey | undefined {
  if (gesture === 'key') return GESTURE_KEYS.key;
  if (gesture === 'touch') return GESTURE_KEYS.touch;
  if (gesture !== 'pointer') return undefined;
  if (pointerType === 'mouse' || pointerType === 'touch' || pointerType === 'pen')
    return GESTURE_KEYS[pointerType];
  return GESTURE_KEYS.pointer;
}

/** What the stored facts (StoredFacts on the server) show, each fact a sentence or nothing. */
export function evidenceLines(facts: Record<string, unknown>, locale: string): Phrase[] {
  const evidence = isRecord(facts.evidence) ? facts.evidence : {};
  const lines: Phrase[] = [];
  const sinceSent = numberOf(facts.since_sent_ms);
  if (sinceSent !== undefined)
    lines.push({ key: 'activity.sinceSent', values: { duration: formatElapsed(sinceSent, locale) } });
  if (facts.method === 'HEAD') lines.push({ key: 'activity.head' });
  if (facts.prefetch === true) lines.push({ key: 'activity.prefetch' });
  const gesture = gestureKey(facts.gesture, evidence.pointer_type);
  if (gesture) lines.push({ key: gesture });
  const visible = numberOf(evidence.visible_ms);
  if (visible !== undefined && visible > 0)
    lines.push({ key: 'activity.visible', values: { duration: formatElapsed(visible, locale) } });
  if (evidence.webdriver === true) lines.push({ key: 'activity.webdriver' });
  return lines;
}

/** The scanner's name out of "network: Proofpoint (probable)", and whether the match is certain. */
function scannerLine(match: string): Phrase {
  const found = /^(?:network|agent): (.+?)(?: \((certain|probable)\))?$/.exec(match);
  const name = found?.[1] ?? match;
  return {
    key: found?.[2] === 'probable' ? 'activity.scannerProbable' : 'activity.scanner',
    values: { name },
  };
}

function visitEntry(visit: Visit, locale: string): TimelineEntry {
  const source: ResultsKey =
    visit.source === 'event' ? 'source.event' : visit.source === 'beacon' ? 'source.beacon' : 'source.page';
  const lines: Phrase[] = [];
  if (visit.via === 'qr') lines.push({ key: 'activity.qr' });
  lines.push({ key: 'activity.verdict', terms: { verdict: [`verdict.${visit.verdict}`] } });
  const why = reasonKinds(visit.reasons).map((kind) => REASON_KEYS[kind]);
  if (why.length > 0) lines.push({ key: 'activity.why', terms: { reasons: why } });
  if (visit.catalogue_match) lines.push(scannerLine(visit.catalogue_match));
  if (visit.fanout > 1) lines.push({ key: 'activity.fanout', values: { count: visit.fanout } });
  lines.push(...evidenceLines(visit.facts, locale));
  return { kind: 'visit', verdict: visit.verdict, at: visit.at, title: { key: source }, lines };
}

const percentOf = (score: number, locale: string) =>
  new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 0 }).format(score / 100);

/** Score (0..100) and pass of a questionnaire's stored details: { score, passed }. */
function scoreLines(details: Record<string, unknown>, locale: string): Phrase[] {
  const lines: Phrase[] = [];
  const score = numberOf(details.score);
  if (score !== undefined) lines.push({ key: 'activity.score', values: { score: percentOf(score, locale) } });
  if (typeof details.passed === 'boolean')
    lines.push({ key: details.passed ? 'activity.passed' : 'activity.notPassed' });
  return lines;
}

/** How many fields a submit filled (details.fields holds their names: only the count is shown). */
function fieldsLines(details: Record<string, unknown>): Phrase[] {
  if (!Array.isArray(details.fields)) return [];
  const count = details.fields.length;
  return [count === 0 ? { key: 'activity.nothingFilled' } : { key: 'activity.fields', values: { count } }];
}

function eventEntry(event: Event, locale: string): TimelineEntry {
  const base = { kind: 'event', type: event.type, counted: event.counted, at: event.at } as const;
  if (!event.counted && event.type === 'clicked')
    return { ...base, title: { key: 'activity.clickNotCounted' }, lines: [] };
  const lines: Phrase[] =
    event.type === 'submitted'
      ? fieldsLines(event.details)
      : event.type === 'questionnaire_completed'
        ? scoreLines(event.details, locale)
        : [];
  if (!event.counted) lines.unshift({ key: 'activity.notCounted' });
  return { ...base, title: { key: `stage.${event.type}` }, lines };
}

function attemptEntry(attempt: Attempt, locale: string): TimelineEntry | undefined {
  if (attempt.kind === 'submit')
    return {
      kind: 'attempt',
      at: attempt.at,
      title: { key: 'activity.submit' },
      lines: fieldsLines(attempt.details),
    };
  if (attempt.kind !== 'questionnaire') return undefined;
  const retake = attempt.details.retake === true;
  return {
    kind: 'attempt',
    at: attempt.at,
    title: { key: retake ? 'activity.retake' : 'activity.questionnaire' },
    lines: scoreLines(attempt.details, locale),
  };
}

const timeOf = (iso: string) => {
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? Number.POSITIVE_INFINITY : ms;
};

/** Everything that happened to the recipient, oldest first. */
export function recipientTimeline(activity: RecipientActivity, locale: string): TimelineEntry[] {
  const sentAt = activity.recipient.sent_at;
  const entries: TimelineEntry[] = [
    ...(sentAt
      ? [{ kind: 'sent' as const, at: sentAt, title: { key: 'activity.sent' as const }, lines: [] }]
      : []),
    ...activity.visits.map((v) => visitEntry(v, locale)),
    ...activity.events.map((e) => eventEntry(e, locale)),
    ...activity.attempts.flatMap((a) => attemptEntry(a, locale) ?? []),
  ];
  return entries
    .map((entry, index) => ({ entry, index, time: timeOf(entry.at) }))
    .sort(
      (a, b) =>
        (a.time < b.time ? -1 : a.time > b.time ? 1 : 0) ||
        KIND_ORDER[a.entry.kind] - KIND_ORDER[b.entry.kind] ||
        a.index - b.index,
    )
    .map(({ entry }) => entry);
}
