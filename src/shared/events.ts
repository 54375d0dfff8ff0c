/** Recipient event types, in the order a recipient's status moves forward. */
export const EVENT_TYPES = [
  'visited',
  'clicked',
  'submitted',
  'awareness_viewed',
  'pdf_viewed',
  'sei_viewed',
  'questionnaire_completed',
  'completed',
] as const;

export type EventType = (typeof EVENT_TYPES)[number];

/** A recipient's status: `created` until its first event, then the furthest step reached. */
export const RECIPIENT_STATUSES = ['created', ...EVENT_TYPES] as const;
export type RecipientStatus = (typeof RECIPIENT_STATUSES)[number];

/** The furthest of the steps reached, by rank; `created` when none. The one place this is decided. */
export function furthestStatus(reached: Iterable<EventType>): RecipientStatus {
  let furthest: RecipientStatus = 'created';
  for (const type of reached)
    if (furthest === 'created' || eventRank(type) > eventRank(furthest)) furthest = type;
  return furthest;
}

/** A step's bit in a recipient's `steps` (bit i for EVENT_TYPES[i]). */
export function stepBit(type: EventType): number {
  return 2 ** EVENT_TYPES.indexOf(type);
}

/** Status rank: a recipient's status only ever moves to a higher rank. */
export function eventRank(type: EventType): number {
  return EVENT_TYPES.indexOf(type) + 1;
}

/**
 * Field names only; bounded so a template cannot smuggle a typed value through a long "name".
 * Kept here, free of schema code, because the browser checks template messages against them.
 */
export const MAX_FIELD_NAME_LENGTH = 64;
export const MAX_SUBMITTED_FIELDS = 20;

/**
 * Repeatable journey actions, each try of which is kept (journey_attempts) beside the step's one
 * event: a submit of the phishing page (also an empty one), a questionnaire attempt (a retake).
 */
export const ATTEMPT_KINDS = ['submit', 'questionnaire'] as const;
export type AttemptKind = (typeof ATTEMPT_KINDS)[number];
