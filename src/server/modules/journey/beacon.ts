/**
 * The template document's image beacon (`GET /api/beacon/:rid?…`, its query in @shared/journey)
 * read into the same click details as POST /api/events.
 */
import type { BeaconQuery, EventBody } from '@shared/journey';

type ClickDetails = Extract<EventBody, { type: 'clicked' }>['details'];

export function beaconToClick(query: BeaconQuery): ClickDetails {
  const gesture = query.g === 'none' ? undefined : query.g;
  return {
    reason: gesture ? 'user_gesture' : 'render_beacon',
    elapsed_ms: query.el,
    page: 'template',
    ...(gesture ? { gesture } : {}),
    ...(query.v ? { via: query.v } : {}),
    evidence: {
      webdriver: query.wd === '1',
      visible_ms: query.vis,
      focused: query.foc === '1',
      trusted_gesture: gesture !== undefined,
      pointer_moved: query.mv === '1',
      ...(query.pt ? { pointer_type: query.pt } : {}),
      ...(query.mc !== undefined ? { moves: query.mc } : {}),
      ...(query.kc !== undefined ? { keys: query.kc } : {}),
      ...(query.ga !== undefined ? { gesture_after_ms: query.ga } : {}),
      ...(query.px !== undefined && query.py !== undefined ? { press_x: query.px, press_y: query.py } : {}),
    },
  };
}
