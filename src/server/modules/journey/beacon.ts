/**
 * The template document's image beacon: `GET /api/beacon/:rid?g=&wd=&vis=&foc=&mv=&el=`, read
 * into the same click details as POST /api/events. Only enums, flags and durations are read;
 * unknown keys are ignored, so nothing free-text can be stored.
 */
import { z } from 'zod';
import type { EventBody } from '@shared/journey';

const flag = z.enum(['0', '1']);
const ms = z.coerce.number().int().min(0).max(86_400_000);

export const beaconQuerySchema = z.object({
  g: z.enum(['none', 'pointer', 'key', 'touch']),
  wd: flag,
  vis: ms,
  foc: flag,
  mv: flag,
  el: ms,
});

type ClickDetails = Extract<EventBody, { type: 'clicked' }>['details'];

export function beaconToClick(query: z.infer<typeof beaconQuerySchema>): ClickDetails {
  const gesture = query.g === 'none' ? undefined : query.g;
  return {
    reason: gesture ? 'user_gesture' : 'render_beacon',
    elapsed_ms: query.el,
    page: 'template',
    ...(gesture ? { gesture } : {}),
    evidence: {
      webdriver: query.wd === '1',
      visible_ms: query.vis,
      focused: query.foc === '1',
      trusted_gesture: gesture !== undefined,
      pointer_moved: query.mv === '1',
    },
  };
}
