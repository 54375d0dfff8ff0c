/**
 * The recipient journey's API (one file per area: see admin-api.ts). POST /api/events: what the
 * recipient pages may record, shared by the server (validation) and the web app (types only).
 * Every details object is strict, so nothing beyond these keys — and in particular no value
 * typed into the phishing page — can ever be stored. Also the rid in a path, the template's
 * image beacon, and a questionnaire attempt as it is stored.
 */
import { z } from 'zod';
import { progressSchema, type Progress } from './campaign';
import { CLICK_VIAS, GESTURES, MAX_COUNTED, POINTER_TYPES } from './clicks';
import { EVENT_TYPES, MAX_FIELD_NAME_LENGTH, MAX_SUBMITTED_FIELDS } from './events';

const idPattern = /^[a-z0-9_-]{1,40}$/i;
const empty = z.strictObject({}).optional();

export const CLICK_REASONS = ['render_beacon', 'user_gesture'] as const;
export type ClickReason = (typeof CLICK_REASONS)[number];

const rid = z.string().min(1).max(64);

/** `/api/campaign/:rid`, `/api/template/:rid` */
export const ridParamsSchema = z.object({ rid: z.string().max(128) });

/** What the page saw of itself: only booleans and a duration, never anything typed. */
export const clickEvidenceSchema = z.strictObject({
  webdriver: z.boolean(),
  visible_ms: z.number().int().min(0).max(86_400_000),
  focused: z.boolean(),
  trusted_gesture: z.boolean(),
  pointer_moved: z.boolean(),
  /** The first trusted gesture's pointer: a mouse, or a finger or pen (a tap has no hover before it). */
  pointer_type: z.enum(POINTER_TYPES).optional(),
  /** Trusted pointer moves and key presses seen, counted up to MAX_COUNTED (never which keys). */
  moves: z.number().int().min(0).max(MAX_COUNTED).optional(),
  keys: z.number().int().min(0).max(MAX_COUNTED).optional(),
  /** Milliseconds the page was visible before the first trusted gesture. */
  gesture_after_ms: z.number().int().min(0).max(86_400_000).optional(),
  /** Where the first trusted press landed in the window, in whole CSS pixels. */
  press_x: z.number().int().min(0).max(100_000).optional(),
  press_y: z.number().int().min(0).max(100_000).optional(),
});
export type ClickEvidence = z.infer<typeof clickEvidenceSchema>;

export const eventBodySchema = z.discriminatedUnion('type', [
  z.strictObject({
    rid,
    type: z.literal('clicked'),
    details: z.strictObject({
      reason: z.enum(CLICK_REASONS),
      /** Milliseconds between the page starting to load and the beacon or gesture. */
      elapsed_ms: z.number().int().min(0).max(86_400_000),
      /** Which gesture, when the reason is user_gesture. */
      gesture: z.enum(GESTURES).optional(),
      /** Where the page ran: built-in sign-in or the operator's template. */
      page: z.enum(['builtin', 'template']).optional(),
      /** What the page saw of itself (optional: pages built before it was kept send none). */
      evidence: clickEvidenceSchema.optional(),
      /** How the recipient followed the link (the QR code's link says `via=qr`); link when absent. */
      via: z.enum(CLICK_VIAS).optional(),
    }),
  }),
  z.strictObject({
    rid,
    type: z.literal('submitted'),
    details: z.strictObject({
      fields: z.array(z.string().min(1).max(MAX_FIELD_NAME_LENGTH)).max(MAX_SUBMITTED_FIELDS),
    }),
  }),
  z.strictObject({ rid, type: z.literal('awareness_viewed'), details: empty }),
  z.strictObject({ rid, type: z.literal('pdf_viewed'), details: empty }),
  z.strictObject({ rid, type: z.literal('sei_viewed'), details: empty }),
  z.strictObject({
    rid,
    type: z.literal('questionnaire_completed'),
    details: z.strictObject({
      answers: z.record(z.string().regex(idPattern), z.array(z.string().regex(idPattern)).max(10)),
      /** A new attempt after a failed one; without it a repeat is a replay of the last attempt. */
      retake: z.boolean().optional(),
    }),
  }),
  z.strictObject({ rid, type: z.literal('completed'), details: empty }),
]);

export type EventBody = z.infer<typeof eventBodySchema>;
export type ClientEventType = EventBody['type'];

export const questionResultSchema = z.object({
  id: z.string(),
  correct: z.boolean(),
  selected: z.array(z.string()),
  correct_options: z.array(z.string()),
  explanation: z.string(),
});

export const questionnaireResultSchema = z.object({
  /** Percent of questions answered fully correctly, 0–100, rounded. */
  score: z.number(),
  correct_count: z.number(),
  total: z.number(),
  passed: z.boolean(),
  questions: z.array(questionResultSchema),
});
export type QuestionnaireResult = z.infer<typeof questionnaireResultSchema>;

export { progressSchema, type Progress };

export const eventResponseSchema = z.object({
  type: z.enum(EVENT_TYPES),
  /**
   * False when nothing new was recorded for the funnel: the step had already been recorded
   * (reload, retry), or a submit had every field empty (kept only as an attempt).
   */
  recorded: z.boolean(),
  progress: progressSchema,
  result: questionnaireResultSchema.optional(),
});
export type EventResponse = z.infer<typeof eventResponseSchema>;

/**
 * GET /api/beacon/:rid?g=&wd=&vis=&foc=&mv=&el=(&pt=&mc=&kc=&ga=&px=&py=&v=): the template document's image beacon, read into
 * the same click details as POST /api/events. Only enums, flags and durations; unknown keys are
 * ignored, so nothing free-text can be stored.
 */
const flag = z.enum(['0', '1']);
const ms = z.coerce.number().int().min(0).max(86_400_000);
export const beaconQuerySchema = z.object({
  g: z.enum(['none', 'pointer', 'key', 'touch']),
  wd: flag,
  vis: ms,
  foc: flag,
  mv: flag,
  el: ms,
  /** Optional, from pages that send them: pointer type, moves, keys, visible before the gesture, press point, via. */
  pt: z.enum(POINTER_TYPES).optional(),
  mc: z.coerce.number().int().min(0).max(MAX_COUNTED).optional(),
  kc: z.coerce.number().int().min(0).max(MAX_COUNTED).optional(),
  ga: ms.optional(),
  px: z.coerce.number().int().min(0).max(100_000).optional(),
  py: z.coerce.number().int().min(0).max(100_000).optional(),
  v: z.enum(CLICK_VIAS).optional(),
});
export type BeaconQuery = z.infer<typeof beaconQuerySchema>;

/**
 * A questionnaire attempt's details as stored (journey_attempts, or the questionnaire_completed
 * event recorded before attempts were kept): read back leniently, whatever else they hold.
 */
export const storedAnswersSchema = z.object({
  answers: z.record(z.string(), z.array(z.string())).optional(),
});
