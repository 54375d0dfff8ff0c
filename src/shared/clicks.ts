/**
 * How a visit to a phishing link is judged (see docs/clicks.md): the verdicts,
 * where a visit's evidence came from, and what the running page reports about itself. Free of
 * schema code: the recipient's first load imports it (the evidence schema is in journey.ts).
 */

/** Best first: a recipient's verdict is the best of its visits' (fan-out can downgrade a visit). */
export const CLICK_VERDICTS = ['human', 'likely_human', 'automated', 'unverified'] as const;
export type ClickVerdict = (typeof CLICK_VERDICTS)[number];

/** The verdicts the funnel's `clicked` counts. */
export const COUNTED_VERDICTS: readonly ClickVerdict[] = ['human', 'likely_human'];

/** page: the /phish request itself; event: POST /api/events clicked; beacon: the template's image beacon. */
export const VISIT_SOURCES = ['page', 'event', 'beacon'] as const;
export type VisitSource = (typeof VISIT_SOURCES)[number];

/** How a recipient followed the link: the link itself, or the QR code the message carried. */
export const CLICK_VIAS = ['link', 'qr'] as const;
export type ClickVia = (typeof CLICK_VIAS)[number];
/** The query parameter a QR code's link adds to the recipient's link: `/phish?rid=…&via=qr`. */
export const VIA_PARAM = 'via';

export const GESTURES = ['pointer', 'key', 'touch'] as const;
export type Gesture = (typeof GESTURES)[number];

/** PointerEvent.pointerType of the first trusted press. */
export const POINTER_TYPES = ['mouse', 'touch', 'pen'] as const;
export type PointerType = (typeof POINTER_TYPES)[number];

/** Pointer moves and key presses are counted up to this many. */
export const MAX_COUNTED = 500;

/**
 * The running page sends its render beacon once it has been visible this long without a
 * gesture; the server's likely_human threshold (CLICK_LIKELY_HUMAN_VISIBLE_MS) cannot exceed it.
 */
export const BEACON_VISIBLE_MS = 5000;
