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
