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

/** Status rank: a recipient's status only ever moves to a higher rank. */
export function eventRank(type: EventType): number {
  return EVENT_TYPES.indexOf(type) + 1;
}
